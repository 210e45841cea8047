import TextField from '@mui/material/TextField';
import { typedAnswerText } from '../../../contract/answers';
import { QuestionHelper } from './QuestionHelper';
import { READ_ONLY_INPUT } from './readOnlyInput';
import { useQuestionLocale } from './questionTexts';
import type { QuestionInputProps } from './questionTypes';

/** A typed answer that cannot change, as its reader writes it ("1.500.000 ₫", "5 thg 12, 2026"): one read-only field for every type. */
export function TypedAnswerText({ question, value, inputId }: Pick<QuestionInputProps, 'question' | 'value' | 'inputId'>) {
  const locale = useQuestionLocale();
  return (
    <TextField
      id={inputId}
      label={question.label}
      required={question.required}
      value={typedAnswerText(question, value, locale) ?? ''}
      helperText={<QuestionHelper help={question.help} error={null} />}
      fullWidth
      slotProps={{ input: READ_ONLY_INPUT }}
    />
  );
}
