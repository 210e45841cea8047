import Grid from '@mui/material/Grid';
import { NumberInput, TextInput } from 'react-admin';
import { VALIDATION_RULE_LENGTH_MAX } from '../../../contract/forms';
import { RuleTryIt } from './RuleTryIt';

const label = (source: string) => `validationRules.fields.${source}`;

/** A rule's fields (limits in contract/schemas/validationRules.ts) and the box that tries it on a sample. */
export function ValidationRuleInputs() {
  return (
    <Grid container columnSpacing={2}>
      <Grid size={12}>
        <TextInput source="name" label={label('name')} fullWidth />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextInput source="suggestText" label={label('suggestText')} helperText="validationRules.suggestTextHint" fullWidth />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextInput source="errorText" label={label('errorText')} helperText="validationRules.errorTextHint" fullWidth />
      </Grid>
      <Grid size={{ xs: 6 }}>
        <NumberInput source="minLength" label={label('minLength')} fullWidth min={0} max={VALIDATION_RULE_LENGTH_MAX} step={1} />
      </Grid>
      <Grid size={{ xs: 6 }}>
        <NumberInput source="maxLength" label={label('maxLength')} fullWidth min={0} max={VALIDATION_RULE_LENGTH_MAX} step={1} />
      </Grid>
      <Grid size={12}>
        <TextInput
          source="regex"
          label={label('regex')}
          helperText="validationRules.regexHint"
          fullWidth
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
      </Grid>
      <Grid size={12}>
        <RuleTryIt />
      </Grid>
    </Grid>
  );
}
