import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { foldForSearch } from '../../../contract/fold';
import type { ManagedFileDto } from '../../../contract/files';
import type { ManagedFileInput } from '../../../contract/schemas/files';
import type { ManagedFileSearchInput } from '../../../contract/schemas/fileManager';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { fileAccessLog, fileGrants, managedFiles, users } from '../../db/schema';
import { writeAudit } from '../../core/audit';
import { ApiError, fieldError, notFound } from '../../core/errors';
import { transactionThenPublish } from '../../core/events';
import type { Principal } from '../../core/guard';
import { ifMatchAccepts, type IfMatch } from '../../core/recordVersion';
import {
  containsFolded,
  countOf,
  idsFilter,
  keysetBatches,
  keysetOrder,
  keywordWhere,
  orderByOf,
  readPage,
  rowIdOf,
  type SortColumns,
} from '../../core/search';
import type { StoredUpload } from '../../files/uploadForm';
import { fullNameOf } from '../accounts/principal';
import { publishGrantChange, type Publish } from './grantWrites';
import { activeGrantCount, managedFileDtoQuery, managedFileVersion, selectManagedFileDto, toManagedFileDto, type ManagedFileRow } from './managedFileDtos';
import { managedFileStore } from './managedFileUploads';

const NOT_FOUND = 'filesApi.fileNotFound';
const CLIENT_MAX = 300;

const sortable = {
  fileName: managedFiles.fileName,
  contentType: managedFiles.contentType,
  size: managedFiles.size,
  downloadCount: managedFiles.downloadCount,
  visitCount: managedFiles.visitCount,
  createdAt: managedFiles.createdAt,
  updatedAt: managedFiles.updatedAt,
  id: managedFiles.id,
};

/** What a page sorts by: every scalar field of ManagedFileDto (contract/apiResources.ts), over managedFileDtoQuery's join. */
const pageSortable = (now: Date): SortColumns => ({
  ...sortable,
  uploadedById: managedFiles.uploadedBy,
  uploadedByName: sql`${users.firstName} || ' ' || ${users.lastName}`,
  activeGrantCount: activeGrantCount(now),
  replacedAt: managedFiles.replacedAt,
});

/** One line of the file manager's CSV export. */
export interface ManagedFileCsvRow {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
  uploadedByName: string;
  downloadCount: number;
  visitCount: number;
  createdAt: Date;
  replacedAt: Date | null;
}

/** Who downloaded, from where: the request's address and client. */
export interface AccessOrigin {
  address: string;
  client: string;
  /** False for a later range of a download already logged. */
  logged: boolean;
}

const searchWhere = (input: ManagedFileSearchInput) =>
  and(
    isNull(managedFiles.deletedAt),
    keywordWhere(input, { fileName: (keyword) => containsFolded(managedFiles.searchText, keyword) }),
    idsFilter(managedFiles.id, input.ids),
  );

/** The file manager's rules: upload, list, rename, replace, download (staff), delete. Routes parse and answer; this decides and writes. */
export function createManagedFileService(ctx: AppContext) {
  const { db } = ctx;
  const store = managedFileStore(ctx.files);

  const dtoOf = async (id: string) => (await selectManagedFileDto(db, id))!;

  /** A live file's row, locked for the change in the caller's transaction (404 when missing or deleted). */
  async function lockLive(tx: Db, id: string): Promise<ManagedFileRow> {
    const [row] = await tx
      .select()
      .from(managedFiles)
      .where(and(eq(managedFiles.id, rowIdOf(id, NOT_FOUND)), isNull(managedFiles.deletedAt)))
      .for('update');
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  const versionAccepted = (ifMatch: IfMatch | undefined, row: ManagedFileRow) => ifMatchAccepts(ifMatch, managedFileVersion(row));
  /** 412 with the current file, read in the transaction that holds its lock (another connection would wait on it). */
  const staleError = async (tx: Db, id: string) => new ApiError(412, 'api.staleRecord', undefined, undefined, await selectManagedFileDto(tx, id));
  const fileChanged = (publish: Publish, id: string, action: 'created' | 'updated' | 'deleted') =>
    publish({ type: 'ResourceChanged', resource: 'files', id, action });

  async function search(input: ManagedFileSearchInput) {
    const where = searchWhere(input);
    const now = new Date();
    const order = orderByOf(input.orderBy, pageSortable(now), [desc(managedFiles.createdAt)]);
    return readPage(input, countOf(db, managedFiles, where), async ({ limit, offset }) =>
      (
        await managedFileDtoQuery(db, now)
          .where(where)
          .orderBy(...order, managedFiles.id)
          .limit(limit)
          .offset(offset)
      ).map(toManagedFileDto),
    );
  }

  async function get(id: string): Promise<ManagedFileDto> {
    const dto = await selectManagedFileDto(db, rowIdOf(id, NOT_FOUND));
    if (!dto) throw notFound(NOT_FOUND);
    return dto;
  }

  /** Stores the rows of files already streamed to the store, all or none. */
  async function create(principal: Principal, uploads: StoredUpload[]): Promise<ManagedFileDto[]> {
    if (!uploads.length) throw fieldError('files', 'filesApi.fileRequired');
    const ids = await transactionThenPublish(ctx, async (tx, publish) => {
      const rows = await tx
        .insert(managedFiles)
        .values(
          uploads.map((u) => ({
            fileName: u.fileName,
            contentType: u.contentType,
            size: u.size,
            storageKey: u.key,
            sha256: u.sha256,
            uploadedBy: principal.id,
            searchText: foldForSearch(u.fileName),
          })),
        )
        .returning();
      for (const row of rows) {
        await writeAudit(tx, { userId: principal.id, type: 'Create', table: 'managed_files', key: row.id, after: row });
        fileChanged(publish, row.id, 'created');
      }
      return rows.map((r) => r.id);
    });
    const dtos = new Map((await managedFileDtoQuery(db).where(inArray(managedFiles.id, ids))).map((r) => [r.file.id, toManagedFileDto(r)]));
    return ids.map((id) => dtos.get(id)!);
  }

  async function rename(principal: Principal, id: string, input: ManagedFileInput, ifMatch?: IfMatch) {
    await transactionThenPublish(ctx, async (tx, publish) => {
      const current = await lockLive(tx, id);
      if (!versionAccepted(ifMatch, current)) throw await staleError(tx, current.id);
      if (current.fileName === input.fileName) return;
      const [saved] = await tx
        .update(managedFiles)
        .set({ fileName: input.fileName, searchText: foldForSearch(input.fileName), updatedAt: new Date() })
        .where(eq(managedFiles.id, current.id))
        .returning();
      await writeAudit(tx, { userId: principal.id, type: 'Update', table: 'managed_files', key: current.id, before: current, after: saved });
      fileChanged(publish, current.id, 'updated');
    });
    return dtoOf(rowIdOf(id, NOT_FOUND));
  }

  /**
   * New bytes under the same id: grants, counts and the access log stay; the name stays too (rename apart).
   * The old bytes are removed once the change has committed; a refusal leaves them (and removes the new ones).
   */
  async function replace(principal: Principal, id: string, uploads: StoredUpload[], ifMatch?: IfMatch) {
    const [upload] = uploads;
    if (!upload) throw fieldError('file', 'filesApi.oneFileToReplace');
    const oldKey = await transactionThenPublish(ctx, async (tx, publish) => {
      const current = await lockLive(tx, id);
      if (!versionAccepted(ifMatch, current)) throw await staleError(tx, current.id);
      const [saved] = await tx
        .update(managedFiles)
        .set({
          contentType: upload.contentType,
          size: upload.size,
          storageKey: upload.key,
          sha256: upload.sha256,
          replacedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(managedFiles.id, current.id))
        .returning();
      await writeAudit(tx, { userId: principal.id, type: 'Update', table: 'managed_files', key: current.id, before: current, after: saved });
      fileChanged(publish, current.id, 'updated');
      return current.storageKey;
    });
    await removeBytes(oldKey);
    return dtoOf(rowIdOf(id, NOT_FOUND));
  }

  /** Soft delete: the row stays for the log; its grants are revoked (links die with them) and its bytes go after the commit. */
  async function remove(principal: Principal, id: string) {
    const key = await transactionThenPublish(ctx, async (tx, publish) => {
      const current = await lockLive(tx, id);
      const now = new Date();
      const [saved] = await tx.update(managedFiles).set({ deletedAt: now, updatedAt: now }).where(eq(managedFiles.id, current.id)).returning();
      await writeAudit(tx, { userId: principal.id, type: 'Update', table: 'managed_files', key: current.id, before: current, after: saved });
      const revoked = await tx
        .update(fileGrants)
        .set({ revokedAt: now, revokedBy: principal.id, updatedAt: now })
        .where(and(eq(fileGrants.fileId, current.id), isNull(fileGrants.revokedAt)))
        .returning();
      for (const grant of revoked) {
        await writeAudit(tx, {
          userId: principal.id,
          type: 'Update',
          table: 'file_grants',
          key: grant.id,
          before: { revokedAt: null },
          after: { revokedAt: now },
        });
        await publishGrantChange(tx, publish, grant, 'revoked', principal.id);
      }
      fileChanged(publish, current.id, 'deleted');
      return current.storageKey;
    });
    await removeBytes(key);
  }

  /** A staff download: logged (no grant), the counts untouched. */
  async function download(principal: Principal, id: string, origin: AccessOrigin) {
    const [row] = await db
      .select()
      .from(managedFiles)
      .where(and(eq(managedFiles.id, rowIdOf(id, NOT_FOUND)), isNull(managedFiles.deletedAt)));
    if (!row) throw notFound(NOT_FOUND);
    if (origin.logged)
      await db.insert(fileAccessLog).values({
        fileId: row.id,
        kind: 'download',
        userId: principal.id,
        partnerId: principal.partnerId,
        grantId: null,
        address: origin.address.slice(0, 64),
        client: origin.client.slice(0, CLIENT_MAX),
      });
    return { key: row.storageKey, fileName: row.fileName, contentType: row.contentType };
  }

  /** Every live file of a search, a batch at a time, for the CSV export. */
  async function exportRows(input: ManagedFileSearchInput) {
    const where = searchWhere(input);
    const key = keysetOrder(input.orderBy, sortable, 'createdAt desc', managedFiles.id);
    const batches = keysetBatches(
      key,
      ({ after, order, limit }) =>
        db
          .select({ ...sortable, replacedAt: managedFiles.replacedAt, firstName: users.firstName, lastName: users.lastName })
          .from(managedFiles)
          .innerJoin(users, eq(users.id, managedFiles.uploadedBy))
          .where(and(where, after))
          .orderBy(...order)
          .limit(limit),
      ({ firstName, lastName, updatedAt: _updated, ...row }): ManagedFileCsvRow => ({ ...row, uploadedByName: fullNameOf({ firstName, lastName }) }),
    );
    return { total: await countOf(db, managedFiles, where), batches };
  }

  /** Bytes no row names any more; a failure to remove them is logged, not the request's failure (the change has committed). */
  async function removeBytes(key: string) {
    try {
      await store.delete(key);
    } catch (error) {
      ctx.log.warn({ err: error, key }, 'managed file bytes not removed');
    }
  }

  return { store, search, get, create, rename, replace, remove, download, exportRows };
}

export type ManagedFileService = ReturnType<typeof createManagedFileService>;
