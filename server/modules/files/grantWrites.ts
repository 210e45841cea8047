import { and, count, eq, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FileGrantDto, GrantConditionType } from '../../../contract/files';
import type { FileGrantInput } from '../../../contract/schemas/files';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { fileGrants, managedFiles, partners, roles, users } from '../../db/schema';
import { writeAudit } from '../../core/audit';
import { ApiError, fieldError } from '../../core/errors';
import type { DomainEvent } from '../../core/events';
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

/** Whether the grant's target exists: a live partner, a role, or a user not deleted (active or not). */
async function targetExists(tx: Pick<Db, 'select'>, conditionType: GrantConditionType, targetId: string) {
  const [row] =
    conditionType === 'partner'
      ? await tx
          .select({ id: partners.id })
          .from(partners)
          .where(and(eq(partners.id, targetId), isNull(partners.deletedAt)))
      : conditionType === 'role'
        ? await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, targetId))
        : await tx
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.id, targetId), isNull(users.deletedAt)));
  return Boolean(row);
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

/** Queues the events of a grant's change: FileGrantChanged and the lists' ResourceChanged. */
export async function publishGrantChange(
  tx: Pick<Db, 'select'>,
  publish: Publish,
  row: GrantRow,
  change: 'granted' | 'updated' | 'extended' | 'revoked',
  actorId: string,
) {
  const partnerId = await partnerReachedBy(tx, row);
  publish({ type: 'FileGrantChanged', grantId: row.id, fileId: row.fileId, conditionType: row.conditionType, partnerId, change, actorId });
  publish({ type: 'ResourceChanged', resource: 'file-grants', id: row.id, action: change === 'granted' ? 'created' : 'updated', partnerId });
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
  // The file's row lock orders this grant after a deletion in flight: a file deleted meanwhile gets no grant.
  const [file] = await tx
    .select({ id: managedFiles.id })
    .from(managedFiles)
    .where(and(eq(managedFiles.id, input.fileId), isNull(managedFiles.deletedAt)))
    .for('update');
  if (!file) throw fieldError('fileId', 'filesApi.fileNotFound');
  const conditionType = input.conditionType as GrantConditionType;
  if (!(await targetExists(tx, conditionType, input.targetId))) throw fieldError('targetId', 'filesApi.unknownTarget');
  if (to <= from) throw fieldError('to', 'validation.toNotAfterFrom');
  assertGrantLength(ctx, from, to);
  const [row] = await tx
    .insert(fileGrants)
    .values({
      fileId: file.id,
      conditionType,
      partnerId: conditionType === 'partner' ? input.targetId : null,
      roleId: conditionType === 'role' ? input.targetId : null,
      userId: conditionType === 'user' ? input.targetId : null,
      validFrom: from,
      validTo: to,
      note: input.note ?? '',
      downloadLimit: input.downloadLimit ?? null,
      viewOnly: input.viewOnly ?? false,
      requestId: input.requestId ?? null,
      createdBy: actorId,
    })
    .returning();
  await writeAudit(tx, { userId: actorId, type: 'Create', table: 'file_grants', key: row.id, after: row });
  await publishGrantChange(tx, publish, row, 'granted', actorId);
  return (await selectGrantDto(tx, row.id))!;
}
