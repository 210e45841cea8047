import { useCallback, useEffect, useRef, useState } from 'react';
import { formAnswerErrors, isAnswered, ownAnswer, type AnswerError } from '../../../contract/answers';
import type { FormSection, PartnerFormStatus } from '../../../contract/forms';
import { focusQuestion } from '../../components/questions';
import { ApiError } from '../../providers/http';
import type { AnswerDraft } from './answerDraft';
import type { Notice } from './FillerNotice';
import { firstErrorOf, serverAnswerErrors, type ErrorJump } from './fillerErrors';
import { submitPartnerForm } from './partnerFormFillerApi';

interface FillerActionsSource {
  draft: AnswerDraft;
  sections: FormSection[];
  partnerFormId: string;
  sectionKey: string;
  openSection: (sectionKey: string) => void;
}

/**
 * Save Draft (everything kept, and how many answers still fail their checks) and Submit (checked here with the
 * contract's `formAnswerErrors` first, then by the server): a refusal says so and takes the partner to the first
 * error's section, focused on its question.
 */
export function useFillerActions({ draft, sections, partnerFormId, sectionKey, openSection }: FillerActionsSource) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const [showAllErrors, setShowAllErrors] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState<PartnerFormStatus | null>(null);
  const jumpTo = useRef<ErrorJump | null>(null);
  const [jumps, setJumps] = useState(0);

  useEffect(() => {
    // Focus the first error once its section is on screen.
    const target = jumpTo.current;
    if (!target || target.sectionKey !== sectionKey) return;
    jumpTo.current = null;
    focusQuestion(target.questionKey);
  }, [jumps, sectionKey]);

  const showErrors = useCallback(
    (errors: AnswerError[], fromServer: boolean) => {
      setShowAllErrors(true);
      if (fromServer) draft.refuse(new Map(errors.map((error) => [error.field, error.message])));
      setNotice({ severity: 'error', key: 'formFiller.fixErrors' });
      jumpTo.current = firstErrorOf(errors);
      setJumps((count) => count + 1);
      if (jumpTo.current) openSection(jumpTo.current.sectionKey);
    },
    [draft, openSection],
  );

  const saveDraft = useCallback(async () => {
    setNotice(null);
    if (!(await draft.flush())) return; // the draft's own line says why (offline, or "Failed to update form.")
    const kept = draft.getSnapshot().answers;
    const invalid = formAnswerErrors(sections, kept).filter((error) => isAnswered(ownAnswer(kept, error.field)));
    setNotice({
      severity: 'success',
      key: invalid.length ? 'formFiller.draftSavedWithErrors' : 'formFiller.draftSaved',
      values: { smart_count: invalid.length },
    });
  }, [draft, sections]);

  const submit = useCallback(async () => {
    setNotice(null);
    const errors = formAnswerErrors(sections, draft.getSnapshot().answers);
    if (errors.length) {
      void draft.flush();
      return showErrors(errors, false);
    }
    setSubmitting(true);
    try {
      await draft.flush();
      const answer = await submitPartnerForm(partnerFormId, draft.unsentAnswers());
      draft.settle(draft.getSnapshot().answers);
      setSubmitted(answer.status);
      setShowAllErrors(false);
      setNotice({ severity: 'success', key: 'formFiller.submitted' });
    } catch (error) {
      const refused = serverAnswerErrors(error, sections);
      if (refused.length) showErrors(refused, true);
      else if (error instanceof ApiError && error.kind === 'network') setNotice({ severity: 'warning', key: 'formFiller.offlineSubmit' });
      else setNotice({ severity: 'error', key: 'formFiller.saveFailed' });
    } finally {
      setSubmitting(false);
    }
  }, [draft, sections, partnerFormId, showErrors]);

  const clearNotice = useCallback(() => setNotice(null), []);
  return { notice, clearNotice, showAllErrors, submitting, submitted, saveDraft, submit };
}
