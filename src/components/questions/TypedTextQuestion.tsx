import TextField from '@mui/material/TextField';
import { canonicalTypedText } from '../../../contract/answers';
import { EMAIL_ANSWER_MAX, PHONE_ANSWER_MAX, URL_ANSWER_MAX } from '../../../contract/forms';
import { QuestionHelper } from './QuestionHelper';
import { TypedAnswerText } from './TypedAnswerText';
import { useQuestionLocale, useQuestionTexts } from './questionTexts';
import type { QuestionInputProps } from './questionTypes';

type TextType = 'email' | 'phone' | 'url';

/** Each type's input: the keyboard phones show, what browsers autofill, the longest answer. */
const INPUTS: Record<TextType, { type: string; autoComplete: string; maxLength: number }> = {
  email: { type: 'email', autoComplete: 'email', maxLength: EMAIL_ANSWER_MAX },
  phone: { type: 'tel', autoComplete: 'tel', maxLength: PHONE_ANSWER_MAX },
  url: { type: 'url', autoComplete: 'url', maxLength: URL_ANSWER_MAX },
};

/**
 * An email, phone number or web address: kept as typed while the partner types, and written in its canonical
 * form ("+84901234567") when they leave the input, so the text never changes under their cursor.
 */
export function TypedTextQuestion({ question, value, onAnswer, error, readOnly, inputId, type }: QuestionInputProps<string> & { type: TextType }) {
  const translate = useQuestionTexts();
  const locale = useQuestionLocale();
  if (readOnly) return <TypedAnswerText question={question} value={value} inputId={inputId} />;
  const input = INPUTS[type];
  return (
    <TextField
      id={inputId}
      type={input.type}
      label={question.label}
      required={question.required}
      value={value ?? ''}
      placeholder={translate(`formFiller.question.examples.${type}`)}
      onChange={(event) => onAnswer(question.key, event.target.value)}
      onBlur={() => {
        const canonical = canonicalTypedText(type, value ?? '', locale);
        if (canonical !== (value ?? '')) onAnswer(question.key, canonical);
      }}
      error={error !== null}
      helperText={<QuestionHelper help={question.help} error={error} />}
      fullWidth
      slotProps={{ htmlInput: { inputMode: input.type, autoComplete: input.autoComplete, maxLength: input.maxLength } }}
    />
  );
}
