import { and, eq } from 'drizzle-orm';
import { formAnswerErrors, formProgress, questionsByKey, withCalculations, withoutCalculatedAnswers } from '../../../contract/answers';
import type { AnswerFile, Answers } from '../../../contract/forms';
import type { Db } from '../../db/client';
import type { AppContext } from '../../context';
import { partnerFormFiles, partnerForms } from '../../db/schema';
import { writeAudit } from '../../core/audit';
import { ApiError, conflict, fieldError, forbidden, notFound } from '../../core/errors';
import { transactionThenPublish } from '../../core/events';
import type { Principal } from '../../core/guard';
import { rowIdOf } from '../../core/search';
import type { StoredUpload } from '../../files/uploadForm';
import type { PartnerFormRow } from './assignment';
import { preparedStatement, rowOf, statementIn, type Statement } from '../../core/preparedStatement';
import {
  auditOfSave,
  createFormVersionCache,
  findVisiblePartnerForm,
  lockPartnerForm,
  NOT_FOUND,
  partnerFormChanged,
  partnerFormSectionDto,
  type FilledVersion,
} from './partnerFormAccess';
import { assertAnswerShapes, assertLockedPrefillsKept, mergeAnswers, resolveFileAnswers, toFieldError } from './partnerFormAnswers';
import { partnerFormColumns } from './partnerFormColumns';
import { partnerFormFileStore } from './partnerFormFiles';
import { assertOnlyFlaggedChange, recordResubmission, takesAnswer } from './partnerFormReview';
import { auditSignatures, stampSignatures, type Signer } from './partnerFormSignatures';

const assertOpen = (row: Pick<PartnerFormRow, 'status'>) => {
  if (row.status !== 'OPEN') throw conflict('partnerFormsApi.notOpen');
};

/** A partner's own partner form, with the row's xmin: the save below writes only if the row is still this one. */
const READ_OWN = 'select xmin::text as "rowXmin", * from partner_forms where id = $1 and partner_id = $2';

/**
 * A draft's answers and counts, written only over the row as it was read (same xmin), with the audit row in the
 * same statement; no audit row when nothing but the time changed. One statement: the row is locked for it alone.
 */
const SAVE_DRAFT = `with saved as (
    update partner_forms set answers = $3::jsonb, total_fields = $4, required_fields = $5, filled_count = $6, updated_at = $7
    where id = $1 and xmin = $2::text::xid
    returning *
  ), audit as (
    insert into audit_trails (user_id, type, table_name, primary_key, old_values, new_values, affected_columns)
    select $8::uuid, 'Update', 'partner_forms', saved.id::text, $9::jsonb, $10::jsonb, $11::jsonb from saved where $11::jsonb <> '[]'::jsonb
  )
  select * from saved`;

/**
 * Saves that found their row changed since they read it (another device, a submit) read it again, this many times
 * in all; the last holds the row's lock, so a save of an open form never fails for being contended.
 */
const SAVE_ATTEMPTS = 4;
/** A try of Save Draft that signs: it is made again under the row's lock, in a transaction with its audit entries. */
const SIGNING = Symbol('signing');

/**
 * The partner's side of a partner form: read a section, Save Draft, Submit, upload and download answer files.
 * Only the partner's own users write (staff read across partners with AdminView but never fill in for a partner).
 */
export function createPartnerFormFilling(ctx: Pick<AppContext, 'db' | 'events' | 'files'>) {
  const { db } = ctx;
  const files = partnerFormFileStore(ctx.files);
  const versionOf = createFormVersionCache(db);
  const readOwn = preparedStatement(db, 'partner_form_read_own', READ_OWN);
  const saveDraftRow = preparedStatement(db, 'partner_form_save_draft', SAVE_DRAFT);

  /** The partner form a partner user writes to: 404 outside its partner, 403 for staff. */
  async function writable(principal: Principal, id: string) {
    const row = await findVisiblePartnerForm(db, principal, id);
    if (!principal.partnerId) throw forbidden('partnerFormsApi.partnerOnly');
    return row;
  }

  async function section(principal: Principal, id: string, sectionKey: string) {
    const row = await findVisiblePartnerForm(db, principal, id);
    return partnerFormSectionDto(row, await versionOf(row), sectionKey);
  }

  /**
   * Writes the submission's answers merged by key under the row's lock (the onboarding rules' in-transaction
   * handlers run in the same transaction), so a save racing it either lands before it or finds the form SUBMITTED
   * (409). `check` may refuse (400) on the merged answers: nothing is written then.
   */
  async function writeSubmission(
    principal: Principal,
    row: PartnerFormRow,
    given: Record<string, unknown>,
    address: string,
    check: (merged: Answers, sections: FormSections) => void,
  ) {
    return transactionThenPublish(ctx, async (tx, publish) => {
      const current = await lockPartnerForm(tx, row.id);
      assertOpen(current);
      const version = await versionOf(current);
      assertAnswerShapes(version.sections, given);
      const typed = withoutCalculatedAnswers(version.sections, given) as Answers;
      const resolved = mergeAnswers(current.answers, await resolveFileAnswers(tx, current.id, version.sections, typed));
      const { answers: merged, signed } = stampSignatures(version.sections, version.versionNumber, current.answers, resolved, { principal, address });
      assertOnlyFlaggedChange(current, merged, version.sections);
      assertLockedPrefillsKept(version.sections, current, merged);
      const answers = withCalculations(version.sections, merged);
      check(answers, version.sections);
      const progress = formProgress(version.sections, answers);
      const review = await recordResubmission(tx, current, answers);
      const [saved] = await tx
        .update(partnerForms)
        .set({
          answers,
          ...partnerFormColumns(version.sections, answers, undefined, progress),
          status: 'SUBMITTED' as const,
          submittedAt: new Date(),
          reopenedAt: null,
          ...review,
          updatedAt: new Date(),
        })
        .where(eq(partnerForms.id, current.id))
        .returning();
      await writeAudit(tx, { userId: principal.id, type: 'Update', table: 'partner_forms', key: saved.id, ...auditOfSave(current, saved) });
      await auditSignatures(tx, saved, principal.id, signed);
      partnerFormChanged(publish, saved);
      publish({ type: 'PartnerFormSubmitted', partnerFormId: saved.id, partnerId: saved.partnerId, definitionId: saved.definitionId, actorId: principal.id });
      return saved;
    });
  }

  /**
   * Save Draft: keeps any well-typed answer, invalid ones included; refuses unknown keys, wrong types, oversized (400).
   * Two round trips: the partner's own row read (its partner in the WHERE: another partner's is a 404), then one
   * statement writing the merged answers over that very row version, audited. A row changed in between (another
   * device, a submit) is read and merged again, so two devices keep both answers and a save after a submit is a 409.
   */
  async function saveDraft(principal: Principal, id: string, sectionKey: string, given: Record<string, unknown>, address = '') {
    // Staff reach it through AdminView but never fill in (403), or not at all (404).
    if (!principal.partnerId) await writable(principal, id);
    const rowId = rowIdOf(id, NOT_FOUND);
    const signer: Signer = { principal, address };
    let saved: Awaited<ReturnType<typeof saveDraftOver>> = null;
    for (let attempt = 1; attempt < SAVE_ATTEMPTS && !saved; attempt += 1) {
      saved = await saveDraftOver(principal, rowId, sectionKey, given, signer, { read: readOwn, write: saveDraftRow, files: db, audit: null });
    }
    // Still contended (several people saving one form at once), or signing (its audit entry lands with the answers):
    // the last try holds the row's lock, so it lands.
    if (!saved || saved === SIGNING)
      saved = await db.transaction(async (tx) => {
        const locked = statementIn(tx, `${READ_OWN} for update`);
        return saveDraftOver(principal, rowId, sectionKey, given, signer, { read: locked, write: statementIn(tx, SAVE_DRAFT), files: tx, audit: tx });
      });
    if (!saved || saved === SIGNING) throw conflict();
    // No in-transaction handler hears ResourceChanged: it goes out once the row is written, local subscribers heard.
    const published: Promise<void>[] = [];
    partnerFormChanged((event) => void published.push(ctx.events.publish(event)), saved.row);
    await Promise.all(published);
    return partnerFormSectionDto(saved.row, saved.version, sectionKey, saved.progress);
  }

  /** One try of Save Draft: reads the row, merges, and writes over that very row version; null when it changed meanwhile. */
  async function saveDraftOver(
    principal: Principal,
    rowId: string,
    sectionKey: string,
    given: Record<string, unknown>,
    signer: Signer,
    using: { read: Statement; write: Statement; files: Db; audit: Db | null },
  ) {
    const [read] = await using.read([rowId, principal.partnerId]);
    if (!read) throw notFound(NOT_FOUND);
    const current = rowOf(partnerForms, read);
    assertOpen(current);
    const version = await versionOf(current);
    assertSection(version, sectionKey);
    assertAnswerShapes(version.sections, given);
    const typed = withoutCalculatedAnswers(version.sections, given) as Answers;
    const resolved = mergeAnswers(current.answers, await resolveFileAnswers(using.files, current.id, version.sections, typed));
    const { answers: merged, signed } = stampSignatures(version.sections, version.versionNumber, current.answers, resolved, signer);
    // A signature's audit entry is written in the transaction of its answer: the one-statement save cannot hold it.
    if (signed.length && !using.audit) return SIGNING;
    assertOnlyFlaggedChange(current, merged, version.sections);
    assertLockedPrefillsKept(version.sections, current, merged);
    const answers = withCalculations(version.sections, merged);
    const progress = formProgress(version.sections, answers);
    const counts = partnerFormColumns(version.sections, answers, undefined, progress);
    const audit = auditOfSave(current, { answers, ...counts });
    const [written] = await using.write([
      current.id,
      read.rowXmin,
      JSON.stringify(answers),
      counts.totalFields,
      counts.requiredFields,
      counts.filledCount,
      new Date(),
      principal.id,
      JSON.stringify(audit.before),
      JSON.stringify(audit.after),
      JSON.stringify(Object.keys(audit.after)),
    ]);
    if (written && using.audit) await auditSignatures(using.audit, current, principal.id, signed);
    return written ? { row: rowOf(partnerForms, written), version, progress } : null;
  }

  /**
   * Submit: the given answers merged over the saved ones must pass `formAnswerErrors` (the browser's own check),
   * else 400 "Please fix all validation errors before submitting." naming each question, and nothing is saved.
   * PartnerFormSubmitted's in-transaction handlers (onboarding rules) run before the commit.
   */
  async function submit(principal: Principal, id: string, given: Record<string, unknown> = {}, address = '') {
    const row = await writable(principal, id);
    assertOpen(row);
    return writeSubmission(principal, row, given, address, (answers, sections) => {
      const errors = formAnswerErrors(sections, answers);
      if (errors.length) throw new ApiError(400, 'partnerFormsApi.fixErrors', errors.map(toFieldError));
    });
  }

  /** Checked before an upload is read, so a file for a closed form or a question without files costs no writes. */
  async function assertAcceptsFiles(principal: Principal, id: string) {
    const row = await writable(principal, id);
    assertOpen(row);
    return row;
  }

  async function upload(principal: Principal, id: string, questionKey: string, uploads: StoredUpload[]): Promise<AnswerFile> {
    const row = await assertAcceptsFiles(principal, id);
    const [file] = uploads;
    if (!file) throw fieldError('file', 'partnerFormsApi.fileRequired');
    return transactionThenPublish(ctx, async (tx, publish) => {
      const current = await lockPartnerForm(tx, row.id);
      assertOpen(current);
      const question = questionsByKey((await versionOf(current)).sections).get(questionKey)?.question;
      if (question?.type !== 'file' && question?.type !== 'files') throw fieldError('questionKey', 'partnerFormsApi.notFileQuestion');
      if (!takesAnswer(current, questionKey)) throw fieldError('questionKey', 'partnerFormsApi.review.notFlagged');
      const [stored] = await tx
        .insert(partnerFormFiles)
        .values({
          partnerFormId: current.id,
          questionKey,
          name: file.fileName,
          type: file.contentType,
          size: file.size,
          storageName: file.key,
          uploadedBy: principal.id,
        })
        .returning();
      await writeAudit(tx, { userId: principal.id, type: 'Create', table: 'partner_form_files', key: stored.id, after: stored });
      partnerFormChanged(publish, current);
      return { id: stored.id, name: stored.name, type: stored.type, size: stored.size };
    });
  }

  /** An answer file of a partner form within reach, as a download. */
  async function file(principal: Principal, id: string, fileId: string) {
    const row = await findVisiblePartnerForm(db, principal, id);
    const [stored] = await db
      .select()
      .from(partnerFormFiles)
      .where(and(eq(partnerFormFiles.id, rowIdOf(fileId, 'partnerFormsApi.fileNotFound')), eq(partnerFormFiles.partnerFormId, row.id)));
    if (!stored) throw notFound('partnerFormsApi.fileNotFound');
    return { key: stored.storageName, fileName: stored.name, contentType: stored.type };
  }

  return { files, section, saveDraft, submit, assertAcceptsFiles, upload, file };
}

type FormSections = Parameters<typeof formAnswerErrors>[0];

/** A section key the version lacks is a 404. */
function assertSection(version: FilledVersion, sectionKey: string) {
  if (!version.sections.some((section) => section.key === sectionKey)) throw notFound('partnerFormsApi.sectionNotFound');
}
