import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { SCIM_TOKENS_PER_PARTNER_MAX, type CreatedScimTokenDto, type ScimTokenDto } from '../../../contract/scimTokens';
import type { ScimTokenInput } from '../../../contract/schemas/scimTokens';
import type { AppContext } from '../../context';
import { writeAudit } from '../../core/audit';
import { ApiError, notFound } from '../../core/errors';
import type { Principal } from '../../core/guard';
import { isUuid } from '../../core/search';
import { partners, users } from '../../db/schema';
import { hashOf, newOpaqueToken } from '../accounts/secrets';
import { scimTokens } from './scim.schema';

type ScimTokenRow = typeof scimTokens.$inferSelect;

const toDto = (row: ScimTokenRow, createdByName: string | null): ScimTokenDto => ({
  id: row.id,
  partnerId: row.partnerId,
  name: row.name,
  createdBy: row.createdBy,
  createdByName,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** What an audit row keeps of a token: never the token, never its hash. */
const audited = (row: ScimTokenRow) => ({ partnerId: row.partnerId, name: row.name, createdBy: row.createdBy, revokedAt: row.revokedAt });

const creatorName = sql<string | null>`(select ${users.firstName} || ' ' || ${users.lastName} from ${users} where ${users.id} = ${scimTokens.createdBy})`;

/**
 * SCIM tokens of a partner, for its admin (their own partner only: another's answers 404, as if it did not exist)
 * and for staff holding the permission (any live partner).
 */
export function createScimTokenService(ctx: AppContext) {
  const { db } = ctx;

  async function reachablePartner(principal: Principal, partnerId: string) {
    if (!isUuid(partnerId) || (principal.partnerId && principal.partnerId !== partnerId.toLowerCase())) throw notFound('scimTokens.partnerNotFound');
    const [partner] = await db
      .select({ id: partners.id })
      .from(partners)
      .where(and(eq(partners.id, partnerId.toLowerCase()), isNull(partners.deletedAt)));
    if (!partner) throw notFound('scimTokens.partnerNotFound');
    return partner.id;
  }

  async function list(principal: Principal, partnerId: string): Promise<ScimTokenDto[]> {
    const id = await reachablePartner(principal, partnerId);
    const rows = await db
      .select({ row: scimTokens, createdByName: creatorName })
      .from(scimTokens)
      .where(eq(scimTokens.partnerId, id))
      .orderBy(desc(scimTokens.createdAt));
    return rows.map(({ row, createdByName }) => toDto(row, createdByName));
  }

  async function create(principal: Principal, partnerId: string, input: ScimTokenInput): Promise<CreatedScimTokenDto> {
    const id = await reachablePartner(principal, partnerId);
    const token = newOpaqueToken();
    const row = await db.transaction(async (tx) => {
      // One creation at a time per partner, so two at once cannot both pass the cap.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`scim-tokens:${id}`}))`);
      const [live] = await tx
        .select({ n: count() })
        .from(scimTokens)
        .where(and(eq(scimTokens.partnerId, id), isNull(scimTokens.revokedAt)));
      if ((live?.n ?? 0) >= SCIM_TOKENS_PER_PARTNER_MAX) throw new ApiError(409, 'scimTokens.tooMany', undefined, { max: SCIM_TOKENS_PER_PARTNER_MAX });
      const [made] = await tx
        .insert(scimTokens)
        .values({ partnerId: id, name: input.name, tokenHash: hashOf(token), createdBy: principal.id })
        .returning();
      await writeAudit(tx, { userId: principal.id, type: 'Create', table: 'scim_tokens', key: made.id, after: audited(made) });
      return made;
    });
    return { ...toDto(row, principal.fullName), token };
  }

  /** Revokes a token: at once, for good; the row stays listed as revoked. Revoking a revoked token changes nothing. */
  async function revoke(principal: Principal, partnerId: string, tokenId: string): Promise<ScimTokenDto> {
    const id = await reachablePartner(principal, partnerId);
    if (!isUuid(tokenId)) throw notFound('scimTokens.notFound');
    const row = await db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(scimTokens)
        .where(and(eq(scimTokens.id, tokenId.toLowerCase()), eq(scimTokens.partnerId, id)))
        .for('update');
      if (!before) throw notFound('scimTokens.notFound');
      if (before.revokedAt) return before;
      const [after] = await tx.update(scimTokens).set({ revokedAt: new Date() }).where(eq(scimTokens.id, before.id)).returning();
      await writeAudit(tx, { userId: principal.id, type: 'Update', table: 'scim_tokens', key: before.id, before: audited(before), after: audited(after) });
      return after;
    });
    const [named] = await db.select({ name: creatorName }).from(scimTokens).where(eq(scimTokens.id, row.id));
    return toDto(row, named?.name ?? null);
  }

  return { list, create, revoke };
}
