import { eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FileRequestDto, FileRequestStatus } from '../../../contract/files';
import type { Db } from '../../db/client';
import { partners, users } from '../../db/schema';
import { rowVersion } from '../../core/recordVersion';
import { fullNameOf } from '../accounts/principal';
import { fileRequests, managedFiles } from './files.schema';

export type FileRequestRow = typeof fileRequests.$inferSelect;

/** The requester and the decider, joined under names of their own (both are users). */
export const requester = alias(users, 'requester');
export const decider = alias(users, 'decider');

/** The columns a request's DTO is made of: the request, its file's name, its partner's and its people's names. */
const dtoColumns = {
  request: fileRequests,
  fileName: managedFiles.fileName,
  partnerName: partners.name,
  requesterFirstName: requester.firstName,
  requesterLastName: requester.lastName,
  deciderFirstName: decider.firstName,
  deciderLastName: decider.lastName,
};

export function fileRequestDtoQuery(db: Db) {
  return db
    .select(dtoColumns)
    .from(fileRequests)
    .innerJoin(partners, eq(partners.id, fileRequests.partnerId))
    .innerJoin(requester, eq(requester.id, fileRequests.requestedBy))
    .leftJoin(managedFiles, eq(managedFiles.id, fileRequests.fileId))
    .leftJoin(decider, eq(decider.id, fileRequests.decidedBy));
}

type DtoRow = Awaited<ReturnType<ReturnType<typeof fileRequestDtoQuery>['where']>>[number];

/** A request's version: the stored row (a decision changes it). */
export const fileRequestVersion = (row: FileRequestRow) => rowVersion(row);

export function toFileRequestDto(row: DtoRow): FileRequestDto {
  const { request } = row;
  return {
    id: request.id,
    fileId: request.fileId,
    fileName: row.fileName,
    requestText: request.requestText,
    reason: request.reason,
    status: request.status as FileRequestStatus,
    partnerId: request.partnerId,
    partnerName: row.partnerName,
    requestedById: request.requestedBy,
    requestedByName: fullNameOf({ firstName: row.requesterFirstName, lastName: row.requesterLastName }),
    decidedById: request.decidedBy,
    decidedByName: row.deciderFirstName === null ? null : fullNameOf({ firstName: row.deciderFirstName, lastName: row.deciderLastName ?? '' }),
    decidedAt: request.decidedAt?.toISOString() ?? null,
    decisionNote: request.decisionNote,
    grantId: request.grantId,
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
    version: fileRequestVersion(request),
  };
}

export async function selectFileRequestDtos(db: Db, where: SQL): Promise<FileRequestDto[]> {
  return (await fileRequestDtoQuery(db).where(where)).map(toFileRequestDto);
}

export async function selectFileRequestDto(db: Db, id: string): Promise<FileRequestDto | null> {
  const [dto] = await selectFileRequestDtos(db, eq(fileRequests.id, id));
  return dto ?? null;
}
