import { and, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../../core/guard';
import { helpArticles } from './helpCenter.schema';

/** Who reads the help center: a signed-in user (their partner, if any) or, null, a signed-out visitor. */
export type HelpReader = Pick<Principal, 'id' | 'partnerId'> | null;

/**
 * The published articles a reader may read (contract/helpCenter.ts HELP_AUDIENCES): visitors the public ones; a
 * partner's users the public ones, every partner's and those chosen for their partner; staff (no partner) all.
 * Every list, search, suggestion, page and answer of the readers' side goes through this one condition.
 */
export function readableBy(reader: HelpReader): SQL {
  const published = isNotNull(helpArticles.publishedVersion);
  if (!reader) return and(published, eq(helpArticles.audience, 'public'))!;
  if (!reader.partnerId) return published;
  return and(
    published,
    or(
      inArray(helpArticles.audience, ['public', 'partners']),
      and(eq(helpArticles.audience, 'chosenPartners'), sql`${reader.partnerId}::uuid = any(${helpArticles.partnerIds})`),
    ),
  )!;
}
