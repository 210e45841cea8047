import { and, eq } from 'drizzle-orm';
import { formAnswerErrors, formProgress, questionsByKey } from '../../../contract/answers';
import type { AnswerFile, Answers } from '../../../contract/forms';
import type { AppContext } from '../../context';
import { partnerFormFiles, partnerForms } from '../../db/schema';
import { writeAudit } from '../../core/audit';
import { ApiError, conflict, fieldError, forbidden, notFound } from '../../core/errors';
import { transactionThenPublish } from '../../core/events';
import type { Principal } from '../../core/guard';
import { rowIdOf } from '../../core/search';
import type { StoredUpload } from '../../files/uploadForm';
import type { PartnerFormRow } from './assignment';
import { findVisiblePartnerForm, lockPartnerForm, partnerFormChanged, partnerFormSectionDto, versionOfPartnerForm } from './partnerFormAccess';
import { assertAnswerShapes, mergeAnswers, resolveFileAnswers, toFieldError } from './partnerFormAnswers';
import { partnerFormColumns } from './partnerFormColumns';
import { partnerFormFileStore } from './partnerFormFiles';

const assertOpen = (row: Pick<PartnerFormRow, 'status'>) => {
  if (row.status !== 'OPEN') throw conflict('partnerFormsApi.notOpen');
};

/**
 * The partner's side of a partner form: read a section, Save Draft, Submit, upload and download answer files.
 * Only the partner's own users write (staff read across partners with AdminView but never fill in for a partner).
 */
export function createPartnerFormFilling(ctx: Pick<AppContext, 'db' | 'events' | 'files'>) {
  const { db } = ctx;
  const files = partnerFormFileStore(ctx.files);

  /** The partner form a partner user writes to: 404 outside its partner, 403 for staff. */
  async function writable(principal: Principal, id: string) {
    const row = await findVisiblePartnerForm(db, principal, id);
    if (!principal.partnerId) throw forbidden('partnerFormsApi.partnerOnly');
    return row;
  }

  async function section(principal: Principal, id: string, sectionKey: string) {
    const row = await findVisiblePartnerForm(db, principal, id);
    return partnerFormSectionDto(row, await versionOfPartnerForm(db, row), sectionKey);
  }

  /**
   * Writes answers merged by key under the row's lock, so two devices saving different answers keep both, and a
   * save racing a submit either lands before it or finds the form SUBMITTED (409). `check` may refuse (400) on
   * the merged answers: nothing is written then. A `sectionKey` the version lacks is a 404 (checked under the lock).
   */
  async function writeAnswers(
    principal: Principal,
    row: PartnerFormRow,
    given: Record<string, unknown>,
    { sectionKey, check }: { sectionKey?: string; check?: (merged: Answers, sections: FormSections) => void },
  ) {
    return transactionThenPublish(ctx, async (tx, publish) => {
      const current = await lockPartnerForm(tx, row.id);
      assertOpen(current);
      const version = await versionOfPartnerForm(tx, current);
      if (sectionKey !== undefined) partnerFormSectionDto(current, version, sectionKey);
      assertAnswerShapes(version.sections, given);
      const answers = mergeAnswers(current.answers, await resolveFileAnswers(tx, current.id, version.sections, given as Answers));
      check?.(answers, version.sections);
      const submitting = check !== undefined;
      const progress = formProgress(version.sections, answers);
      const [saved] = await tx
        .update(partnerForms)
        .set({
          answers,
          ...partnerFormColumns(version.sections, answers, undefined, progress),
          ...(submitting ? { status: 'SUBMITTED' as const, submittedAt: new Date(), reopenedAt: null } : {}),
          updatedAt: new Date(),
        })
        .where(eq(partnerForms.id, current.id))
        .returning();
      await writeAudit(tx, { userId: principal.id, type: 'Update', table: 'partner_forms', key: saved.id, before: current, after: saved });
      partnerFormChanged(publish, saved);
      if (submitting)
        publish({ type: 'PartnerFormSubmitted', partnerFormId: saved.id, partnerId: saved.partnerId, definitionId: saved.definitionId, actorId: principal.id });
      return { saved, version, progress };
    });
  }

  /** Save Draft: keeps any well-typed answer, invalid ones included; refuses unknown keys, wrong types, oversized (400). */
  async function saveDraft(principal: Principal, id: string, sectionKey: string, given: Record<string, unknown>) {
    const row = await writable(principal, id);
    assertOpen(row);
    const { saved, version, progress } = await writeAnswers(principal, row, given, { sectionKey });
    return partnerFormSectionDto(saved, version, sectionKey, progress);
  }

  /**
   * Submit: the given answers merged over the saved ones must pass `formAnswerErrors` (the browser's own check),
   * else 400 "Please fix all validation errors before submitting." naming each question, and nothing is saved.
   * PartnerFormSubmitted's in-transaction handlers (onboarding rules) run before the commit.
   */
  async function submit(principal: Principal, id: string, given: Record<string, unknown> = {}) {
    const row = await writable(principal, id);
    assertOpen(row);
    const { saved } = await writeAnswers(principal, row, given, {
      check: (answers, sections) => {
        const errors = formAnswerErrors(sections, answers);
        if (errors.length) throw new ApiError(400, 'partnerFormsApi.fixErrors', errors.map(toFieldError));
      },
    });
    return saved;
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
      const question = questionsByKey((await versionOfPartnerForm(tx, current)).sections).get(questionKey)?.question;
      if (question?.type !== 'file' && question?.type !== 'files') throw fieldError('questionKey', 'partnerFormsApi.notFileQuestion');
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
