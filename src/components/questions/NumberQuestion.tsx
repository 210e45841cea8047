import InputAdornment from '@mui/material/InputAdornment';
import { canonicalTypedText, limitsOf } from '../../../contract/answers';
import { TYPED_ANSWER_TEXT_MAX } from '../../../contract/forms';
import { DecimalInput } from './DecimalInput';
import { QuestionHelper } from './QuestionHelper';
import { TypedAnswerText } from './TypedAnswerText';
import { limitsHint } from './typedAnswerHints';
import { useQuestionLocale, useQuestionTexts } from './questionTexts';
import type { QuestionInputProps } from './questionTypes';

/** A number typed in the partner's own marks, stored as a canonical decimal as it is typed; its unit after it. */
export function NumberQuestion({ question, value, onAnswer, error, readOnly, inputId }: QuestionInputProps<string>) {
  const translate = useQuestionTexts();
  const locale = useQuestionLocale();
  if (readOnly) return <TypedAnswerText question={question} value={value} inputId={inputId} />;
  const { unit } = limitsOf(question);
  return (
    <DecimalInput
      id={inputId}
      label={question.label}
      required={question.required}
      value={value ?? ''}
      locale={locale}
      onText={(text) => onAnswer(question.key, canonicalTypedText('number', text, locale))}
      error={error !== null}
      helperText={<QuestionHelper help={question.help} hint={limitsHint(question, locale, translate)} error={error} />}
      fullWidth
      slotProps={{
        input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : undefined,
        htmlInput: { maxLength: TYPED_ANSWER_TEXT_MAX },
      }}
    />
  );
}
