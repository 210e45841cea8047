import { and, asc, count, desc, eq, isNotNull, isNull, lte, notInArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PagedResult } from '../../../contract/envelope';
import type { AccessibleFileDto } from '../../../contract/files';
import type { AccessibleFileSearchInput } from '../../../contract/schemas/fileAccess';
import type { Db } from '../../db/client';
import { fileGrants, managedFiles } from '../../db/schema';
import { containsFolded, keywordOf, orderByOf, readPage } from '../../core/search';
import { grantInForce, grantNamesUser, type Grantee } from './grantMatching';

/** Downloads a grant has left (null: no limit), never below zero. */
export const downloadsLeftOf = (grant: { downloadLimit: number | null; downloadCount: number }) =>
  grant.downloadLimit === null ? null : Math.max(grant.downloadLimit - grant.downloadCount, 0);

/** When a grant stopped being in force: its revocation if that came first, else its `to`. */
const grantEnd = sql<Date>`least(coalesce(${fileGrants.revokedAt}, ${fileGrants.validTo}), ${fileGrants.validTo})`;

/** The grant an opening goes through, of those naming the user in force at `now`: downloadable before view-only, then the one lasting longest. */
const preferredGrant = [asc(fileGrants.viewOnly), desc(fileGrants.validTo), asc(fileGrants.id)];

// The inner "file_grants" is the subquery's own table (SQL's innermost scope), so this is uncorrelated.
const noGrantInForce = (db: Db, user: Grantee, now: Date) =>
  notInArray(
    fileGrants.fileId,
    db
      .select({ fileId: fileGrants.fileId })
      .from(fileGrants)
      .where(and(grantNamesUser(user), grantInForce(now))),
  );

/** Grants naming the user that have stopped being in force (revoked, past `to`, out of downloads); scheduled ones have not started. */
const grantEnded = (now: Date) =>
  or(
    isNotNull(fileGrants.revokedAt),
    lte(fileGrants.validTo, now),
    and(isNotNull(fileGrants.downloadLimit), sql`${fileGrants.downloadCount} >= ${fileGrants.downloadLimit}`),
  )!;

function chosenGrants(db: Db, user: Grantee, include: AccessibleFileSearchInput['include'], keyword: string, now: Date) {
  const ended = include === 'ended';
  const conditions: (SQL | undefined)[] = [
    isNull(managedFiles.deletedAt),
    grantNamesUser(user),
    containsFolded(managedFiles.searchText, keyword),
    ...(ended ? [grantEnded(now), lte(fileGrants.validFrom, now), noGrantInForce(db, user, now)] : [grantInForce(now)]),
  ];
  return db
    .selectDistinctOn([fileGrants.fileId], {
      fileId: fileGrants.fileId,
      fileName: managedFiles.fileName,
      contentType: managedFiles.contentType,
      size: managedFiles.size,
      grantId: sql<string>`${fileGrants.id}`.as('grant_id'),
      expiresAt: (ended ? grantEnd : sql<Date>`${fileGrants.validTo}`).as('expires_at'),
      viewOnly: fileGrants.viewOnly,
      downloadLimit: fileGrants.downloadLimit,
      downloadCount: fileGrants.downloadCount,
    })
    .from(fileGrants)
    .innerJoin(managedFiles, eq(managedFiles.id, fileGrants.fileId))
    .where(and(...conditions))
    .orderBy(fileGrants.fileId, ...(ended ? [desc(grantEnd), asc(fileGrants.id)] : preferredGrant))
    .as('chosen');
}

/** What the accessible files sort on: a file is its id (the row's key, as every search sorts by `id`). */
const sortableOf = (chosen: ReturnType<typeof chosenGrants>) =>
  ({ id: chosen.fileId, fileId: chosen.fileId, fileName: chosen.fileName, size: chosen.size, expiresAt: chosen.expiresAt }) as unknown as Record<
    string,
    AnyColumn
  >;

/**
 * The files whose grants name the user (grantNamesUser: the user, their partner, a role they hold now), one row
 * per file: `current` those with a grant in force at `now`; `ended` those with none in force now but one that
 * ended (expiresAt: when it ended), for asking again. Staff see only grants naming them, as anyone.
 */
export async function searchAccessibleFiles(db: Db, user: Grantee, search: AccessibleFileSearchInput, now: Date): Promise<PagedResult<AccessibleFileDto>> {
  const chosen = chosenGrants(db, user, search.include, keywordOf(search), now);
  // Before any query: an unknown sort field is a 400, never ignored.
  const order = orderByOf(search.orderBy, sortableOf(chosen), [asc(chosen.fileName)]);
  return readPage(
    search,
    db
      .select({ total: count() })
      .from(chosen)
      .then((rows) => rows[0].total),
    async ({ limit, offset }) => {
      const rows = await db
        .select()
        .from(chosen)
        .orderBy(...order, asc(chosen.fileId))
        .limit(limit)
        .offset(offset);
      return rows.map((row) => ({
        fileId: row.fileId,
        fileName: row.fileName,
        contentType: row.contentType,
        size: row.size,
        grantId: row.grantId,
        expiresAt: new Date(row.expiresAt).toISOString(),
        viewOnly: row.viewOnly,
        downloadsLeft: downloadsLeftOf(row),
      }));
    },
  );
}

/** The grant an opening of this (live) file would go through at `now`, or undefined when none names the user. */
export async function grantForOpening(db: Db, user: Grantee, fileId: string, now: Date) {
  const [row] = await db
    .select({ grant: fileGrants, file: managedFiles })
    .from(fileGrants)
    .innerJoin(managedFiles, eq(managedFiles.id, fileGrants.fileId))
    .where(and(eq(fileGrants.fileId, fileId), isNull(managedFiles.deletedAt), grantNamesUser(user), grantInForce(now)))
    .orderBy(...preferredGrant)
    .limit(1);
  return row;
}
