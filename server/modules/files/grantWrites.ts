import { count, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isShownInPage, type FileGrantDto, type GrantConditionType } from '../../../contract/files';
import type { FileGrantInput } from '../../../contract/schemas/files';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { fileGrants, managedFiles, partners, roles, users } from '../../db/schema';
import { auditJsonOf } from '../../core/audit';
import { ApiError, fieldError } from '../../core/errors';
import type { DomainEvent } from '../../core/events';
import { rowOf } from '../../core/preparedStatement';
import { rowVersion } from '../../core/recordVersion';
import { fullNameOf } from '../accounts/principal';
import { grantStateAt } from './grantMatching';

export type GrantRow = typeof fileGrants.$inferSelect;
/** The `publish` of transactionThenPublish: events queued until the commit. */
export type Publish = (event: DomainEvent) => void;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A grant's version (its ETag): its terms and standing only. Downloads through it and the expiry notice move
 * other columns, and must not make an admin's edit stale.
 */
export const grantVersion = (row: GrantRow) => {
  const { downloadCount: _count, expiryNoticeAt: _notice, ...versioned } = row;
  return rowVersion(versioned);
};

/** The partner whose users a grant reaches: the partner of a partner grant, the user's partner of a user grant. */
export const reachedPartnerOf = (row: Pick<GrantRow, 'partnerId'>, userPartnerId: string | null) => row.partnerId ?? userPartnerId;

/** The user a user grant names (users is joined under this name, apart from any other join of users). */
export const grantTargetUser = alias(users, 'grant_target_user');

/** The columns a grant DTO is made of: the grant, its file's name, and the name of whoever it names. */
export const grantDtoColumns = {
  grant: fileGrants,
  fileName: managedFiles.fileName,
  partnerName: partners.name,
  roleName: roles.name,
  userFirstName: grantTargetUser.firstName,
  userLastName: grantTargetUser.lastName,
  userPartnerId: grantTargetUser.partnerId,
};

export function grantDtoQuery(db: Pick<Db, 'select'>) {
  return db
    .select(grantDtoColumns)
    .from(fileGrants)
    .innerJoin(managedFiles, eq(managedFiles.id, fileGrants.fileId))
    .leftJoin(partners, eq(partners.id, fileGrants.partnerId))
    .leftJoin(roles, eq(roles.id, fileGrants.roleId))
    .leftJoin(grantTargetUser, eq(grantTargetUser.id, fileGrants.userId));
}

/** How many grants match `where`, joined as grantDtoQuery joins them (a search filters on the joined names). */
export async function countGrants(db: Pick<Db, 'select'>, where: SQL | undefined) {
  const [row] = await db
    .select({ total: count() })
    .from(fileGrants)
    .innerJoin(managedFiles, eq(managedFiles.id, fileGrants.fileId))
    .leftJoin(partners, eq(partners.id, fileGrants.partnerId))
    .leftJoin(roles, eq(roles.id, fileGrants.roleId))
    .leftJoin(grantTargetUser, eq(grantTargetUser.id, fileGrants.userId))
    .where(where);
  return row.total;
}

export type GrantDtoRow = {
  grant: GrantRow;
  fileName: string;
  partnerName: string | null;
  roleName: string | null;
  userFirstName: string | null;
  userLastName: string | null;
  userPartnerId: string | null;
};

const targetNameOf = (row: GrantDtoRow) =>
  row.grant.conditionType === 'partner'
    ? (row.partnerName ?? '')
    : row.grant.conditionType === 'role'
      ? (row.roleName ?? '')
      : fullNameOf({ firstName: row.userFirstName ?? '', lastName: row.userLastName ?? '' });

/** A row of grantDtoQuery as the API shows it; `state` as it stands at `now`. */
export function toGrantDto(row: GrantDtoRow, now = new Date()): FileGrantDto {
  const { grant } = row;
  return {
    id: grant.id,
    fileId: grant.fileId,
    fileName: row.fileName,
    conditionType: grant.conditionType,
    targetId: (grant.partnerId ?? grant.roleId ?? grant.userId)!,
    targetName: targetNameOf(row),
    partnerId: reachedPartnerOf(grant, grant.conditionType === 'user' ? row.userPartnerId : null),
    from: grant.validFrom.toISOString(),
    to: grant.validTo.toISOString(),
    note: grant.note,
    downloadLimit: grant.downloadLimit,
    downloadCount: grant.downloadCount,
    viewOnly: grant.viewOnly,
    state: grantStateAt(grant, now),
    revokedAt: grant.revokedAt?.toISOString() ?? null,
    requestId: grant.requestId,
    createdById: grant.createdBy,
    createdAt: grant.createdAt.toISOString(),
    updatedAt: grant.updatedAt.toISOString(),
    version: grantVersion(grant),
  };
}

/** One grant as a DTO (null: no such grant). Works inside a transaction too. */
export async function selectGrantDto(db: Pick<Db, 'select'>, id: string, now = new Date()): Promise<FileGrantDto | null> {
  const [row] = await grantDtoQuery(db).where(eq(fileGrants.id, id));
  return row ? toGrantDto(row, now) : null;
}

/** Refuses a window longer than the configured maximum (400 on `to`). */
export function assertGrantLength(ctx: Pick<AppContext, 'config'>, from: Date, to: Date) {
  const days = ctx.config.files.grantMaxDays;
  if (to.getTime() - from.getTime() > days * DAY_MS) {
    const values = { days };
    throw new ApiError(400, 'filesApi.grantTooLong', [{ field: 'to', message: JSON.stringify({ key: 'filesApi.grantTooLong', values }) }], values);
  }
}

/** The partner a grant reaches, for events and hub audiences. */
async function partnerReachedBy(tx: Pick<Db, 'select'>, row: GrantRow) {
  if (row.conditionType !== 'user' || !row.userId) return row.partnerId;
  const [user] = await tx.select({ partnerId: users.partnerId }).from(users).where(eq(users.id, row.userId));
  return user?.partnerId ?? null;
}

/** Queues the events of a grant's change whose reached partner is known: FileGrantChanged and the lists' ResourceChanged. */
export function announceGrantChange(
  publish: Publish,
  row: GrantRow,
  partnerId: string | null,
  change: 'granted' | 'updated' | 'extended' | 'revoked',
  actorId: string,
) {
  publish({ type: 'FileGrantChanged', grantId: row.id, fileId: row.fileId, conditionType: row.conditionType, partnerId, change, actorId });
  publish({ type: 'ResourceChanged', resource: 'file-grants', id: row.id, action: change === 'granted' ? 'created' : 'updated', partnerId });
}

/** Queues the events of a grant's change: FileGrantChanged and the lists' ResourceChanged. */
export async function publishGrantChange(
  tx: Pick<Db, 'select'>,
  publish: Publish,
  row: GrantRow,
  change: 'granted' | 'updated' | 'extended' | 'revoked',
  actorId: string,
) {
  announceGrantChange(publish, row, await partnerReachedBy(tx, row), change, actorId);
}

/**
 * What a grant DTO shows beside the row, joined (as grantDtoQuery joins it) to the grant rows of a CTE named `g`:
 * for statements that write a grant and answer its DTO at once.
 */
export const GRANT_DTO_OF_G = `select g.*, m.file_name as "fileName", p.name as "partnerName", r.name as "roleName",
    u.first_name as "userFirstName", u.last_name as "userLastName", u.partner_id as "userPartnerId"
  from g join managed_files m on m.id = g.file_id left join partners p on p.id = g.partner_id
    left join roles r on r.id = g.role_id left join users u on u.id = g.user_id`;

/** A row of GRANT_DTO_OF_G as grantDtoQuery's. */
export const grantDtoRowOf = (raw: Record<string, unknown>): GrantDtoRow => ({
  grant: rowOf(fileGrants, raw),
  fileName: raw.fileName as string,
  partnerName: (raw.partnerName as string | null) ?? null,
  roleName: (raw.roleName as string | null) ?? null,
  userFirstName: (raw.userFirstName as string | null) ?? null,
  userLastName: (raw.userLastName as string | null) ?? null,
  userPartnerId: (raw.userPartnerId as string | null) ?? null,
});

/** The partner a grant reaches, from its DTO row (a user grant: its user's partner). */
export const reachedPartnerOfDto = (row: GrantDtoRow) => reachedPartnerOf(row.grant, row.grant.conditionType === 'user' ? row.userPartnerId : null);

const grantAudit = auditJsonOf(fileGrants, 'g');

/**
 * The grant, its audit row and its DTO in one statement: the file locked (a file deleted meanwhile gets no grant)
 * and live, the target existing for its condition type; nothing is inserted unless both hold and `valid` (the
 * window's own checks) is true. Answers whether the file and the target were found, and the DTO's row when written.
 */
function insertGrantStatement(values: Record<string, unknown>, targetId: string, valid: boolean, actorId: string) {
  const type = values.conditionType as GrantConditionType;
  const target =
    type === 'partner'
      ? sql`exists(select 1 from ${partners} where ${partners.id} = ${targetId} and ${partners.deletedAt} is null)`
      : type === 'role'
        ? sql`exists(select 1 from ${roles} where ${roles.id} = ${targetId})`
        : sql`exists(select 1 from ${users} where ${users.id} = ${targetId} and ${users.deletedAt} is null)`;
  return sql`with f as (
      select id from managed_files where id = ${values.fileId} and deleted_at is null for update
    ), t as (
      select ${target} as found
    ), g as (
      insert into file_grants (file_id, condition_type, partner_id, role_id, user_id, valid_from, valid_to, note, download_limit, view_only, request_id, created_by)
      select f.id, ${type}, ${values.partnerId}::uuid, ${values.roleId}::uuid, ${values.userId}::uuid, ${values.validFrom}::timestamptz,
        ${values.validTo}::timestamptz, ${values.note}, ${values.downloadLimit}::int, ${values.viewOnly}::boolean, ${values.requestId}::uuid, ${actorId}::uuid
      from f, t where t.found and ${valid}::boolean
      returning *
    ), a as (
      insert into audit_trails (user_id, type, table_name, primary_key, new_values, affected_columns)
      select ${actorId}::uuid, 'Create', 'file_grants', g.id::text, ${sql.raw(grantAudit.json)}, ${grantAudit.columns}::jsonb from g
    ), dto as (${sql.raw(GRANT_DTO_OF_G)})
    select exists(select 1 from f) as "fileFound", (select found from t) as "targetFound", dto.* from (values (1)) as one left join dto on true`;
}

/**
 * A view-only grant is only of a file the file page shows (a PDF, an image, a text file within the preview bound):
 * of any other it could never be used, neither shown nor downloaded (400 `viewOnly`). Read only for view-only grants.
 */
export async function assertViewOnlyShowable(db: Db, viewOnly: boolean | null | undefined, of: { fileId: string } | { grantId: string }) {
  if (!viewOnly) return;
  const columns = { contentType: managedFiles.contentType, size: managedFiles.size };
  const [file] =
    'fileId' in of
      ? await db.select(columns).from(managedFiles).where(eq(managedFiles.id, of.fileId))
      : await db.select(columns).from(fileGrants).innerJoin(managedFiles, eq(managedFiles.id, fileGrants.fileId)).where(eq(fileGrants.id, of.grantId));
  if (file && !isShownInPage(file.contentType, Number(file.size))) throw fieldError('viewOnly', 'filesApi.viewOnlyNotShown');
}

/**
 * Creates a grant inside the caller's transaction (POST /file-grants, and a request's approval): the file must be
 * live (400 `fileId`), the target must exist for its condition type (400 `targetId`), and the window may last at
 * most grantMaxDays (400 `to`). Writes the audit row and queues FileGrantChanged 'granted' + ResourceChanged.
 * `input` is already validated by fileGrantSchema (or approveFileRequestSchema).
 */
export async function insertGrant(
  ctx: Pick<AppContext, 'config'>,
  tx: Db,
  publish: Publish,
  actorId: string,
  input: FileGrantInput & { requestId?: string | null },
): Promise<FileGrantDto> {
  const from = new Date(input.from);
  const to = new Date(input.to);
  const conditionType = input.conditionType as GrantConditionType;
  // The window's own checks are answered after the file's and the target's, as they always were.
  let windowError: unknown = null;
  try {
    if (to <= from) throw fieldError('to', 'validation.toNotAfterFrom');
    assertGrantLength(ctx, from, to);
  } catch (error) {
    windowError = error;
  }
  const values = {
    fileId: input.fileId,
    conditionType,
    partnerId: conditionType === 'partner' ? input.targetId : null,
    roleId: conditionType === 'role' ? input.targetId : null,
    userId: conditionType === 'user' ? input.targetId : null,
    validFrom: from.toISOString(),
    validTo: to.toISOString(),
    note: input.note ?? '',
    downloadLimit: input.downloadLimit ?? null,
    viewOnly: input.viewOnly ?? false,
    requestId: input.requestId ?? null,
  };
  await assertViewOnlyShowable(tx, values.viewOnly, { fileId: values.fileId });
  const result = (await tx.execute(insertGrantStatement(values, input.targetId, windowError === null, actorId))) as unknown as {
    rows: Record<string, unknown>[];
  };
  const [raw] = result.rows;
  if (!raw.fileFound) throw fieldError('fileId', 'filesApi.fileNotFound');
  if (!raw.targetFound) throw fieldError('targetId', 'filesApi.unknownTarget');
  if (windowError) throw windowError;
  const row = grantDtoRowOf(raw);
  announceGrantChange(publish, row.grant, reachedPartnerOfDto(row), 'granted', actorId);
  return toGrantDto(row);
}
