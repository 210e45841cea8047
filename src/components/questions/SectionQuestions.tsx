import { useCallback, useMemo, useState } from 'react';
import Stack from '@mui/material/Stack';
import { answerError, localizedMessage, ownAnswer, visibleQuestionKeys, withCalculations } from '../../../contract/answers';
import type { AnswerValue, Answers, FormQuestion, FormSection } from '../../../contract/forms';
import { translateRuleMessage, type TranslateMessage } from '../../i18n/translateMessage';
import { GroupQuestion } from './GroupQuestion';
import { QuestionItem } from './QuestionItem';
import { StaffComment } from './StaffComment';
import { QuestionLocale, QuestionTexts } from './questionTexts';
import type { OpenAnswerFile, QuestionErrors, UploadAnswerFile } from './questionTypes';

export interface SectionQuestionsProps {
  section: FormSection;
  /** Every section of the version: a condition may look at an earlier section's answer. `[section]` by default. */
  sections?: readonly FormSection[];
  /** The screen's translator: react-admin's `useTranslate()` (it holds the formFiller.* and validation.* texts). */
  translate: TranslateMessage;
  /** The screen's locale: react-admin's `useLocaleState()[0]` (numbers, amounts and dates are typed and shown in it). */
  locale: string;
  /** The answers of the whole partner form, by question key. */
  answers: Answers;
  /** Called on every change (keep it stable: questions re-render only when their own props change); without it nothing can be changed. */
  onAnswer?: (key: string, value: AnswerValue) => void;
  readOnly?: boolean;
  /** Staff's comments by question key. */
  comments?: Readonly<Record<string, string>>;
  /** A form returned for changes: only these questions take answers, each marked as flagged with its comment. */
  onlyKeys?: ReadonlySet<string>;
  /** Answers filled in at assignment (issue 40): marked as such; a locked question's cannot be changed. */
  prefilledKeys?: ReadonlySet<string>;
  /** Errors shown whatever the partner touched (Submit's, the server's); the screen drops one when its question is answered again. */
  forcedErrors?: QuestionErrors;
  /** Show every shown question's error, touched or not (after a Submit). */
  showAllErrors?: boolean;
  /** Sends a file of a file question; none in the builder's preview (the button is then disabled). */
  upload?: UploadAnswerFile;
  openFile?: OpenAnswerFile;
}

/**
 * A section's questions as partners see them: conditions applied to the answers as they change, each answer
 * checked by the contract's `answerError` once the partner touched it (the same check Submit and the server
 * make), staff's comments beside their questions. Used by the filler, staff's reading and the builder's preview.
 */
export function SectionQuestions({
  section,
  sections,
  translate,
  locale,
  answers,
  onAnswer,
  readOnly = false,
  comments,
  onlyKeys,
  prefilledKeys,
  forcedErrors,
  showAllErrors = false,
  upload,
  openFile,
}: SectionQuestionsProps) {
  const formLocked = readOnly || !onAnswer;
  const prefillOf = (question: FormQuestion) => (prefilledKeys?.has(question.key) ? (question.prefill ?? undefined) : undefined);
  const lockedOf = (key: string, question?: FormQuestion) => formLocked || (!!onlyKeys && !onlyKeys.has(key)) || (!!question && !!prefillOf(question)?.locked);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  // Calculated answers follow the others as they are typed; the server computes them again when it saves.
  const computed = useMemo(() => withCalculations(sections ?? [section], answers), [sections, section, answers]);
  const visible = useMemo(() => visibleQuestionKeys(sections ?? [section], computed), [sections, section, computed]);

  const answer = useCallback(
    (key: string, value: AnswerValue) => {
      setTouched((keys) => (keys.has(key) ? keys : new Set(keys).add(key)));
      onAnswer?.(key, value);
    },
    [onAnswer],
  );

  const errorOf = (question: FormQuestion, value: AnswerValue | undefined): string | null => {
    if (lockedOf(question.key)) return null;
    const forced = forcedErrors?.get(question.key);
    const message = forced ?? (touched.has(question.key) || showAllErrors ? answerError(question, value) : null);
    return message ? translateRuleMessage(typeof message === 'string' ? message : localizedMessage(message, locale), translate) : null;
  };

  const item = (question: FormQuestion) => {
    const value = ownAnswer(computed, question.key);
    return (
      <QuestionItem
        key={question.key}
        question={question}
        value={value}
        onAnswer={answer}
        error={errorOf(question, value)}
        readOnly={lockedOf(question.key, question)}
        prefill={prefillOf(question)}
        comment={comments && Object.hasOwn(comments, question.key) ? comments[question.key] : undefined}
        flagged={!!onlyKeys?.has(question.key)}
        upload={upload}
        openFile={openFile}
      />
    );
  };

  return (
    <QuestionTexts.Provider value={translate}>
      <QuestionLocale.Provider value={locale}>
        <Stack spacing={3} data-section-key={section.key}>
          {section.questions
            .filter((question) => visible.has(question.key))
            .map((question) =>
              question.type === 'group' ? (
                <div key={question.key} data-question-key={question.key} data-question-type="group">
                  <GroupQuestion question={question}>{question.children.filter((child) => visible.has(child.key)).map(item)}</GroupQuestion>
                  {comments && Object.hasOwn(comments, question.key) && <StaffComment text={comments[question.key]} />}
                </div>
              ) : (
                item(question)
              ),
            )}
        </Stack>
      </QuestionLocale.Provider>
    </QuestionTexts.Provider>
  );
}
