import type { ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import type { FormQuestion } from '../../../contract/forms';
import { QuestionHelper } from './QuestionHelper';

/** A question answered by choosing (yes/no, several options): a fieldset named by its label, with help and error below. */
export function ChoiceFieldset({ question, error, children }: { question: FormQuestion; error: string | null; children: ReactNode }) {
  return (
    <FormControl component="fieldset" error={error !== null} required={question.required} fullWidth>
      <FormLabel component="legend">{question.label}</FormLabel>
      {children}
      <FormHelperText component="div">
        <QuestionHelper help={question.help} error={error} />
      </FormHelperText>
    </FormControl>
  );
}
