import { useCallback, useMemo, useState } from 'react';
import Stack from '@mui/material/Stack';
import {
  answerError,
  answerRows,
  isRepeatingGroup,
  localizedMessage,
  ownAnswer,
  rowAnswer,
  rowCellPath,
  rowsLayout,
  rowVisibleKeys,
  rowWith,
  visibleQuestionKeys,
  withCalculations,
} from '../../../contract/answers';
import type { AnswerRow, AnswerValue, Answers, FormQuestion, FormSection } from '../../../contract/forms';
import { translateRuleMessage, type TranslateMessage } from '../../i18n/translateMessage';
import { GroupQuestion } from './GroupQuestion';
import { QuestionItem } from './QuestionItem';
import { RepeatingGroupQuestion } from './RepeatingGroupQuestion';
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
  /** Staff's comments by question key (a row's answer by its path, `group[row].child`). */
  comments?: Readonly<Record<string, string>>;
  /** A form returned for changes: only these questions (or row answers, by path) take answers, each marked as flagged with its comment. */
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
  const layout = useMemo(() => rowsLayout(sections ?? [section]), [sections, section, computed]); // eslint-disable-line react-hooks/exhaustive-deps -- a layout per reading of the answers
  const visible = useMemo(() => visibleQuestionKeys(sections ?? [section], computed, layout), [sections, section, computed, layout]);

  const answer = useCallback(
    (key: string, value: AnswerValue) => {
      setTouched((keys) => (keys.has(key) ? keys : new Set(keys).add(key)));
      onAnswer?.(key, value);
    },
    [onAnswer],
  );

  const errorOf = (question: FormQuestion, value: AnswerValue | undefined, path = question.key, locked = lockedOf(path)): string | null => {
    if (locked) return null;
    const forced = forcedErrors?.get(path);
    const message = forced ?? (touched.has(path) || showAllErrors ? answerError(question, value) : null);
    return message ? translateRuleMessage(typeof message === 'string' ? message : localizedMessage(message, locale), translate) : null;
  };
  const commentOf = (path: string) => (comments && Object.hasOwn(comments, path) ? comments[path] : undefined);

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
        comment={commentOf(question.key)}
        flagged={!!onlyKeys?.has(question.key)}
        upload={upload}
        openFile={openFile}
      />
    );
  };

  /**
   * A repeating group: its rows as cards, each child answering into its row under its path (`group[row].child`, the
   * id its input takes and the key its errors and comments have). Rows are added, removed and moved only while the
   * whole group takes answers; in a returned round a flagged row answer changes alone.
   */
  const repeating = (group: FormQuestion) => {
    const rows = answerRows(ownAnswer(computed, group.key));
    const given = answerRows(ownAnswer(answers, group.key));
    const groupLocked = lockedOf(group.key);
    const setRows = (next: AnswerRow[]) => answer(group.key, next);
    const cell = (row: AnswerRow, index: number) => {
      const shown = rowVisibleKeys(group, row, computed, visible, layout);
      return group.children
        .filter((child) => shown.has(child.key))
        .map((child) => {
          const path = rowCellPath(group.key, index, child.key);
          const locked = formLocked || (groupLocked && !onlyKeys?.has(path));
          const value = rowAnswer(row, child.key);
          return (
            <QuestionItem
              key={child.key}
              question={{ ...child, key: path }}
              value={value}
              onAnswer={(_, next) => {
                setTouched((keys) => (keys.has(path) ? keys : new Set(keys).add(path)));
                setRows(given.map((each, at) => (at === index ? rowWith(each, child.key, next) : each)));
              }}
              error={errorOf(child, value, path, locked)}
              readOnly={locked}
              comment={commentOf(path)}
              flagged={!!onlyKeys?.has(path)}
            />
          );
        });
    };
    return (
      <div key={group.key} data-question-key={group.key} data-question-type="group">
        <RepeatingGroupQuestion question={group} rows={rows} onRows={groupLocked ? undefined : setRows} renderRow={cell} error={errorOf(group, rows)} />
        {commentOf(group.key) && <StaffComment text={commentOf(group.key) as string} flagged={!!onlyKeys?.has(group.key)} />}
      </div>
    );
  };

  return (
    <QuestionTexts.Provider value={translate}>
      <QuestionLocale.Provider value={locale}>
        <Stack spacing={3} data-section-key={section.key}>
          {section.questions
            .filter((question) => visible.has(question.key))
            .map((question) =>
              isRepeatingGroup(question) ? (
                repeating(question)
              ) : question.type === 'group' ? (
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
