import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { FileGrantDto, GrantState } from '../../../contract/files';
import type { FileGrantSearchInput } from '../../../contract/schemas/fileManager';
import { INSTANT_MAX_MS, type FileGrantInput, type FileGrantTermsInput } from '../../../contract/schemas/files';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { fileGrants, managedFiles, partners, roles, users } from '../../db/schema';
import { writeAudit } from '../../core/audit';
import { ApiError, conflict, notFound } from '../../core/errors';
import { transactionThenPublish } from '../../core/events';
import type { Principal } from '../../core/guard';
import { ifMatchAccepts, type IfMatch } from '../../core/recordVersion';
import { containsPattern, idsFilter, keywordOf, orderByOf, readPage, rowIdOf } from '../../core/search';
import { grantInForce } from './grantMatching';
import {
  assertGrantLength,
  countGrants,
  grantDtoQuery,
  grantTargetUser,
  grantVersion,
  insertGrant,
  publishGrantChange,
  selectGrantDto,
  toGrantDto,
  type GrantRow,
} from './grantWrites';

const NOT_FOUND = 'filesApi.grantNotFound';
const DAY_MS = 24 * 60 * 60 * 1000;

const sortable = {
  from: fileGrants.validFrom,
  to: fileGrants.validTo,
  createdAt: fileGrants.createdAt,
  fileName: managedFiles.fileName,
  id: fileGrants.id,
};

/** Grants standing in `state` at `now`, in the order grantStateAt decides (revoked, window, downloads). */
function stateWhere(state: GrantState, now: Date): SQL {
  const live = isNull(fileGrants.revokedAt);
  const outOfDownloads = sql`${fileGrants.downloadLimit} is not null and ${fileGrants.downloadCount} >= ${fileGrants.downloadLimit}`;
  switch (state) {
    case 'revoked':
      return isNotNull(fileGrants.revokedAt);
    case 'scheduled':
      return and(live, gt(fileGrants.validFrom, now))!;
    case 'expired':
      return and(live, lte(fileGrants.validTo, now))!;
    case 'exhausted':
      return and(live, lte(fileGrants.validFrom, now), gt(fileGrants.validTo, now), outOfDownloads)!;
    case 'active':
      return grantInForce(now);
  }
}

/** The grants reaching a partner: its partner grants and the user grants of its users. */
const reachesPartner = (partnerId: string) =>
  or(eq(fileGrants.partnerId, partnerId), inArray(fileGrants.userId, sql`(select ${users.id} from ${users} where ${users.partnerId} = ${partnerId})`))!;

/** The keyword in the file's name or the grantee's name (partner, role, or the user's full name). */
function keywordWhere(keyword: string): SQL | undefined {
  if (!keyword) return undefined;
  const pattern = containsPattern(keyword);
  return or(
    sql`${managedFiles.fileName} ilike ${pattern}`,
    sql`${partners.name} ilike ${pattern}`,
    sql`${roles.name} ilike ${pattern}`,
    sql`${grantTargetUser.firstName} || ' ' || ${grantTargetUser.lastName} ilike ${pattern}`,
  );
}

/** Access grants: list, read, grant, change terms, extend, revoke. Routes parse and answer; this decides and writes. */
export function createFileGrantService(ctx: AppContext) {
  const { db } = ctx;

  async function search(input: FileGrantSearchInput, now = new Date()) {
    const where = and(
      isNull(managedFiles.deletedAt),
      input.fileId ? eq(fileGrants.fileId, input.fileId) : undefined,
      input.partnerId ? reachesPartner(input.partnerId) : undefined,
      input.conditionType ? eq(fileGrants.conditionType, input.conditionType as GrantRow['conditionType']) : undefined,
      input.state ? stateWhere(input.state as GrantState, now) : undefined,
      keywordWhere(keywordOf(input)),
      idsFilter(fileGrants.id, input.ids),
    );
    return readPage(input, countGrants(db, where), async ({ limit, offset }) =>
      (
        await grantDtoQuery(db)
          .where(where)
          .orderBy(...orderByOf(input.orderBy, sortable, [desc(fileGrants.createdAt)]), fileGrants.id)
          .limit(limit)
          .offset(offset)
      ).map((row) => toGrantDto(row, now)),
    );
  }

  async function get(id: string): Promise<FileGrantDto> {
    const dto = await selectGrantDto(db, rowIdOf(id, NOT_FOUND));
    if (!dto) throw notFound(NOT_FOUND);
    return dto;
  }

  const create = (principal: Principal, input: FileGrantInput) =>
    transactionThenPublish(ctx, (tx, publish) => insertGrant(ctx, tx, publish, principal.id, input));

  async function lock(tx: Db, id: string): Promise<GrantRow> {
    const [row] = await tx
      .select()
      .from(fileGrants)
      .where(eq(fileGrants.id, rowIdOf(id, NOT_FOUND)))
      .for('update');
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  /** 412 with the current grant, read in the transaction that holds its lock. */
  const staleError = async (tx: Db, id: string) => new ApiError(412, 'api.staleRecord', undefined, undefined, await selectGrantDto(tx, id));

  /** Changes a live grant under its row lock: `change` answers the new columns (or throws), audited and announced. */
  async function change(
    principal: Principal,
    id: string,
    kind: 'updated' | 'extended',
    decide: (current: GrantRow, tx: Db) => Promise<Partial<GrantRow>> | Partial<GrantRow>,
  ): Promise<FileGrantDto> {
    const saved = await transactionThenPublish(ctx, async (tx, publish) => {
      const current = await lock(tx, id);
      if (current.revokedAt) throw conflict('filesApi.grantRevoked');
      const values = await decide(current, tx);
      const [row] = await tx
        .update(fileGrants)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(fileGrants.id, current.id))
        .returning();
      await writeAudit(tx, { userId: principal.id, type: 'Update', table: 'file_grants', key: row.id, before: current, after: row });
      await publishGrantChange(tx, publish, row, kind, principal.id);
      return row;
    });
    return (await selectGrantDto(db, saved.id))!;
  }

  /** New terms for a grant; its file and grantee stay. A moved end may be told again a day before. */
  function updateTerms(principal: Principal, id: string, input: FileGrantTermsInput, ifMatch?: IfMatch) {
    return change(principal, id, 'updated', async (current, tx) => {
      if (!ifMatchAccepts(ifMatch, grantVersion(current))) throw await staleError(tx, current.id);
      const from = new Date(input.from);
      const to = new Date(input.to);
      assertGrantLength(ctx, from, to);
      return {
        validFrom: from,
        validTo: to,
        note: input.note ?? '',
        downloadLimit: input.downloadLimit ?? null,
        viewOnly: input.viewOnly ?? false,
        ...(to.getTime() !== current.validTo.getTime() ? { expiryNoticeAt: null } : {}),
      };
    });
  }

  /**
   * One click more time: `to` moves by `days` from its end (or from now, for an ended grant), never past
   * from + grantMaxDays; a grant already there is a 409. Its end may be told again.
   */
  function extend(principal: Principal, id: string, days: number | null | undefined, now = new Date()) {
    return change(principal, id, 'extended', (current) => {
      const step = (days ?? ctx.config.files.extendDays) * DAY_MS;
      const base = Math.max(current.validTo.getTime(), now.getTime());
      const cap = current.validFrom.getTime() + ctx.config.files.grantMaxDays * DAY_MS;
      // Never past the last instant the contract accepts, which the database stores.
      const to = Math.min(base + step, cap, INSTANT_MAX_MS);
      if (to <= base) throw conflict('filesApi.extendAtMaximum');
      return { validTo: new Date(to), expiryNoticeAt: null };
    });
  }

  /** Revokes a grant; the row stays (state 'revoked', the log names it). Revoking it again changes nothing. */
  async function revoke(principal: Principal, id: string): Promise<FileGrantDto> {
    const revokedId = await transactionThenPublish(ctx, async (tx, publish) => {
      const current = await lock(tx, id);
      if (current.revokedAt) return current.id;
      const now = new Date();
      const [row] = await tx
        .update(fileGrants)
        .set({ revokedAt: now, revokedBy: principal.id, updatedAt: now })
        .where(eq(fileGrants.id, current.id))
        .returning();
      await writeAudit(tx, { userId: principal.id, type: 'Update', table: 'file_grants', key: row.id, before: current, after: row });
      await publishGrantChange(tx, publish, row, 'revoked', principal.id);
      return row.id;
    });
    return (await selectGrantDto(db, revokedId))!;
  }

  return { search, get, create, updateTerms, extend, revoke };
}

export type FileGrantService = ReturnType<typeof createFileGrantService>;
