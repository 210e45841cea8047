import { memo } from 'react';
import Box from '@mui/material/Box';
import { isCurrencyAmountShape, type SignatureAnswer } from '../../../contract/answers';
import type { AnswerFile, AnswerValue, FormQuestion, QuestionPrefill } from '../../../contract/forms';
import { CurrencyQuestion } from './CurrencyQuestion';
import { DateQuestion } from './DateQuestion';
import { FileQuestion } from './FileQuestion';
import { FilesQuestion } from './FilesQuestion';
import { MultipleQuestion } from './MultipleQuestion';
import { NumberQuestion } from './NumberQuestion';
import { SelectQuestion } from './SelectQuestion';
import { SignatureQuestion } from './SignatureQuestion';
import { PrefilledNote } from './PrefilledNote';
import { StaffComment } from './StaffComment';
import { TextQuestion } from './TextQuestion';
import { TypedAnswerText } from './TypedAnswerText';
import { TypedTextQuestion } from './TypedTextQuestion';
import { YesNoQuestion } from './YesNoQuestion';
import { questionInputId, type OpenAnswerFile, type QuestionInputProps, type UploadAnswerFile } from './questionTypes';

interface QuestionItemProps {
  question: FormQuestion;
  value: AnswerValue | undefined;
  onAnswer: (key: string, value: AnswerValue) => void;
  error: string | null;
  readOnly: boolean;
  comment?: string;
  /** Flagged in a review round returned for changes: the comment is marked as such. */
  flagged?: boolean;
  upload?: UploadAnswerFile;
  openFile?: OpenAnswerFile;
  /** The answer was filled in at assignment from this source. */
  prefill?: QuestionPrefill;
}

/** One answerable question by its type, with staff's comment beside it; re-rendered only when its own props change. */
export const QuestionItem = memo(function QuestionItem({ comment, flagged = false, upload, openFile, prefill, ...props }: QuestionItemProps) {
  const input: QuestionInputProps = { ...props, inputId: questionInputId(props.question.key) };
  return (
    // Contained: a keystroke's layout and style work stays inside its own question, not the whole section.
    <Box
      data-question-key={props.question.key}
      data-question-type={props.question.type}
      data-question-flagged={flagged || undefined}
      sx={{ contain: 'layout style', scrollMarginTop: 80 }}
    >
      {answerInput(input, upload, openFile)}
      {prefill && <PrefilledNote prefill={prefill} />}
      {comment && <StaffComment text={comment} flagged={flagged} />}
    </Box>
  );
});

function answerInput(input: QuestionInputProps, upload?: UploadAnswerFile, openFile?: OpenAnswerFile) {
  const { value } = input;
  const text = typeof value === 'string' ? value : undefined;
  switch (input.question.type) {
    case 'text':
      return <TextQuestion {...input} value={text} />;
    case 'yesNo':
      return <YesNoQuestion {...input} value={typeof value === 'boolean' ? value : undefined} />;
    case 'select':
      return <SelectQuestion {...input} value={text} />;
    case 'multiple':
      return <MultipleQuestion {...input} value={Array.isArray(value) ? (value as string[]) : undefined} />;
    case 'file':
      return <FileQuestion {...input} value={value as AnswerFile | null | undefined} upload={upload} openFile={openFile} />;
    case 'files':
      return <FilesQuestion {...input} value={Array.isArray(value) ? (value as AnswerFile[]) : undefined} upload={upload} openFile={openFile} />;
    case 'number':
      return <NumberQuestion {...input} value={text} />;
    case 'currency':
      return <CurrencyQuestion {...input} value={isCurrencyAmountShape(value) ? value : undefined} />;
    case 'date':
      return <DateQuestion {...input} value={text} />;
    case 'email':
    case 'phone':
    case 'url':
      return <TypedTextQuestion {...input} value={text} type={input.question.type} />;
    case 'calculated':
      // Computed from the other answers as they change (SectionQuestions), never typed.
      return <TypedAnswerText {...input} />;
    case 'signature':
      return <SignatureQuestion {...input} value={value && typeof value === 'object' && 'kind' in value ? (value as SignatureAnswer) : undefined} />;
    default:
      return null;
  }
}
