import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { prefillDefinitionIds, prefilledAnswers } from '../../../contract/answers';
import type { Answers } from '../../../contract/forms';
import type { Db } from '../../db/client';
import { partnerForms, partners } from '../../db/schema';
import { writeAudit } from '../../core/audit';
import type { DomainEvent } from '../../core/events';
import { readyVersionOf } from '../formDefinitions/formVersionQueries';
import { partnerFormColumns } from './partnerFormColumns';

export type PartnerFormRow = typeof partnerForms.$inferSelect;

export interface PartnerFormAssignment {
  partnerId: string;
  definitionId: string;
  /** The staff user who assigned it; null when an onboarding rule did. */
  assignedBy: string | null;
  note?: string;
  /** When the partner should submit it; none when null or absent. */
  dueAt?: Date | null;
}

/**
 * Assigns a definition's Ready version to a partner inside the caller's transaction (staff's assign, an
 * onboarding rule firing on submit or on partner creation). Null when the definition has no Ready version, the
 * partner is gone, or the partner already has this definition open or locked (the partial unique index decides,
 * so two assignments racing leave one row). Queues PartnerFormAssigned and ResourceChanged for after the commit.
 */
/** The answers of the partner's last accepted submission of each definition (a prefill's source). */
async function acceptedAnswersOf(tx: Db, partnerId: string, definitionIds: string[]): Promise<Map<string, Answers>> {
  if (!definitionIds.length) return new Map();
  const rows = await tx
    .selectDistinctOn([partnerForms.definitionId], { definitionId: partnerForms.definitionId, answers: partnerForms.answers })
    .from(partnerForms)
    .where(and(eq(partnerForms.partnerId, partnerId), inArray(partnerForms.definitionId, definitionIds), eq(partnerForms.reviewState, 'accepted')))
    .orderBy(partnerForms.definitionId, desc(partnerForms.submittedAt));
  return new Map(rows.map((row) => [row.definitionId, row.answers]));
}

export async function assignPartnerForm(tx: Db, publish: (event: DomainEvent) => void, assignment: PartnerFormAssignment): Promise<PartnerFormRow | null> {
  const { partnerId, definitionId, assignedBy, note = '', dueAt = null } = assignment;
  const version = await readyVersionOf(tx, definitionId);
  if (!version) return null;
  const [partner] = await tx
    .select({
      name: partners.name,
      email: partners.email,
      type: partners.type,
      address: partners.address,
      phone: partners.phone,
      contactPhone: partners.contactPhone,
      website: partners.website,
    })
    .from(partners)
    .where(and(eq(partners.id, partnerId), isNull(partners.deletedAt)));
  if (!partner) return null;
  const answers = prefilledAnswers(version.sections, partner, await acceptedAnswersOf(tx, partnerId, prefillDefinitionIds(version.sections)));
  const [row] = await tx
    .insert(partnerForms)
    .values({
      partnerId,
      definitionId,
      formId: version.id,
      note,
      assignedBy,
      dueAt,
      answers,
      prefilledKeys: Object.keys(answers),
      ...partnerFormColumns(version.sections, answers, { formName: version.name, partnerName: partner.name }),
    })
    .onConflictDoNothing({ target: [partnerForms.partnerId, partnerForms.definitionId], where: sql`${partnerForms.status} <> 'SUBMITTED'` })
    .returning();
  if (!row) return null;
  await writeAudit(tx, { userId: assignedBy, type: 'Create', table: 'partner_forms', key: row.id, after: row });
  publish({ type: 'PartnerFormAssigned', partnerFormId: row.id, partnerId, definitionId, actorId: assignedBy });
  publish({ type: 'ResourceChanged', resource: 'partner-forms', id: row.id, action: 'created', partnerId });
  return row;
}
