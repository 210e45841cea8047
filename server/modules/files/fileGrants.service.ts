import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { FileGrantDto, GrantState } from '../../../contract/files';
import type { FileGrantSearchInput } from '../../../contract/schemas/fileManager';
import { INSTANT_MAX_MS, type FileGrantInput, type FileGrantTermsInput } from '../../../contract/schemas/files';
import type { AppContext } from '../../context';
import { fileGrants, managedFiles, partners, roles, users } from '../../db/schema';
import { auditValues } from '../../core/audit';
import { ApiError, conflict, notFound } from '../../core/errors';
import type { DomainEvent } from '../../core/events';
import type { Principal } from '../../core/guard';
import { preparedStatement } from '../../core/preparedStatement';
import { ifMatchAccepts, type IfMatch } from '../../core/recordVersion';
import { containsPattern, idsFilter, keywordWhere, orderByOf, readPage, rowIdOf, type KeywordMatchers, type SortColumns } from '../../core/search';
import { grantInForce } from './grantMatching';
import {
  announceGrantChange,
  assertGrantLength,
  countGrants,
  GRANT_DTO_OF_G,
  assertViewOnlyShowable,
  grantDtoQuery,
  grantDtoRowOf,
  grantTargetUser,
  grantVersion,
  insertGrant,
  reachedPartnerOfDto,
  selectGrantDto,
  toGrantDto,
  type GrantRow,
  type Publish,
} from './grantWrites';

const NOT_FOUND = 'filesApi.grantNotFound';
/** Changes that found the grant changed since they read it (a download counted) read it again, this many times. */
const WRITE_ATTEMPTS = 8;

/** A grant's terms and standing written over the row version read, with its audit row, answered as a DTO's row. */
const WRITE_GRANT = `with g as (
    update file_grants set valid_from = $3, valid_to = $4, note = $5, download_limit = $6, view_only = $7, expiry_notice_at = $8,
      revoked_at = $9, revoked_by = $10, updated_at = $11
    where id = $1 and xmin = $2::text::xid
    returning *
  ), a as (
    insert into audit_trails (user_id, type, table_name, primary_key, old_values, new_values, affected_columns)
    select $12::uuid, 'Update', 'file_grants', g.id::text, $13::jsonb, $14::jsonb, $15::jsonb from g
  )
  ${GRANT_DTO_OF_G}`;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Every scalar field of FileGrantDto but `state` (contract/apiResources.ts), over grantDtoQuery's joins. */
const sortable: SortColumns = {
  from: fileGrants.validFrom,
  to: fileGrants.validTo,
  createdAt: fileGrants.createdAt,
  updatedAt: fileGrants.updatedAt,
  fileId: fileGrants.fileId,
  fileName: managedFiles.fileName,
  conditionType: fileGrants.conditionType,
  targetId: sql`coalesce(${fileGrants.partnerId}, ${fileGrants.roleId}, ${fileGrants.userId})`,
  targetName: sql`coalesce(${partners.name}, ${roles.name}, ${grantTargetUser.firstName} || ' ' || ${grantTargetUser.lastName})`,
  // Only a user grant joins its user: a partner grant's own partner, else the user's.
  partnerId: sql`coalesce(${fileGrants.partnerId}, ${grantTargetUser.partnerId})`,
  note: fileGrants.note,
  downloadLimit: fileGrants.downloadLimit,
  downloadCount: fileGrants.downloadCount,
  viewOnly: fileGrants.viewOnly,
  revokedAt: fileGrants.revokedAt,
  requestId: fileGrants.requestId,
  createdById: fileGrants.createdBy,
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
const keywordMatchers: KeywordMatchers = {
  fileName: (keyword) => sql`${managedFiles.fileName} ilike ${containsPattern(keyword)}`,
  partnerName: (keyword) => sql`${partners.name} ilike ${containsPattern(keyword)}`,
  roleName: (keyword) => sql`${roles.name} ilike ${containsPattern(keyword)}`,
  userName: (keyword) => sql`${grantTargetUser.firstName} || ' ' || ${grantTargetUser.lastName} ilike ${containsPattern(keyword)}`,
};

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
      keywordWhere(input, keywordMatchers),
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

  const readGrant = preparedStatement(db, 'file_grant_read', `with g as (select xmin::text as "rowXmin", * from file_grants where id = $1) ${GRANT_DTO_OF_G}`);
  const writeGrant = preparedStatement(db, 'file_grant_write', WRITE_GRANT);

  /** Events queued by one statement's write, sent as transactionThenPublish sends them (no in-transaction handler hears these). */
  async function publishAll(queue: (publish: Publish) => void) {
    const published: Promise<void>[] = [];
    queue((event) => void published.push(ctx.events.publish(event)));
    await Promise.all(published);
  }

  /** A grant in one statement: file, target, grant, audit row and DTO (see insertGrant). */
  async function create(principal: Principal, input: FileGrantInput) {
    const queued: DomainEvent[] = [];
    const dto = await insertGrant(ctx, db, (event) => void queued.push(event), principal.id, input);
    await publishAll((publish) => queued.forEach(publish));
    return dto;
  }

  /** A grant with what its DTO shows and the row version read (xmin); 404 for none. */
  async function read(id: string) {
    const [raw] = await readGrant([rowIdOf(id, NOT_FOUND)]);
    if (!raw) throw notFound(NOT_FOUND);
    return { row: grantDtoRowOf(raw), xmin: raw.rowXmin as string };
  }

  /**
   * Changes a grant in two round trips: its read, then one statement writing over that very row version (a download
   * counted in between is read again), audited and answered as a DTO. `decide` answers the new columns (or throws);
   * null from it leaves the grant as it is (revoking a revoked grant).
   */
  async function change(
    principal: Principal,
    id: string,
    kind: 'updated' | 'extended' | 'revoked',
    decide: (current: GrantRow, dto: FileGrantDto) => Partial<GrantRow> | null,
  ): Promise<FileGrantDto> {
    for (let attempt = 1; ; attempt += 1) {
      const { row: current, xmin } = await read(id);
      const values = decide(current.grant, toGrantDto(current));
      if (!values) return toGrantDto(current);
      const after: GrantRow = { ...current.grant, ...values, updatedAt: new Date() };
      const audit = auditValues({ userId: principal.id, type: 'Update', table: 'file_grants', key: after.id, before: current.grant, after });
      const [raw] = await writeGrant([
        after.id,
        xmin,
        after.validFrom,
        after.validTo,
        after.note,
        after.downloadLimit,
        after.viewOnly,
        after.expiryNoticeAt,
        after.revokedAt,
        after.revokedBy,
        after.updatedAt,
        principal.id,
        JSON.stringify(audit.oldValues),
        JSON.stringify(audit.newValues),
        JSON.stringify(audit.affectedColumns),
      ]);
      if (raw) {
        const saved = grantDtoRowOf(raw);
        await publishAll((publish) => announceGrantChange(publish, saved.grant, reachedPartnerOfDto(saved), kind, principal.id));
        return toGrantDto(saved);
      }
      if (attempt === WRITE_ATTEMPTS) throw conflict();
    }
  }

  /** A change of a live grant's terms: a revoked one is a 409. */
  const liveChange = (principal: Principal, id: string, kind: 'updated' | 'extended', decide: (current: GrantRow, dto: FileGrantDto) => Partial<GrantRow>) =>
    change(principal, id, kind, (current, dto) => {
      if (current.revokedAt) throw conflict('filesApi.grantRevoked');
      return decide(current, dto);
    });

  /** New terms for a grant; its file and grantee stay. A moved end may be told again a day before. */
  async function updateTerms(principal: Principal, id: string, input: FileGrantTermsInput, ifMatch?: IfMatch) {
    await assertViewOnlyShowable(db, input.viewOnly, { grantId: id });
    return liveChange(principal, id, 'updated', (current, dto) => {
      if (!ifMatchAccepts(ifMatch, grantVersion(current))) throw new ApiError(412, 'api.staleRecord', undefined, undefined, dto);
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
    return liveChange(principal, id, 'extended', (current) => {
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
  function revoke(principal: Principal, id: string): Promise<FileGrantDto> {
    return change(principal, id, 'revoked', (current) => (current.revokedAt ? null : { revokedAt: new Date(), revokedBy: principal.id }));
  }

  return { search, get, create, updateTerms, extend, revoke };
}

export type FileGrantService = ReturnType<typeof createFileGrantService>;
