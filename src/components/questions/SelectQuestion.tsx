import TextField from '@mui/material/TextField';
import { QuestionHelper } from './QuestionHelper';
import type { QuestionInputProps } from './questionTypes';
import { useQuestionTexts } from './questionTexts';

/** One option among several, in the browser's own picker (comfortable at 375 px and by keyboard). */
export function SelectQuestion({ question, value, onAnswer, error, readOnly, inputId }: QuestionInputProps<string>) {
  const translate = useQuestionTexts();
  const current = value ?? '';
  // An answer given to an earlier version may name an option this one dropped: keep it visible (and flagged).
  const options = current && !question.options.includes(current) ? [...question.options, current] : question.options;
  return (
    <TextField
      id={inputId}
      select
      label={question.label}
      required={question.required}
      value={current}
      onChange={(event) => onAnswer(question.key, event.target.value === '' ? null : event.target.value)}
      error={error !== null}
      helperText={<QuestionHelper help={question.help} error={error} />}
      disabled={readOnly}
      fullWidth
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{translate('formFiller.question.choose')}</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </TextField>
  );
}
