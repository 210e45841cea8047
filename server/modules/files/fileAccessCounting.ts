import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { AccessKind } from '../../../contract/files';
import type { Db } from '../../db/client';
import { fileAccessLog, fileGrants, fileLinks, managedFiles } from '../../db/schema';
import { ApiError } from '../../core/errors';
import type { DomainEvent } from '../../core/events';

/** Where an opening was made from: request.ip and the User-Agent. */
export interface AccessClient {
  address: string;
  client: string;
}

/** The facts of one opening that counting needs. */
export interface CountedOpening {
  linkId: string;
  fileId: string;
  grantId: string;
  userId: string;
  /** The user's partner now (null for staff), written into the log. */
  partnerId: string | null;
}

const CLIENT_MAX = 300;
const ADDRESS_MAX = 64;

/** The refusal of a download past the grant's limit, as the file page shows it. */
export const exhaustedRefusal = (field: string) => new ApiError(410, 'filesApi.linkPage.exhausted', [{ field, message: 'exhausted' }]);

async function logAccess(tx: Db, opening: CountedOpening, kind: AccessKind, from: AccessClient, at: Date) {
  await tx.insert(fileAccessLog).values({
    fileId: opening.fileId,
    kind,
    userId: opening.userId,
    partnerId: opening.partnerId,
    grantId: opening.grantId,
    linkId: opening.linkId,
    address: from.address.slice(0, ADDRESS_MAX),
    client: from.client.slice(0, CLIENT_MAX),
    at,
  });
}

/** Sets the opening's visited_at or downloaded_at while unset, in one conditional UPDATE: true for the one call that set it. */
async function claimOnce(tx: Db, linkId: string, column: 'visitedAt' | 'downloadedAt', at: Date) {
  const [claimed] = await tx
    .update(fileLinks)
    .set({ [column]: at })
    .where(and(eq(fileLinks.id, linkId), isNull(fileLinks[column])))
    .returning({ id: fileLinks.id });
  return Boolean(claimed);
}

const fileChanged = (publish: (event: DomainEvent) => void, fileId: string) =>
  publish({ type: 'ResourceChanged', resource: 'files', id: fileId, action: 'updated' });

/**
 * The opening's visit, counted once: the first caller sets visited_at (a conditional UPDATE, so two at once
 * count one), adds one to the file's visits and writes the log row. Answers whether this call counted it.
 */
export async function countVisit(tx: Db, publish: (event: DomainEvent) => void, opening: CountedOpening, from: AccessClient, at: Date) {
  if (!(await claimOnce(tx, opening.linkId, 'visitedAt', at))) return false;
  await tx
    .update(managedFiles)
    .set({ visitCount: sql`${managedFiles.visitCount} + 1` })
    .where(eq(managedFiles.id, opening.fileId));
  await logAccess(tx, opening, 'visit', from, at);
  fileChanged(publish, opening.fileId);
  return true;
}

/**
 * The opening's download, counted once: the first caller sets downloaded_at, then takes one of the grant's
 * downloads in one UPDATE that holds only while under the limit (concurrent openings cannot overshoot it); none
 * left throws 410 exhausted and the transaction undoes the claim. Later requests of the same opening (ranges,
 * a second click) are served without counting. Answers whether this call counted it.
 */
export async function countDownload(
  tx: Db,
  publish: (event: DomainEvent) => void,
  opening: CountedOpening,
  from: AccessClient,
  at: Date,
  refusalField: string,
) {
  if (!(await claimOnce(tx, opening.linkId, 'downloadedAt', at))) return false;
  const [taken] = await tx
    .update(fileGrants)
    .set({ downloadCount: sql`${fileGrants.downloadCount} + 1` })
    .where(and(eq(fileGrants.id, opening.grantId), or(isNull(fileGrants.downloadLimit), lt(fileGrants.downloadCount, fileGrants.downloadLimit))))
    .returning({ partnerId: fileGrants.partnerId });
  if (!taken) throw exhaustedRefusal(refusalField);
  await tx
    .update(managedFiles)
    .set({ downloadCount: sql`${managedFiles.downloadCount} + 1` })
    .where(eq(managedFiles.id, opening.fileId));
  await logAccess(tx, opening, 'download', from, at);
  fileChanged(publish, opening.fileId);
  // Downloads left moved: the grantee's list and the staff's grants refresh.
  publish({ type: 'ResourceChanged', resource: 'file-grants', id: opening.grantId, action: 'updated', partnerId: taken.partnerId ?? opening.partnerId });
  return true;
}
