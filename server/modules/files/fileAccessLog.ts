import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PagedResult } from '../../../contract/envelope';
import type { FileAccessLogDto } from '../../../contract/files';
import type { FileAccessLogSearchInput } from '../../../contract/schemas/fileAccess';
import type { Db } from '../../db/client';
import { fileAccessLog, managedFiles, partners, users } from '../../db/schema';
import { containsFolded, keysetBatches, keysetOrder, keywordWhere, orderByOf, readPage, type SortColumns } from '../../core/search';
import { fullNameOf } from '../accounts/principal';

/** What an export sorts by (keyset paging). */
const sortable = { at: fileAccessLog.at, id: fileAccessLog.id };

/** What a page sorts by: every scalar field of FileAccessLogDto (contract/apiResources.ts), over logRows' joins. */
const pageSortable: SortColumns = {
  ...sortable,
  fileId: fileAccessLog.fileId,
  fileName: managedFiles.fileName,
  kind: fileAccessLog.kind,
  userId: fileAccessLog.userId,
  userName: sql`${users.firstName} || ' ' || ${users.lastName}`,
  partnerId: fileAccessLog.partnerId,
  partnerName: partners.name,
  grantId: fileAccessLog.grantId,
  address: fileAccessLog.address,
  client: fileAccessLog.client,
};

/** The log's ids are whole numbers: the `ids` filter keeps those (a malformed one matches nothing). */
function logIdsFilter(ids: string[] | undefined): SQL | undefined {
  if (ids === undefined) return undefined;
  const numbers = ids.filter((id) => /^\d{1,15}$/.test(id)).map(Number);
  return numbers.length ? inArray(fileAccessLog.id, numbers) : sql`false`;
}

/** Rows of one instant in the direction of the sort (newest first by default), so a page never interleaves them. */
const idTieBreak = (orderBy: string[] | undefined) => (!orderBy?.length || /\sdesc$/i.test(orderBy[0]) ? desc(fileAccessLog.id) : asc(fileAccessLog.id));

function searchWhere(input: FileAccessLogSearchInput) {
  return and(
    input.fileId ? eq(fileAccessLog.fileId, input.fileId) : undefined,
    input.partnerId ? eq(fileAccessLog.partnerId, input.partnerId) : undefined,
    input.userId ? eq(fileAccessLog.userId, input.userId) : undefined,
    input.kind ? eq(fileAccessLog.kind, input.kind) : undefined,
    keywordWhere(input, { fileName: (keyword) => containsFolded(managedFiles.searchText, keyword) }),
    logIdsFilter(input.ids),
  );
}

const logColumns = {
  id: fileAccessLog.id,
  fileId: fileAccessLog.fileId,
  fileName: managedFiles.fileName,
  kind: fileAccessLog.kind,
  userId: fileAccessLog.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  partnerId: fileAccessLog.partnerId,
  partnerName: partners.name,
  grantId: fileAccessLog.grantId,
  address: fileAccessLog.address,
  client: fileAccessLog.client,
  at: fileAccessLog.at,
};

const logRows = (db: Db) =>
  db
    .select(logColumns)
    .from(fileAccessLog)
    .innerJoin(managedFiles, eq(managedFiles.id, fileAccessLog.fileId))
    .innerJoin(users, eq(users.id, fileAccessLog.userId))
    .leftJoin(partners, eq(partners.id, fileAccessLog.partnerId));

/** How many log rows match (the keyword reads the file's name; every row has its file and user). */
const logCount = async (db: Db, where: SQL | undefined) =>
  (await db.select({ total: count() }).from(fileAccessLog).innerJoin(managedFiles, eq(managedFiles.id, fileAccessLog.fileId)).where(where))[0].total;

type LogRow = Awaited<ReturnType<ReturnType<typeof logRows>['execute']>>[number];

const toDto = ({ firstName, lastName, id, at, ...row }: LogRow): FileAccessLogDto => ({
  ...row,
  id: String(id),
  userName: fullNameOf({ firstName, lastName }),
  at: at.toISOString(),
});

/** A page of the access log (staff), newest first unless asked otherwise. */
export async function searchFileAccessLog(db: Db, input: FileAccessLogSearchInput): Promise<PagedResult<FileAccessLogDto>> {
  const where = searchWhere(input);
  return readPage(input, logCount(db, where), async ({ limit, offset }) => {
    const rows = await logRows(db)
      .where(where)
      .orderBy(...orderByOf(input.orderBy, pageSortable, [desc(fileAccessLog.at)]), idTieBreak(input.orderBy))
      .limit(limit)
      .offset(offset);
    return rows.map(toDto);
  });
}

/** Every row of a log search in batches read by keyset (one batch in memory at a time), for the CSV export. */
export async function exportFileAccessLog(db: Db, input: FileAccessLogSearchInput) {
  const where = searchWhere(input);
  const key = keysetOrder(input.orderBy, sortable, 'at desc', fileAccessLog.id);
  const batches = keysetBatches(
    key,
    ({ after, order, limit }) =>
      logRows(db)
        .where(and(where, after))
        .orderBy(...order)
        .limit(limit),
    toDto,
  );
  return { total: await logCount(db, where), batches };
}
