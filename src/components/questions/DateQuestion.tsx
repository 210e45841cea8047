import TextField from '@mui/material/TextField';
import { limitsOf, utcToday } from '../../../contract/answers';
import type { FormQuestion } from '../../../contract/forms';
import { QuestionHelper } from './QuestionHelper';
import { TypedAnswerText } from './TypedAnswerText';
import { limitsHint } from './typedAnswerHints';
import { useQuestionLocale, useQuestionTexts } from './questionTexts';
import type { QuestionInputProps } from './questionTypes';

/** A calendar day `days` after (or before) `date`, both "YYYY-MM-DD". */
function dayAfter(date: string, days: number): string {
  const instant = new Date(`${date}T12:00:00Z`);
  instant.setUTCDate(instant.getUTCDate() + days);
  return instant.toISOString().slice(0, 10);
}

const later = (a: string | null, b: string | null) => (a === null ? b : b === null || a > b ? a : b);
const earlier = (a: string | null, b: string | null) => (a === null ? b : b === null || a < b ? a : b);

/** The days the picker offers: the question's own limits narrowed by "after today" or "before today" (UTC, as the check counts). */
function dateRange(question: Pick<FormQuestion, 'limits'>, today: string): { min?: string; max?: string } {
  const limits = limitsOf(question);
  const min = later(limits.min, limits.relative === 'future' ? dayAfter(today, 1) : null);
  const max = earlier(limits.max, limits.relative === 'past' ? dayAfter(today, -1) : null);
  return { min: min ?? undefined, max: max ?? undefined };
}

/** A date in the browser's own date input (typed by keyboard or picked), stored as "YYYY-MM-DD". */
export function DateQuestion({ question, value, onAnswer, error, readOnly, inputId }: QuestionInputProps<string>) {
  const translate = useQuestionTexts();
  const locale = useQuestionLocale();
  if (readOnly) return <TypedAnswerText question={question} value={value} inputId={inputId} />;
  return (
    <TextField
      id={inputId}
      type="date"
      label={question.label}
      required={question.required}
      value={value ?? ''}
      onChange={(event) => onAnswer(question.key, event.target.value)}
      error={error !== null}
      helperText={<QuestionHelper help={question.help} hint={limitsHint(question, locale, translate)} error={error} />}
      fullWidth
      slotProps={{ inputLabel: { shrink: true }, htmlInput: dateRange(question, utcToday()) }}
    />
  );
}
