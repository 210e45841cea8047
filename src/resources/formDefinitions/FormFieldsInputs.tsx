import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { FORM_DESCRIPTION_MAX, FORM_NAME_MAX, FORM_NOTE_MAX, FORM_TYPE_MAX } from '../../../contract/forms';
import type { FormFields } from './formDefinitionApi';

const LIMITS: Record<keyof FormFields, number> = { name: FORM_NAME_MAX, description: FORM_DESCRIPTION_MAX, type: FORM_TYPE_MAX, note: FORM_NOTE_MAX };

interface FormFieldsInputsProps {
  values: FormFields;
  onChange: (name: keyof FormFields, value: string) => void;
  errorText: (name: keyof FormFields) => string | undefined;
  disabled?: boolean;
  autoFocus?: boolean;
}

/** A form's own fields (name, description, type, note): the create dialog's and the editor's. */
export function FormFieldsInputs({ values, onChange, errorText, disabled = false, autoFocus = false }: FormFieldsInputsProps) {
  const translate = useTranslate();
  const input = (name: keyof FormFields, { multiline = false, half = false } = {}) => (
    <Grid size={{ xs: 12, sm: half ? 6 : 12 }}>
      <TextField
        fullWidth
        size="small"
        required={name === 'name'}
        multiline={multiline}
        minRows={multiline ? 2 : undefined}
        label={translate(`formBuilder.fields.${name}`)}
        value={values[name]}
        disabled={disabled}
        autoFocus={autoFocus && name === 'name'}
        error={!!errorText(name)}
        helperText={errorText(name)}
        onChange={(event) => onChange(name, event.target.value)}
        slotProps={{ htmlInput: { maxLength: LIMITS[name], 'data-testid': `form-${name}` } }}
      />
    </Grid>
  );
  return (
    <Grid container spacing={2}>
      {input('name', { half: true })}
      {input('type', { half: true })}
      {input('description', { multiline: true })}
      {input('note', { multiline: true })}
    </Grid>
  );
}
