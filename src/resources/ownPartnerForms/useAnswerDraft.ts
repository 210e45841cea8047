import { useEffect, useState } from 'react';
import type { AnswerValue, Answers } from '../../../contract/forms';
import { saveAnswers } from './partnerFormFillerApi';
import { createAnswerDraft, type AnswerDraft } from './answerDraft';
import { unsentAnswersStore } from './unsentAnswers';

interface AnswerDraftSource {
  userId: string;
  partnerFormId: string;
  sectionKey: string;
  /** The answers as the server first gave them. */
  loaded: Answers;
  /** Which answers left unsent by an earlier visit still belong to the form. */
  keep: (key: string, value: AnswerValue) => boolean;
  /** Whether the form takes answers now (else unsent ones stay stored for when it is reopened). */
  open: boolean;
}

/**
 * The draft of one partner form for one user, saved to the section on screen: answers left unsent by an earlier
 * visit are sent at once; then a few seconds after the last change, when the connection returns, when the page
 * is hidden or left, and when the partner moves to another section or leaves the filler.
 */
export function useAnswerDraft({ userId, partnerFormId, sectionKey, loaded, keep, open }: AnswerDraftSource): { draft: AnswerDraft } {
  const [draft] = useState(() => {
    const created = createAnswerDraft({
      store: unsentAnswersStore(userId, partnerFormId),
      send: (answers, target) => saveAnswers(partnerFormId, target, answers),
      sectionKey,
    });
    created.start(loaded, keep, { restore: open });
    return created;
  });

  useEffect(() => {
    if (draft.hasUnsent()) void draft.flush();
  }, [draft]);

  useEffect(() => {
    draft.aim(sectionKey);
    // Leaving a section (for another, or the filler altogether) sends what it holds.
    return () => void draft.flush();
  }, [draft, sectionKey]);

  useEffect(() => {
    const send = () => void draft.flush();
    const onHidden = () => document.visibilityState === 'hidden' && send();
    window.addEventListener('online', send);
    window.addEventListener('pagehide', send);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('online', send);
      window.removeEventListener('pagehide', send);
      document.removeEventListener('visibilitychange', onHidden);
      draft.stop();
    };
  }, [draft]);

  return { draft };
}
