import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PartnerFormDto, PartnerFormReview, PartnerFormStatus } from '../../../contract/forms';
import type { Db } from '../../db/client';
import { formVersions, partnerForms, partners } from '../../db/schema';
import { rowVersion } from '../../core/recordVersion';
import type { PartnerFormRow } from './assignment';

/** The definition's Ready version, beside the one a partner form holds: a newer one makes it `outdated`. */
const readyVersion = alias(formVersions, 'ready_version');

/** The columns a partner form DTO is made of: the row, its partner's name, its version's name and number, the Ready one's id. */
export const partnerFormDtoColumns = {
  row: partnerForms,
  partnerName: partners.name,
  formName: formVersions.name,
  formVersionNumber: formVersions.versionNumber,
  readyVersionId: readyVersion.id,
};

export function partnerFormDtoQuery(db: Db) {
  return db
    .select(partnerFormDtoColumns)
    .from(partnerForms)
    .innerJoin(partners, eq(partners.id, partnerForms.partnerId))
    .innerJoin(formVersions, eq(formVersions.id, partnerForms.formId))
    .leftJoin(readyVersion, and(eq(readyVersion.definitionId, partnerForms.definitionId), eq(readyVersion.status, 'Ready'), isNull(readyVersion.deletedAt)));
}

/** A partner form's version (its ETag): any change of its row changes it. */
export const partnerFormVersion = (row: PartnerFormRow) => rowVersion(row);

/** The review in force (issue 24): its round, state, note and, unless accepted, the flagged questions' comments. */
export function reviewOf(row: Pick<PartnerFormRow, 'reviewRound' | 'reviewState' | 'note' | 'comments'>): PartnerFormReview | null {
  if (!row.reviewState) return null;
  const flags = row.reviewState === 'accepted' ? {} : Object.fromEntries(Object.entries(row.comments).map(([key, comment]) => [key, { comment }]));
  return { round: row.reviewRound, state: row.reviewState, note: row.note, flags };
}

type PartnerFormDtoRow = { row: PartnerFormRow; partnerName: string; formName: string; formVersionNumber: number; readyVersionId: string | null };

export const toPartnerFormDto = ({ row, partnerName, formName, formVersionNumber, readyVersionId }: PartnerFormDtoRow): PartnerFormDto => ({
  id: row.id,
  partnerId: row.partnerId,
  partnerName,
  formId: row.formId,
  definitionId: row.definitionId,
  formName,
  formVersionNumber,
  status: row.status as PartnerFormStatus,
  note: row.note,
  totalFields: row.totalFields,
  requiredFields: row.requiredFields,
  filledCount: row.filledCount,
  outdated: readyVersionId !== null && readyVersionId !== row.formId,
  prefilledKeys: row.prefilledKeys,
  versionDecision: row.versionDecision === 'keep' ? 'keep' : null,
  review: reviewOf(row),
  submittedAt: row.submittedAt?.toISOString() ?? null,
  dueAt: row.dueAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  version: partnerFormVersion(row),
});

export async function selectPartnerFormDtos(db: Db, where: SQL): Promise<PartnerFormDto[]> {
  return (await partnerFormDtoQuery(db).where(where)).map(toPartnerFormDto);
}

export async function selectPartnerFormDto(db: Db, id: string): Promise<PartnerFormDto | null> {
  const [dto] = await selectPartnerFormDtos(db, eq(partnerForms.id, id));
  return dto ?? null;
}
