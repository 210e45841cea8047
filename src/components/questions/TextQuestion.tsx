import TextField from '@mui/material/TextField';
import { TEXT_ANSWER_MAX } from '../../../contract/forms';
import { QuestionHelper } from './QuestionHelper';
import { READ_ONLY_INPUT } from './readOnlyInput';
import type { QuestionInputProps } from './questionTypes';

/** A rule allowing more than this many characters gets a box of several lines. */
const ONE_LINE_MAX = 200;
const LINES = 4;

/** A text answer, checked against its rule as it is typed: the rule's suggest text is the hint. */
export function TextQuestion({ question, value, onAnswer, error, readOnly, inputId }: QuestionInputProps<string>) {
  // A fixed number of lines, not MUI's auto-sizing box: that measures the layout at every render (a section of 25
  // questions, each keystroke) and the filler must stay fast.
  const multiline = (question.rule?.maxLength ?? 0) > ONE_LINE_MAX;
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
      rows={multiline ? LINES : undefined}
      fullWidth
      slotProps={{ input: readOnly ? READ_ONLY_INPUT : undefined, htmlInput: { maxLength: TEXT_ANSWER_MAX } }}
    />
  );
}
