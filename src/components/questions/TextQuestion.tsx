import TextField from '@mui/material/TextField';
import { TEXT_ANSWER_MAX } from '../../../contract/forms';
import { QuestionHelper } from './QuestionHelper';
import type { QuestionInputProps } from './questionTypes';

/** Above this many characters a text answer gets several lines. */
const ONE_LINE_MAX = 200;

/** A text answer, checked against its rule as it is typed: the rule's suggest text is the hint. */
export function TextQuestion({ question, value, onAnswer, error, readOnly, inputId }: QuestionInputProps<string>) {
  const maxLength = question.rule?.maxLength ?? null;
  const multiline = maxLength === null || maxLength > ONE_LINE_MAX;
  return (
    <TextField
      id={inputId}
      label={question.label}
      required={question.required}
      value={value ?? ''}
      onChange={(event) => onAnswer(question.key, event.target.value)}
      error={error !== null}
      helperText={<QuestionHelper help={question.help} hint={question.rule?.suggestText} error={error} />}
      multiline={multiline}
      maxRows={multiline ? 8 : undefined}
      fullWidth
      slotProps={{ htmlInput: { maxLength: TEXT_ANSWER_MAX, readOnly } }}
    />
  );
}
