import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { PagedResult } from '../../../contract/envelope';
import type { FileRequestDto } from '../../../contract/files';
import { foldForSearch } from '../../../contract/fold';
import { permission } from '../../../contract/permissions';
import type { FileRequestSearchInput } from '../../../contract/schemas/fileRequests';
import type { ApproveFileRequestInput, FileRequestInput, RejectFileRequestInput } from '../../../contract/schemas/files';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { partners } from '../../db/schema';
import { writeAudit } from '../../core/audit';
import { conflict, fieldError, forbidden, notFound } from '../../core/errors';
import { transactionThenPublish } from '../../core/events';
import type { Principal } from '../../core/guard';
import {
  containsFolded,
  containsFoldedIn,
  countOf,
  idsFilter,
  keywordWhere,
  orderByOf,
  readPage,
  rowIdOf,
  type KeywordMatchers,
  type SortColumns,
} from '../../core/search';
import { decider, fileRequestDtoQuery, requester, selectFileRequestDto, toFileRequestDto, type FileRequestRow } from './fileRequestDtos';
import { fileGrants, fileRequests, managedFiles } from './files.schema';
import { grantNamesUser } from './grantMatching';
import { insertGrant, type Publish } from './grantWrites';
import { ownPartnerRows } from '../../core/partnerIsolation';

const ADMIN_VIEW = permission('FileAccessRequest', 'AdminView');
const NOT_FOUND = 'filesApi.requestNotFound';

/** Partner isolation: a partner's users reach its requests; staff need FileAccessRequest.AdminView to reach any. */
export const fileRequestScope = ownPartnerRows(fileRequests.partnerId, ADMIN_VIEW);

/** Every scalar field of FileRequestDto (contract/apiResources.ts), over fileRequestDtoQuery's joins. */
const sortable: SortColumns = {
  id: fileRequests.id,
  fileId: fileRequests.fileId,
  fileName: managedFiles.fileName,
  requestText: fileRequests.requestText,
  reason: fileRequests.reason,
  status: fileRequests.status,
  partnerId: fileRequests.partnerId,
  partnerName: partners.name,
  requestedById: fileRequests.requestedBy,
  requestedByName: sql`${requester.firstName} || ' ' || ${requester.lastName}`,
  decidedById: fileRequests.decidedBy,
  decidedByName: sql`${decider.firstName} || ' ' || ${decider.lastName}`,
  decidedAt: fileRequests.decidedAt,
  decisionNote: fileRequests.decisionNote,
  grantId: fileRequests.grantId,
  createdAt: fileRequests.createdAt,
  updatedAt: fileRequests.updatedAt,
};

/** The fields a keyword may be limited to (`advancedSearch.fields`); read without joins, since the count has none. */
const keywordMatchers: KeywordMatchers = {
  requestText: (keyword) => containsFoldedIn(fileRequests.requestText, keyword),
  reason: (keyword) => containsFoldedIn(fileRequests.reason, keyword),
  fileName: (keyword) =>
    containsFoldedIn(sql`(select ${managedFiles.fileName} from ${managedFiles} where ${managedFiles.id} = ${fileRequests.fileId})`, keyword),
  partnerName: (keyword) => containsFoldedIn(sql`(select ${partners.name} from ${partners} where ${partners.id} = ${fileRequests.partnerId})`, keyword),
};

/** Lists showing the request refetch, for its partner's users and staff. */
const requestChanged = (publish: Publish, row: FileRequestRow, action: 'created' | 'updated') =>
  publish({ type: 'ResourceChanged', resource: 'file-requests', id: row.id, action, partnerId: row.partnerId });

/**
 * File requests (DESIGN.md "Files"): a partner's user asks for a file they have or had (or for something in
 * words); staff approve with a grant or reject with a reason; the requester hears either (fileRelay.ts).
 */
export function createFileRequestService(ctx: Pick<AppContext, 'config' | 'db' | 'events'>) {
  const { db } = ctx;

  async function findVisible(principal: Principal, id: string): Promise<FileRequestRow> {
    const [row] = await db
      .select()
      .from(fileRequests)
      .where(and(eq(fileRequests.id, rowIdOf(id, NOT_FOUND)), fileRequestScope(principal)));
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  const dtoOf = async (id: string) => (await selectFileRequestDto(db, id))!;

  async function search(principal: Principal, input: FileRequestSearchInput): Promise<PagedResult<FileRequestDto>> {
    const where = and(
      fileRequestScope(principal),
      keywordWhere(input, keywordMatchers, (keyword) => containsFolded(fileRequests.searchText, keyword)),
      input.status ? eq(fileRequests.status, input.status) : undefined,
      input.partnerId ? eq(fileRequests.partnerId, input.partnerId) : undefined,
      idsFilter(fileRequests.id, input.ids),
    );
    return readPage(input, countOf(db, fileRequests, where), async ({ limit, offset }) =>
      (
        await fileRequestDtoQuery(db)
          .where(where)
          .orderBy(...orderByOf(input.orderBy, sortable, [desc(fileRequests.createdAt)]), fileRequests.id)
          .limit(limit)
          .offset(offset)
      ).map(toFileRequestDto),
    );
  }

  /** The file a partner's user may ask for: live, and named by a grant of theirs at some time (else 404: no probing). */
  async function askableFile(principal: Principal, fileId: string) {
    const [file] = await db
      .select({ id: managedFiles.id, fileName: managedFiles.fileName })
      .from(managedFiles)
      .where(
        and(
          eq(managedFiles.id, fileId.toLowerCase()),
          isNull(managedFiles.deletedAt),
          sql`exists (select 1 from ${fileGrants} where ${fileGrants.fileId} = ${managedFiles.id} and ${grantNamesUser(principal)})`,
        ),
      );
    if (!file) throw notFound('filesApi.fileNotFound');
    return file;
  }

  async function create(principal: Principal, input: FileRequestInput): Promise<FileRequestDto> {
    const partnerId = principal.partnerId;
    if (!partnerId) throw forbidden('filesApi.partnerOnly');
    const file = input.fileId ? await askableFile(principal, input.fileId) : null;
    const id = await transactionThenPublish(ctx, async (tx, publish) => {
      const [partner] = await tx.select({ name: partners.name }).from(partners).where(eq(partners.id, partnerId));
      const [row] = await tx
        .insert(fileRequests)
        .values({
          fileId: file?.id ?? null,
          requestText: input.requestText ?? '',
          reason: input.reason,
          partnerId,
          requestedBy: principal.id,
          searchText: foldForSearch([input.requestText, input.reason, file?.fileName, partner?.name].filter(Boolean).join(' ')),
        })
        .returning();
      await writeAudit(tx, { userId: principal.id, type: 'Create', table: 'file_requests', key: row.id, after: row });
      publish({ type: 'FileRequestCreated', requestId: row.id, partnerId, actorId: principal.id });
      requestChanged(publish, row, 'created');
      return row.id;
    });
    return dtoOf(id);
  }

  /**
   * Decides a PENDING request under its row lock: of two admins deciding at once, the second finds it decided
   * (409). `decide` writes what the decision makes (the grant of an approval) and returns the row's new values.
   */
  async function decide(
    principal: Principal,
    id: string,
    status: 'APPROVED' | 'REJECTED',
    decide: (tx: Db, publish: Publish, current: FileRequestRow) => Promise<Partial<FileRequestRow>>,
  ): Promise<FileRequestDto> {
    const row = await findVisible(principal, id);
    if (row.status !== 'PENDING') throw conflict('filesApi.notPending');
    await transactionThenPublish(ctx, async (tx, publish) => {
      const [current] = await tx.select().from(fileRequests).where(eq(fileRequests.id, row.id)).for('update');
      if (current.status !== 'PENDING') throw conflict('filesApi.notPending');
      const values = await decide(tx, publish, current);
      const [saved] = await tx
        .update(fileRequests)
        .set({ ...values, status, decidedBy: principal.id, decidedAt: new Date(), updatedAt: new Date() })
        .where(eq(fileRequests.id, current.id))
        .returning();
      await writeAudit(tx, { userId: principal.id, type: 'Update', table: 'file_requests', key: saved.id, before: current, after: saved });
      publish({
        type: 'FileRequestDecided',
        requestId: saved.id,
        partnerId: saved.partnerId,
        requestedBy: saved.requestedBy,
        status,
        grantId: saved.grantId,
        actorId: principal.id,
      });
      requestChanged(publish, saved, 'updated');
    });
    return dtoOf(row.id);
  }

  /** Approves with a grant: to the request's partner, or to the requester alone; on the asked file or `fileId`. */
  const approve = (principal: Principal, id: string, input: ApproveFileRequestInput) =>
    decide(principal, id, 'APPROVED', async (tx, publish, current) => {
      const fileId = current.fileId ?? input.fileId;
      if (!fileId) throw fieldError('fileId', 'filesApi.approveNeedsFile');
      const grant = await insertGrant(ctx, tx, publish, principal.id, {
        fileId,
        conditionType: input.conditionType,
        targetId: input.conditionType === 'user' ? current.requestedBy : current.partnerId,
        from: input.from,
        to: input.to,
        note: input.note,
        downloadLimit: input.downloadLimit,
        viewOnly: input.viewOnly,
        requestId: current.id,
      });
      return { grantId: grant.id, decisionNote: input.note ?? '', ...(current.fileId ? {} : { fileId }) };
    });

  const reject = (principal: Principal, id: string, input: RejectFileRequestInput) =>
    decide(principal, id, 'REJECTED', async () => ({ decisionNote: input.reason }));

  return {
    search,
    get: async (principal: Principal, id: string) => dtoOf((await findVisible(principal, id)).id),
    create,
    approve,
    reject,
  };
}

export type FileRequestService = ReturnType<typeof createFileRequestService>;
