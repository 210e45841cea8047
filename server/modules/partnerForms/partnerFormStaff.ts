import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { answerPathQuestion, questionsByKey } from '../../../contract/answers';
import type { PartnerFormStatus } from '../../../contract/forms';
import { permission } from '../../../contract/permissions';
import type { AssignPartnerFormsResult } from '../../../contract/partnerForms';
import type { AssignPartnerFormsInput, ReopenPartnerFormInput } from '../../../contract/schemas/partnerForms';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { partnerForms, partners } from '../../db/schema';
import { writeAudit } from '../../core/audit';
import { ApiError, conflict, forbidden } from '../../core/errors';
import { transactionThenPublish, type DomainEvent } from '../../core/events';
import type { Principal } from '../../core/guard';
import { assertIfMatch, type IfMatch } from '../../core/recordVersion';
import { loadFormVersion } from '../formDefinitions/formVersionQueries';
import { assignPartnerForm, type PartnerFormRow } from './assignment';
import { findVisiblePartnerForm, lockPartnerForm, partnerFormChanged, versionOfPartnerForm } from './partnerFormAccess';
import { selectPartnerFormDto, selectPartnerFormDtos } from './partnerFormDtos';

const ADMIN_VIEW = permission('PartnerForm', 'AdminView');

type StatusChange = 'locked' | 'unlocked' | 'reopened';

/** Which statuses each staff change starts from, and the refusal otherwise (409). */
const CHANGES: Record<StatusChange, { from: PartnerFormStatus[]; to: PartnerFormStatus; refusal: string }> = {
  locked: { from: ['OPEN'], to: 'LOCKED', refusal: 'partnerFormsApi.notOpen' },
  unlocked: { from: ['LOCKED'], to: 'OPEN', refusal: 'partnerFormsApi.notLocked' },
  reopened: { from: ['SUBMITTED', 'LOCKED'], to: 'OPEN', refusal: 'partnerFormsApi.notReopenable' },
};

/** Whether the partner holds another partner form of the definition OPEN or LOCKED (one at a time: a partial unique index). */
export async function holdsAnotherOpen(tx: Db, row: Pick<PartnerFormRow, 'id' | 'partnerId' | 'definitionId'>) {
  const [other] = await tx
    .select({ id: partnerForms.id })
    .from(partnerForms)
    .where(
      and(
        eq(partnerForms.partnerId, row.partnerId),
        eq(partnerForms.definitionId, row.definitionId),
        ne(partnerForms.status, 'SUBMITTED'),
        ne(partnerForms.id, row.id),
      ),
    )
    .for('update');
  return !!other;
}

/** Queues what a staff status change tells: the partner form's lists refresh, the relay notifies (and mails a reopen). */
export function statusChanged(
  publish: (event: DomainEvent) => void,
  row: PartnerFormRow,
  previous: PartnerFormStatus,
  change: StatusChange | 'accepted',
  actorId: string,
  flagged?: number,
) {
  partnerFormChanged(publish, row);
  publish({
    type: 'PartnerFormStatusChanged',
    partnerFormId: row.id,
    partnerId: row.partnerId,
    status: row.status as PartnerFormStatus,
    previousStatus: previous,
    change,
    actorId,
    ...(flagged ? { flagged } : {}),
  });
}

/** Staff's side of partner forms: assign a Ready version to partners; lock, unlock, reopen with a note and comments. */
export function createPartnerFormStaff(ctx: Pick<AppContext, 'db' | 'events'>) {
  const { db } = ctx;

  /** Assigns a Ready version to each partner named; a partner holding it open (or locked) is skipped. */
  async function assign(principal: Principal, input: AssignPartnerFormsInput): Promise<AssignPartnerFormsResult> {
    if (principal.partnerId || !principal.permissions.has(ADMIN_VIEW)) throw forbidden();
    const version = await loadFormVersion(db, input.formId);
    if (!version) throw new ApiError(400, 'api.validationFailed', [{ field: 'formId', message: 'partnerFormsApi.formNotFound' }]);
    if (version.status !== 'Ready') throw conflict('partnerFormsApi.formNotReady');
    const partnerIds = [...new Set(input.partnerIds.map((id) => id.toLowerCase()))];
    const live = await db
      .select({ id: partners.id })
      .from(partners)
      .where(and(inArray(partners.id, partnerIds), isNull(partners.deletedAt)));
    const known = new Set(live.map((p) => p.id));
    const unknown = input.partnerIds.map((id, index) => ({ id, index })).filter(({ id }) => !known.has(id.toLowerCase()));
    if (unknown.length)
      throw new ApiError(
        400,
        'api.validationFailed',
        unknown.map(({ index }) => ({ field: `partnerIds[${index}]`, message: 'partnerFormsApi.unknownPartner' })),
      );
    const { assigned, skipped } = await transactionThenPublish(ctx, async (tx, publish) => {
      // Published meanwhile: the Ready version is another now, and the assignment would give that one.
      const current = await loadFormVersion(tx, version.id);
      if (current?.status !== 'Ready') throw conflict('partnerFormsApi.formNotReady');
      const made: string[] = [];
      const alreadyOpen: AssignPartnerFormsResult['skipped'] = [];
      for (const partnerId of partnerIds) {
        const row = await assignPartnerForm(tx, publish, {
          partnerId,
          definitionId: version.definitionId,
          assignedBy: principal.id,
          note: input.note,
          dueAt: input.dueAt ? new Date(input.dueAt) : null,
        });
        if (row) made.push(row.id);
        else alreadyOpen.push({ partnerId, reason: 'alreadyOpen' });
      }
      return { assigned: made, skipped: alreadyOpen };
    });
    return { assigned: assigned.length ? await selectPartnerFormDtos(db, inArray(partnerForms.id, assigned)) : [], skipped };
  }

  /** Lock (OPEN → LOCKED), unlock (LOCKED → OPEN) or reopen (SUBMITTED or LOCKED → OPEN, comments replaced). */
  async function changeStatus(principal: Principal, id: string, change: StatusChange, input: ReopenPartnerFormInput, ifMatch?: IfMatch) {
    const row = await findVisiblePartnerForm(db, principal, id);
    const rule = CHANGES[change];
    if (!rule.from.includes(row.status as PartnerFormStatus)) throw conflict(rule.refusal);
    if (input.comments) {
      const questions = questionsByKey((await versionOfPartnerForm(db, row)).sections);
      const unknown = Object.keys(input.comments).filter((key) => !questions.has(key) && !answerPathQuestion(questions, key));
      if (unknown.length)
        throw new ApiError(
          400,
          'api.validationFailed',
          unknown.map((key) => ({ field: `comments.${key}`, message: 'validation.unknownQuestion' })),
        );
    }
    await transactionThenPublish(ctx, async (tx, publish) => {
      const current = await lockPartnerForm(tx, row.id);
      await assertIfMatch(ifMatch, current, () => selectPartnerFormDto(tx, current.id));
      const previous = current.status as PartnerFormStatus;
      if (!rule.from.includes(previous)) throw conflict(rule.refusal);
      if (rule.to === 'OPEN' && previous === 'SUBMITTED' && (await holdsAnotherOpen(tx, current))) throw conflict('partnerFormsApi.alreadyOpen');
      const [saved] = await tx
        .update(partnerForms)
        .set({
          status: rule.to,
          // An unlock ends the lock and its reason: the note is the one given, or none.
          ...(change === 'unlocked' ? { note: input.note ?? '' } : input.note !== undefined ? { note: input.note } : {}),
          // A plain reopen ends any review round in force: every question takes answers again.
          ...(change === 'reopened' ? { comments: input.comments ?? {}, submittedAt: null, reopenedAt: new Date(), reviewState: null } : {}),
          updatedAt: new Date(),
        })
        .where(eq(partnerForms.id, current.id))
        .returning();
      await writeAudit(tx, { userId: principal.id, type: 'Update', table: 'partner_forms', key: saved.id, before: current, after: saved });
      statusChanged(publish, saved, previous, change, principal.id);
    });
    return (await selectPartnerFormDto(db, row.id))!;
  }

  return {
    assign,
    lock: (principal: Principal, id: string, note?: string, ifMatch?: IfMatch) => changeStatus(principal, id, 'locked', { note }, ifMatch),
    unlock: (principal: Principal, id: string, note?: string, ifMatch?: IfMatch) => changeStatus(principal, id, 'unlocked', { note }, ifMatch),
    reopen: (principal: Principal, id: string, input: ReopenPartnerFormInput, ifMatch?: IfMatch) => changeStatus(principal, id, 'reopened', input, ifMatch),
  };
}
