import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { answerPathQuestion, changedAnswerPaths, isAnswerable, pathQuestionKey, questionsByKey } from '../../../contract/answers';
import type { Answers, FormSection, PartnerFormReviewRoundDto, PartnerFormStatus, ReviewAnswerChange, ReviewDecision } from '../../../contract/forms';
import type { ReviewPartnerFormInput } from '../../../contract/schemas/partnerForms';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { formVersions, partnerFormReviews, partnerForms, users } from '../../db/schema';
import { writeAudit } from '../../core/audit';
import { ApiError, conflict, fieldError, forbidden } from '../../core/errors';
import { transactionThenPublish } from '../../core/events';
import type { Principal } from '../../core/guard';
import { assertIfMatch, type IfMatch } from '../../core/recordVersion';
import type { PartnerFormRow } from './assignment';
import { findVisiblePartnerForm, lockPartnerForm, versionOfPartnerForm } from './partnerFormAccess';
import { selectPartnerFormDto } from './partnerFormDtos';
import { holdsAnotherOpen, statusChanged } from './partnerFormStaff';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Whether the partner form is back with its partner for the flagged questions only (a returned round, OPEN). */
export const isReturned = (row: Pick<PartnerFormRow, 'status' | 'reviewState'>) => row.status === 'OPEN' && row.reviewState === 'returned';

/** Whether a question takes answers now: any while no round is returned, else only a flagged one. */
export const takesAnswer = (row: Pick<PartnerFormRow, 'status' | 'reviewState' | 'comments'>, questionKey: string) =>
  !isReturned(row) || Object.hasOwn(row.comments, questionKey);

/**
 * In a returned round only the flagged questions change: any other answer that would differ from the saved one is
 * refused (400 naming each question), so nothing is written. Sending an unchanged answer back is harmless.
 */
export function assertOnlyFlaggedChange(row: PartnerFormRow, after: Answers, sections: readonly FormSection[]) {
  if (!isReturned(row)) return;
  // A flagged row answer (`group[row].child`) changes alone; a flagged question (a whole group too) changes as a whole.
  const flagged = (path: string) => Object.hasOwn(row.comments, path) || Object.hasOwn(row.comments, pathQuestionKey(path));
  // Calculated answers are the server's, computed again after this check (a row's come without them).
  const questions = questionsByKey(sections);
  const calculated = (path: string) => answerPathQuestion(questions, path)?.type === 'calculated';
  const refused = changedAnswerPaths(row.answers, after).filter((path) => !flagged(path) && !calculated(path));
  if (refused.length)
    throw new ApiError(
      400,
      'partnerFormsApi.review.onlyFlagged',
      refused.map((key) => ({ field: key, message: 'partnerFormsApi.review.notFlagged' })),
    );
}

/**
 * A submit answering a returned round: the round records when and what the partner changed (old → new by question
 * key, against the answers as reviewed). The partner form's review state to write with the submit.
 */
export async function recordResubmission(tx: Db, row: PartnerFormRow, answers: Answers): Promise<Pick<PartnerFormRow, 'reviewState'>> {
  if (row.reviewRound === 0) return { reviewState: row.reviewState };
  const [round] = await tx
    .select({ id: partnerFormReviews.id, answers: partnerFormReviews.answers })
    .from(partnerFormReviews)
    .where(
      and(
        eq(partnerFormReviews.partnerFormId, row.id),
        eq(partnerFormReviews.round, row.reviewRound),
        eq(partnerFormReviews.outcome, 'returned'),
        isNull(partnerFormReviews.resubmittedAt),
      ),
    );
  if (round) {
    const keys = new Set([...Object.keys(round.answers), ...Object.keys(answers)]);
    const changes: Record<string, ReviewAnswerChange> = {};
    for (const key of keys) if (!same(round.answers[key], answers[key])) changes[key] = { before: round.answers[key] ?? null, after: answers[key] ?? null };
    await tx.update(partnerFormReviews).set({ resubmittedAt: new Date(), changes }).where(eq(partnerFormReviews.id, round.id));
  }
  return { reviewState: row.reviewState === 'returned' ? 'resubmitted' : row.reviewState };
}

/**
 * Staff's review of a SUBMITTED partner form (issue 24): accept it, or return it for changes with flagged questions,
 * each with a comment. Either way a new round keeps the decision per question, the note, the version and the
 * answers as they were. Needs the reopen permission (PartnerForm.AdminUpdate, at the route).
 */
export function createPartnerFormReview(ctx: Pick<AppContext, 'db' | 'events'>) {
  const { db } = ctx;

  async function review(principal: Principal, id: string, input: ReviewPartnerFormInput, ifMatch?: IfMatch) {
    if (principal.partnerId) throw forbidden();
    const row = await findVisiblePartnerForm(db, principal, id);
    if (row.status !== 'SUBMITTED') throw conflict('partnerFormsApi.review.notSubmitted');
    const flags = input.flags ?? {};
    const flagged = Object.keys(flags);
    const version = await versionOfPartnerForm(db, row);
    const questions = questionsByKey(version.sections);
    const unknown = flagged.filter((key) => !answerPathQuestion(questions, key));
    if (unknown.length)
      throw new ApiError(
        400,
        'api.validationFailed',
        unknown.map((key) => ({ field: `flags.${key}`, message: 'validation.unknownQuestion' })),
      );
    if (input.outcome === 'return' && !flagged.length) throw fieldError('flags', 'partnerFormsApi.review.noFlags');
    if (input.outcome === 'accept' && flagged.length) throw fieldError('flags', 'partnerFormsApi.review.acceptWithFlags');

    await transactionThenPublish(ctx, async (tx, publish) => {
      const current = await lockPartnerForm(tx, row.id);
      await assertIfMatch(ifMatch, current, () => selectPartnerFormDto(tx, current.id));
      if (current.status !== 'SUBMITTED') throw conflict('partnerFormsApi.review.notSubmitted');
      const returning = input.outcome === 'return';
      if (returning && (await holdsAnotherOpen(tx, current))) throw conflict('partnerFormsApi.alreadyOpen');
      const decisions: Record<string, ReviewDecision> = {};
      for (const [key, { question, rowsOf }] of questions)
        if (isAnswerable(question) && rowsOf === null)
          decisions[key] = Object.hasOwn(flags, key) ? { decision: 'flagged', comment: flags[key] } : { decision: 'accepted' };
      // A row's answer flagged alone: its own decision, beside its group's.
      for (const key of flagged) if (!Object.hasOwn(decisions, key)) decisions[key] = { decision: 'flagged', comment: flags[key] };
      const round = current.reviewRound + 1;
      const note = input.note ?? '';
      const [kept] = await tx
        .insert(partnerFormReviews)
        .values({
          partnerFormId: current.id,
          round,
          outcome: returning ? 'returned' : 'accepted',
          formId: current.formId,
          reviewerId: principal.id,
          decisions,
          note,
          answers: current.answers,
        })
        .returning();
      const [saved] = await tx
        .update(partnerForms)
        .set({
          reviewRound: round,
          note,
          ...(returning
            ? { status: 'OPEN' as const, reviewState: 'returned' as const, comments: flags, submittedAt: null, reopenedAt: new Date() }
            : { reviewState: 'accepted' as const, comments: {} }),
          updatedAt: new Date(),
        })
        .where(eq(partnerForms.id, current.id))
        .returning();
      await writeAudit(tx, { userId: principal.id, type: 'Create', table: 'partner_form_reviews', key: kept.id, after: kept });
      await writeAudit(tx, { userId: principal.id, type: 'Update', table: 'partner_forms', key: saved.id, before: current, after: saved });
      if (returning) statusChanged(publish, saved, 'SUBMITTED', 'reopened', principal.id, flagged.length);
      else statusChanged(publish, saved, current.status as PartnerFormStatus, 'accepted', principal.id);
    });
    return (await selectPartnerFormDto(db, row.id))!;
  }

  /** The rounds of a partner form, newest first, with who reviewed and what the partner changed (staff only). */
  async function rounds(principal: Principal, id: string): Promise<PartnerFormReviewRoundDto[]> {
    if (principal.partnerId) throw forbidden();
    const row = await findVisiblePartnerForm(db, principal, id);
    const found = await db
      .select({
        review: partnerFormReviews,
        reviewerName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
        formVersionNumber: formVersions.versionNumber,
      })
      .from(partnerFormReviews)
      .innerJoin(formVersions, eq(formVersions.id, partnerFormReviews.formId))
      .leftJoin(users, eq(users.id, partnerFormReviews.reviewerId))
      .where(eq(partnerFormReviews.partnerFormId, row.id))
      .orderBy(desc(partnerFormReviews.round));
    return found.map(({ review, reviewerName, formVersionNumber }) => ({
      round: review.round,
      outcome: review.outcome,
      formId: review.formId,
      formVersionNumber,
      reviewerName: reviewerName ?? null,
      note: review.note,
      decisions: review.decisions,
      answers: review.answers,
      createdAt: review.createdAt.toISOString(),
      resubmittedAt: review.resubmittedAt?.toISOString() ?? null,
      changes: review.changes ?? null,
    }));
  }

  return { review, rounds };
}
