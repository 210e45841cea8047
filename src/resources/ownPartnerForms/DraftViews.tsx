import { memo, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { formProgress } from '../../../contract/answers';
import type { FormSection } from '../../../contract/forms';
import { SectionQuestions, type SectionQuestionsProps } from '../../components/questions';
import type { AnswerDraft, DraftSnapshot } from './answerDraft';
import { SectionStepper } from './SectionStepper';

/** How long after the last change the stepper recounts the answers. */
const PROGRESS_DELAY_MS = 300;

/** One part of the draft's state; the component re-renders only when that part changes (a keystroke re-renders only the questions). */
export const useDraftValue = <T,>(draft: AnswerDraft, select: (snapshot: DraftSnapshot) => T): T =>
  useSyncExternalStore(draft.subscribe, () => select(draft.getSnapshot()));

/** The section's questions with the draft's answers and the server's complaints. */
export const DraftQuestions = memo(function DraftQuestions({
  draft,
  ...props
}: Omit<SectionQuestionsProps, 'answers' | 'forcedErrors'> & { draft: AnswerDraft }) {
  const answers = useDraftValue(draft, (snapshot) => snapshot.answers);
  const fieldErrors = useDraftValue(draft, (snapshot) => snapshot.fieldErrors);
  return <SectionQuestions {...props} answers={answers} forcedErrors={fieldErrors} />;
});

interface DraftStepperProps {
  draft: AnswerDraft;
  sections: FormSection[];
  currentKey: string;
  showErrors: boolean;
  onOpen: (sectionKey: string) => void;
  /** Questions flagged for changes per section key (a form returned for changes). */
  flaggedCounts?: Readonly<Record<string, number>>;
}

/** The stepper, its completeness recounted once typing pauses: recounting 500 answers is no keystroke's work. */
export const DraftStepper = memo(function DraftStepper({ draft, sections, ...stepper }: DraftStepperProps) {
  const answers = useDraftValue(draft, (snapshot) => snapshot.answers);
  const [counted, setCounted] = useState(answers);
  useEffect(() => {
    const timer = setTimeout(() => setCounted(answers), PROGRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [answers]);
  const progress = useMemo(() => formProgress(sections, counted), [sections, counted]);
  return <SectionStepper sections={progress.sections} {...stepper} />;
});
