import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ManagedFileDto } from '../../../contract/files';
import type { Db } from '../../db/client';
import { fileGrants, managedFiles, users } from '../../db/schema';
import { rowVersion } from '../../core/recordVersion';
import { fullNameOf } from '../accounts/principal';
import { grantInForce } from './grantMatching';

export type ManagedFileRow = typeof managedFiles.$inferSelect;

/**
 * A file's version (its ETag): what a rename or a replacement changes. The counts (and the updatedAt a counted
 * opening may touch) are left out, so a partner's download never makes an admin's rename stale.
 */
export const managedFileVersion = (row: ManagedFileRow) =>
  rowVersion({
    id: row.id,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    storageKey: row.storageKey,
    sha256: row.sha256,
    replacedAt: row.replacedAt,
    deletedAt: row.deletedAt,
  });

/** Grants of the file in force at `now`, counted in the same query as the file. */
export const activeGrantCount = (now: Date) =>
  sql<number>`(select count(*)::int from ${fileGrants} where ${fileGrants.fileId} = ${managedFiles.id} and ${grantInForce(now)})`;

export function managedFileDtoQuery(db: Pick<Db, 'select'>, now = new Date()) {
  return db
    .select({ file: managedFiles, firstName: users.firstName, lastName: users.lastName, activeGrantCount: activeGrantCount(now) })
    .from(managedFiles)
    .innerJoin(users, eq(users.id, managedFiles.uploadedBy));
}

type ManagedFileDtoRow = { file: ManagedFileRow; firstName: string; lastName: string; activeGrantCount: number };

export const toManagedFileDto = ({ file, firstName, lastName, activeGrantCount }: ManagedFileDtoRow): ManagedFileDto => ({
  id: file.id,
  fileName: file.fileName,
  contentType: file.contentType,
  size: file.size,
  uploadedById: file.uploadedBy,
  uploadedByName: fullNameOf({ firstName, lastName }),
  downloadCount: file.downloadCount,
  visitCount: file.visitCount,
  activeGrantCount: Number(activeGrantCount),
  createdAt: file.createdAt.toISOString(),
  updatedAt: file.updatedAt.toISOString(),
  replacedAt: file.replacedAt?.toISOString() ?? null,
  version: managedFileVersion(file),
});

/** Live files matching `where` as DTOs, in the order given. */
export async function selectManagedFileDtos(db: Pick<Db, 'select'>, where: SQL | undefined): Promise<ManagedFileDto[]> {
  return (await managedFileDtoQuery(db).where(and(sql`${managedFiles.deletedAt} is null`, where))).map(toManagedFileDto);
}

export async function selectManagedFileDto(db: Pick<Db, 'select'>, id: string): Promise<ManagedFileDto | null> {
  const [dto] = await selectManagedFileDtos(db, eq(managedFiles.id, id));
  return dto ?? null;
}
