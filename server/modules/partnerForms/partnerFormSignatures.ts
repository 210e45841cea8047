import { createHash } from 'node:crypto';
import { isSignatureAnswer, placedQuestions, sameSignature, signatureInputOf, signatureStampOf, type SignatureAnswer } from '../../../contract/answers';
import type { Answers, FormQuestion, FormSection } from '../../../contract/forms';
import type { Db } from '../../db/client';
import { writeAudit } from '../../core/audit';
import type { Principal } from '../../core/guard';

/** Who is signing and from where: the principal of the request and its address (request.ip). */
export interface Signer {
  principal: Pick<Principal, 'id' | 'fullName' | 'email'>;
  address: string;
}

/** A signature stamped by this save, for its audit entry. */
export interface SignedAnswer {
  questionKey: string;
  answer: SignatureAnswer;
}

/** The first 8 hex digits of sha256 of a question's label and help: which text the signer read. */
export const questionTextHash = (question: Pick<FormQuestion, 'label' | 'help'>) =>
  createHash('sha256').update(`${question.label}\n${question.help}`).digest('hex').slice(0, 8);

/**
 * The answers with each signature stamped by the server: a signature that changed (kind, name or strokes) gets the
 * signer, the server's clock, the request's address and the text version; an unchanged one keeps its stamp; a stamp
 * a client sent is never kept. Returns the answers and the signatures stamped now (nothing else is touched).
 */
export function stampSignatures(
  sections: readonly FormSection[],
  versionNumber: number,
  saved: Answers,
  merged: Answers,
  signer: Signer,
  now = new Date(),
): { answers: Answers; signed: SignedAnswer[] } {
  const signed: SignedAnswer[] = [];
  const answers = new Map(Object.entries(merged));
  for (const { question } of placedQuestions(sections)) {
    if (question.type !== 'signature' || !answers.has(question.key)) continue;
    const given = answers.get(question.key);
    const before = Object.hasOwn(saved, question.key) ? saved[question.key] : undefined;
    // Not sent by this save: kept as it is.
    if (given === before || !isSignatureAnswer(given)) continue;
    if (isSignatureAnswer(before) && signatureStampOf(before) && sameSignature(before, given)) {
      answers.set(question.key, before);
      continue;
    }
    const answer: SignatureAnswer = {
      ...signatureInputOf(given),
      signedAt: now.toISOString(),
      signedBy: { userId: signer.principal.id, name: signer.principal.fullName, email: signer.principal.email },
      address: signer.address,
      textVersion: { number: versionNumber, hash: questionTextHash(question) },
    };
    answers.set(question.key, answer);
    signed.push({ questionKey: question.key, answer });
  }
  return { answers: Object.fromEntries(answers) as Answers, signed };
}

/** The table name of "signature signed" entries in the audit trail (no table of its own: answers are the form's JSON). */
export const SIGNATURE_AUDIT_TABLE = 'partner_form_signatures';

/** One audit entry per signature stamped: the form, the question, who, when, from where and on which text. */
export async function auditSignatures(
  tx: Pick<Db, 'insert'>,
  partnerForm: { id: string; formId: string },
  principalId: string,
  signed: readonly SignedAnswer[],
) {
  for (const { questionKey, answer } of signed)
    await writeAudit(tx, {
      userId: principalId,
      type: 'Create',
      table: SIGNATURE_AUDIT_TABLE,
      key: partnerForm.id,
      after: {
        event: 'signatureSigned',
        partnerFormId: partnerForm.id,
        formId: partnerForm.formId,
        questionKey,
        kind: answer.kind,
        name: answer.name,
        signedBy: answer.signedBy,
        signedAt: answer.signedAt,
        address: answer.address,
        textVersion: answer.textVersion,
      },
    });
}
