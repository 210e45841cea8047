import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { GRANT_NOTE_MAX } from '../../../../contract/files';
import type { TermsValues } from './grantTerms';

interface GrantTermsFieldsProps {
  values: TermsValues;
  onChange: (values: TermsValues) => void;
  errorOf: (field: string) => string | undefined;
  disabled?: boolean;
}

/** From and until (local date-times sent as instants), note, download limit and view only: the terms of a grant. */
export function GrantTermsFields({ values, onChange, errorOf, disabled }: GrantTermsFieldsProps) {
  const translate = useTranslate();
  const set = <K extends keyof TermsValues>(key: K, value: TermsValues[K]) => onChange({ ...values, [key]: value });
  const field = (key: 'from' | 'to' | 'note' | 'downloadLimit') => ({
    value: values[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
    error: !!errorOf(key),
    disabled,
    fullWidth: true,
  });
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          {...field('from')}
          type="datetime-local"
          required
          label={translate('fileManager.grants.fields.from')}
          helperText={errorOf('from')}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'grant-from' } }}
        />
        <TextField
          {...field('to')}
          type="datetime-local"
          required
          label={translate('fileManager.grants.fields.to')}
          helperText={errorOf('to')}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'grant-to' } }}
        />
      </Stack>
      <TextField
        {...field('downloadLimit')}
        type="number"
        label={translate('fileManager.grants.fields.downloadLimit')}
        helperText={errorOf('downloadLimit') ?? translate('fileManager.grants.fields.downloadLimitHelp')}
        slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric', 'data-testid': 'grant-download-limit' } }}
      />
      <TextField
        {...field('note')}
        multiline
        minRows={2}
        label={translate('fileManager.grants.fields.note')}
        helperText={errorOf('note') ?? `${values.note.length} / ${GRANT_NOTE_MAX}`}
        slotProps={{ htmlInput: { maxLength: GRANT_NOTE_MAX, 'data-testid': 'grant-note' } }}
      />
      <FormControlLabel
        control={
          <Checkbox checked={values.viewOnly} onChange={(event) => set('viewOnly', event.target.checked)} disabled={disabled} data-testid="grant-view-only" />
        }
        label={translate('fileManager.grants.fields.viewOnly')}
      />
      {/* The server refuses view only for a file the page cannot show: said here, by the box. */}
      {errorOf('viewOnly') && (
        <FormHelperText error sx={{ mt: '0 !important' }} data-testid="grant-view-only-error">
          {errorOf('viewOnly')}
        </FormHelperText>
      )}
    </Stack>
  );
}
