import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { PARTNER_FORM_NOTE_MAX } from '../../../contract/schemas/partnerForms';

/** What is wrong with a note, as an i18n key: missing (when required) or too long. */
export const noteProblem = (note: string, required: boolean) =>
  required && !note.trim() ? 'partnerForms.noteRequired' : note.length > PARTNER_FORM_NOTE_MAX ? 'partnerForms.noteTooLong' : null;

interface NoteFieldProps {
  value: string;
  onChange: (note: string) => void;
  required?: boolean;
  /** Show a missing note as an error (after a try to send); a too long one shows at once. */
  showErrors: boolean;
  helperKey?: string;
  testId: string;
  autoFocus?: boolean;
}

/** The note staff leave with an assignment or a change; the partner reads it. */
export function NoteField({ value, onChange, required = false, showErrors, helperKey, testId, autoFocus }: NoteFieldProps) {
  const translate = useTranslate();
  const problem = noteProblem(value, required);
  const shown = problem === 'partnerForms.noteTooLong' || (showErrors && problem) ? problem : null;
  return (
    <TextField
      label={translate('partnerForms.fields.note')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required={required}
      autoFocus={autoFocus}
      multiline
      minRows={2}
      error={!!shown}
      helperText={shown ? translate(shown, { max: PARTNER_FORM_NOTE_MAX }) : helperKey ? translate(helperKey) : ' '}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    />
  );
}
