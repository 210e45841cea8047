import { and, eq, inArray } from 'drizzle-orm';
import { answerShapeErrors, changedLockedAnswers, questionsByKey, type AnswerError } from '../../../contract/answers';
import type { AnswerFile, AnswerValue, Answers, FormSection } from '../../../contract/forms';
import type { FieldError } from '../../../contract/envelope';
import type { Db } from '../../db/client';
import { partnerFormFiles } from '../../db/schema';
import { ApiError } from '../../core/errors';
import { hasUnstorableCharacters } from '../../core/validation';

/** An answer error as an envelope's field error: i18n rule messages travel encoded, a rule's own error text as it is. */
export const toFieldError = ({ field, message }: AnswerError): FieldError => ({
  field,
  message: typeof message === 'string' ? message : JSON.stringify(message),
});

const stringsOf = (value: AnswerValue): string[] => {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap((item) => (typeof item === 'string' ? [item] : [item.id, item.name, item.type]));
  if (value && typeof value === 'object') {
    if ('amount' in value) return [value.currency, value.amount];
    return 'kind' in value ? [value.name] : [value.id, value.name, value.type];
  }
  return [];
};

/**
 * What Save Draft and Submit refuse before anything is written: answers to questions the version lacks, of the
 * wrong type or oversized (the contract's `answerShapeErrors`), and text PostgreSQL cannot store. A 400 naming
 * each question.
 */
export function assertAnswerShapes(sections: readonly FormSection[], answers: Record<string, unknown>) {
  const errors = answerShapeErrors(sections, answers).map(toFieldError);
  if (!errors.length) {
    for (const [key, value] of Object.entries(answers)) {
      if (stringsOf(value as AnswerValue).some((text) => typeof text === 'string' && hasUnstorableCharacters(text)))
        errors.push({ field: key, message: 'validation.invalidCharacters' });
    }
  }
  if (errors.length) throw new ApiError(400, 'api.validationFailed', errors);
}

const filesOf = (value: AnswerValue): AnswerFile[] => (Array.isArray(value) ? (value as unknown[]) : value ? [value] : []) as AnswerFile[];

/**
 * File answers name files uploaded to this partner form for that question; each is replaced by the stored
 * file's own name, type and size (what the client claims of them is not kept). Another file is a 400.
 */
export async function resolveFileAnswers(db: Db, partnerFormId: string, sections: readonly FormSection[], answers: Answers): Promise<Answers> {
  const questions = questionsByKey(sections);
  const fileKeys = Object.keys(answers).filter((key) => ['file', 'files'].includes(questions.get(key)?.question.type ?? '') && answers[key] !== null);
  if (!fileKeys.length) return answers;
  const ids = [...new Set(fileKeys.flatMap((key) => filesOf(answers[key]).map((file) => file.id.toLowerCase())))];
  const stored = ids.length
    ? await db
        .select()
        .from(partnerFormFiles)
        .where(
          and(
            eq(partnerFormFiles.partnerFormId, partnerFormId),
            inArray(
              partnerFormFiles.id,
              ids.filter((id) => /^[0-9a-f-]{36}$/.test(id)),
            ),
          ),
        )
    : [];
  const byId = new Map(stored.map((row) => [row.id, row]));
  const errors: FieldError[] = [];
  const resolved = new Map(Object.entries(answers));
  for (const key of fileKeys) {
    const files = filesOf(answers[key]).map((file) => {
      const row = byId.get(file.id.toLowerCase());
      return row && row.questionKey === key ? { id: row.id, name: row.name, type: row.type, size: row.size } : null;
    });
    if (files.some((file) => file === null)) errors.push({ field: key, message: 'partnerFormsApi.unknownFile' });
    else resolved.set(key, questions.get(key)!.question.type === 'file' ? files[0] : (files as AnswerFile[]));
  }
  if (errors.length) throw new ApiError(400, 'api.validationFailed', errors);
  return Object.fromEntries(resolved) as Answers;
}

/** Answers merged by key over the saved ones: a given answer replaces, null clears (own keys only, Map-built). */
export function mergeAnswers(saved: Answers, given: Answers): Answers {
  const merged = new Map(Object.entries(saved));
  for (const [key, value] of Object.entries(given)) {
    if (value === null) merged.delete(key);
    else merged.set(key, value);
  }
  return Object.fromEntries(merged) as Answers;
}

/** A locked prefilled answer (filled in at assignment, its question locked) stays as it was: a change is a 400 naming it. */
export function assertLockedPrefillsKept(sections: readonly FormSection[], current: { answers: Answers; prefilledKeys: string[] }, after: Answers) {
  const prefilled = new Set(current.prefilledKeys);
  const changed = changedLockedAnswers(sections, current.answers, after).filter((key) => prefilled.has(key));
  if (changed.length)
    throw new ApiError(
      400,
      'api.validationFailed',
      changed.map((field) => ({ field, message: 'partnerFormsApi.prefillLocked' })),
    );
}
