import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useCreate, useGetList, useNotify, useTranslate } from 'react-admin';
import { ONBOARDING_TRIGGERS, type FormDto, type OnboardingTrigger } from '../../../contract/forms';
import { MAX_PAGE_SIZE } from '../../../contract/http';
import { onboardingRuleSchema } from '../../../contract/schemas/onboardingRules';
import { PARTNER_FORM_DUE_DAYS_MAX } from '../../../contract/schemas/partnerForms';
import { translateRuleMessage } from '../../i18n/translateMessage';
import { schemaErrors, type FieldMessages } from '../../schemaForm/schemaErrors';

type Field = 'trigger' | 'sourceDefinitionId' | 'targetDefinitionId' | 'dueDays';

/** Adds a rule: the trigger, then the forms picked by name among the Ready versions (a rule names their definitions). */
export function OnboardingRuleDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [values, setValues] = useState<Record<Field, string>>({ trigger: 'formSubmitted', sourceDefinitionId: '', targetDefinitionId: '', dueDays: '' });
  const [errors, setErrors] = useState<FieldMessages>({});
  const { data: readyForms = [], isPending } = useGetList<FormDto>('forms', {
    pagination: { page: 1, perPage: MAX_PAGE_SIZE },
    sort: { field: 'name', order: 'ASC' },
    filter: { status: 'Ready' },
  });
  const [create, { isPending: saving }] = useCreate();
  const needsSource = values.trigger === 'formSubmitted';
  const input = {
    trigger: values.trigger,
    sourceDefinitionId: needsSource ? values.sourceDefinitionId || null : null,
    targetDefinitionId: values.targetDefinitionId,
    // Empty: no due date; anything else goes as typed for the schema to judge ("abc" is not a number).
    dueDays: values.dueDays.trim() === '' ? null : /^-?\d+(\.\d+)?$/.test(values.dueDays.trim()) ? Number(values.dueDays) : values.dueDays,
  };

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: '' }));
  };
  const errorOf = (field: Field) => (errors[field] ? translateRuleMessage(errors[field], translate) : '');

  const save = () => {
    const found = schemaErrors(onboardingRuleSchema, input);
    setErrors(found);
    if (Object.keys(found).length) return;
    void create(
      'next-partner-forms',
      { data: input },
      {
        onSuccess: () => {
          notify('validationRules.onboarding.created', { type: 'info' });
          onClose();
        },
        // The toast already says why; field errors (an unknown form) also go beside their pickers.
        onError: (error) => {
          const fieldErrors = (error as { body?: { errors?: Record<string, string> } }).body?.errors;
          if (fieldErrors) setErrors(fieldErrors);
        },
      },
    );
  };

  const formPicker = (field: 'sourceDefinitionId' | 'targetDefinitionId', labelKey: string) => (
    <TextField
      select
      label={translate(labelKey)}
      value={values[field]}
      onChange={change(field)}
      error={!!errorOf(field)}
      helperText={errorOf(field) || translate(readyForms.length || isPending ? 'validationRules.onboarding.formsHint' : 'validationRules.onboarding.noForms')}
      fullWidth
      required
      slotProps={{ htmlInput: { 'data-testid': `rule-${field}` } }}
    >
      {readyForms.map((form) => (
        <MenuItem key={form.definitionId} value={form.definitionId}>
          {form.name}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="onboarding-rule-title">
      <DialogTitle id="onboarding-rule-title">{translate('validationRules.onboarding.addTitle')}</DialogTitle>
      <DialogContent>
        <Stack
          spacing={2}
          sx={{ pt: 1 }}
          component="form"
          id="onboarding-rule-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <TextField
            select
            label={translate('validationRules.onboarding.trigger')}
            value={values.trigger}
            onChange={change('trigger')}
            error={!!errorOf('trigger')}
            helperText={errorOf('trigger') || ' '}
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': 'rule-trigger' } }}
          >
            {ONBOARDING_TRIGGERS.map((trigger: OnboardingTrigger) => (
              <MenuItem key={trigger} value={trigger}>
                {translate(`validationRules.onboarding.triggers.${trigger}`)}
              </MenuItem>
            ))}
          </TextField>
          {needsSource && formPicker('sourceDefinitionId', 'validationRules.onboarding.sourceForm')}
          {formPicker('targetDefinitionId', 'validationRules.onboarding.targetForm')}
          <TextField
            label={translate('dueDates.ruleDays')}
            value={values.dueDays}
            onChange={change('dueDays')}
            error={!!errorOf('dueDays')}
            helperText={errorOf('dueDays') || translate('dueDates.ruleDaysHelp', { max: PARTNER_FORM_DUE_DAYS_MAX })}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'rule-dueDays' } }}
            sx={{ maxWidth: { sm: 280 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button type="submit" form="onboarding-rule-form" variant="contained" disabled={saving}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
