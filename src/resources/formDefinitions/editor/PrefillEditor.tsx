import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { partnerFieldFits, PREFILLABLE_TYPES } from '../../../../contract/answers';
import { PARTNER_PREFILL_FIELDS, type FormQuestion, type PartnerPrefillField } from '../../../../contract/forms';
import { questionField } from './editorErrors';
import { FormPrefillSource } from './FormPrefillSource';
import { useSectionsEditing } from './FormEditorContext';
import { updateQuestion } from './sectionsDraft';

/**
 * Where the question's first value comes from: a field of the partner record that fits its type, or an answer of
 * another form (FormPrefillSource), and whether the partner may change it.
 */
export function PrefillEditor({ question }: { question: FormQuestion }) {
  const translate = useTranslate();
  const { readOnly, change, errorText } = useSectionsEditing();
  if (!PREFILLABLE_TYPES.includes(question.type)) return null;
  const prefill = question.prefill ?? null;
  const fields = PARTNER_PREFILL_FIELDS.filter((field) => partnerFieldFits(field, question.type));
  const field = questionField(question.key, 'prefill.field');
  const set = (next: FormQuestion['prefill']) => change((sections) => updateQuestion(sections, question.key, { prefill: next }), [field]);
  const chosen = prefill?.source === 'partner' ? prefill.field : prefill?.source === 'form' ? 'form' : '';
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      useFlexGap
      sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
      data-testid="question-prefill"
    >
      <TextField
        select
        size="small"
        label={translate('formBuilder.prefill.source')}
        value={chosen}
        disabled={readOnly}
        error={!!errorText(field)}
        helperText={errorText(field)}
        onChange={(event) => {
          const value = event.target.value as PartnerPrefillField | 'form' | '';
          const locked = prefill?.locked ?? false;
          if (value === 'form') set(prefill?.source === 'form' ? prefill : { source: 'form', definitionId: '', questionKey: '', locked });
          else set(value ? { source: 'partner', field: value, locked } : null);
        }}
        sx={{ minWidth: 240 }}
        slotProps={{ htmlInput: { 'data-testid': 'prefill-source' } }}
      >
        <MenuItem value="">{translate('formBuilder.prefill.none')}</MenuItem>
        {fields.map((name) => (
          <MenuItem key={name} value={name}>
            {translate(`formBuilder.prefill.fields.${name}`)}
          </MenuItem>
        ))}
        <MenuItem value="form">{translate('formBuilder.prefill.form')}</MenuItem>
      </TextField>
      {prefill?.source === 'form' && <FormPrefillSource question={question} prefill={prefill} onChange={set} />}
      {prefill && (
        <FormControlLabel
          control={
            <Switch
              checked={prefill.locked}
              disabled={readOnly}
              onChange={(event) => set({ ...prefill, locked: event.target.checked })}
              slotProps={{ input: { 'data-testid': 'prefill-locked' } as object }}
            />
          }
          label={translate('formBuilder.prefill.locked')}
        />
      )}
    </Stack>
  );
}
