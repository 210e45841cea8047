import Autocomplete from '@mui/material/Autocomplete';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import { limitsOf, parseLocaleDecimal, SUPPORTED_CURRENCIES } from '../../../../contract/answers';
import { CURRENCIES_PER_QUESTION_MAX, DATE_RELATIVE_LIMITS, UNIT_MAX, type FormQuestion, type QuestionLimits } from '../../../../contract/forms';
import { DecimalInput } from '../../../components/questions';
import { questionField } from './editorErrors';
import { useSectionsEditing } from './FormEditorContext';
import { updateQuestion } from './sectionsDraft';

type DecimalLimit = 'min' | 'max' | 'step';

/** The limits of a number, currency or date question; min, max and step typed in the editor's own number marks. */
export function LimitsEditor({ question }: { question: FormQuestion }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { readOnly, change, errorText } = useSectionsEditing();
  const limits = limitsOf(question);
  const field = (name: string) => questionField(question.key, `limits.${name}`);
  // Min and max are checked against each other: changing either clears both their errors.
  const clearsOf = (name: keyof QuestionLimits) => (name === 'min' || name === 'max' ? [field('min'), field('max')] : [field(name)]);
  const set = (patch: Partial<QuestionLimits>, name: keyof QuestionLimits) =>
    change((sections) => updateQuestion(sections, question.key, { limits: { ...limits, ...patch } }), clearsOf(name));
  const errorOf = (name: string) => errorText(field(name));
  const common = (name: string, label: string) => ({
    size: 'small' as const,
    label: translate(label),
    disabled: readOnly,
    error: !!errorOf(name),
    helperText: errorOf(name),
    sx: { flex: 1, minWidth: 0 },
  });

  const decimal = (name: DecimalLimit, help?: string) => (
    <DecimalInput
      {...common(name, `formBuilder.limits.${name}`)}
      helperText={errorOf(name) ?? (help && translate(help))}
      value={limits[name] ?? ''}
      locale={locale}
      onText={(text) => set({ [name]: text.trim() ? (parseLocaleDecimal(text, locale) ?? text.trim()) : null }, name)}
      slotProps={{ htmlInput: { 'data-testid': `limits-${name}` } }}
    />
  );
  const date = (name: 'min' | 'max', label: string) => (
    <TextField
      {...common(name, label)}
      type="date"
      value={limits[name] ?? ''}
      onChange={(event) => set({ [name]: event.target.value || null }, name)}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `limits-${name}` } }}
    />
  );

  return (
    <Stack spacing={2} role="group" aria-label={translate('formBuilder.limits.title')} data-testid="question-limits">
      <Typography variant="subtitle2">{translate('formBuilder.limits.title')}</Typography>
      {question.type === 'number' && (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {decimal('min')}
            {decimal('max')}
            {decimal('step', 'formBuilder.limits.stepHelp')}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <TextField
              {...common('unit', 'formBuilder.limits.unit')}
              value={limits.unit}
              helperText={errorOf('unit') ?? translate('formBuilder.limits.unitHelp')}
              onChange={(event) => set({ unit: event.target.value }, 'unit')}
              slotProps={{ htmlInput: { maxLength: UNIT_MAX, 'data-testid': 'limits-unit' } }}
            />
            <FormControlLabel
              sx={{ flex: 1 }}
              control={
                <Switch
                  checked={limits.integer}
                  disabled={readOnly}
                  onChange={(event) => set({ integer: event.target.checked }, 'integer')}
                  slotProps={{ input: { 'data-testid': 'limits-integer' } as object }}
                />
              }
              label={translate('formBuilder.limits.integer')}
            />
          </Stack>
        </>
      )}
      {question.type === 'currency' && (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {decimal('min')}
            {decimal('max')}
          </Stack>
          <Autocomplete
            multiple
            size="small"
            options={SUPPORTED_CURRENCIES}
            value={limits.currencies}
            disabled={readOnly}
            filterSelectedOptions
            getOptionDisabled={() => limits.currencies.length >= CURRENCIES_PER_QUESTION_MAX}
            onChange={(_, currencies) => set({ currencies }, 'currencies')}
            renderInput={(params) => (
              <TextField
                {...params}
                label={translate('formBuilder.limits.currencies')}
                error={!!currenciesError(limits.currencies, errorOf)}
                helperText={currenciesError(limits.currencies, errorOf) ?? translate('formBuilder.limits.currenciesHelp')}
                slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'limits-currencies' } }}
              />
            )}
          />
        </>
      )}
      {question.type === 'date' && (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {date('min', 'formBuilder.limits.earliest')}
            {date('max', 'formBuilder.limits.latest')}
          </Stack>
          <TextField
            {...common('relative', 'formBuilder.limits.relative')}
            select
            value={limits.relative ?? ''}
            onChange={(event) => set({ relative: (event.target.value || null) as QuestionLimits['relative'] }, 'relative')}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'limits-relative' } as object } }}
          >
            <MenuItem value="">{translate('formBuilder.limits.relativeNone')}</MenuItem>
            {DATE_RELATIVE_LIMITS.map((relative) => (
              <MenuItem key={relative} value={relative}>
                {translate(`formBuilder.limits.${relative}`)}
              </MenuItem>
            ))}
          </TextField>
        </>
      )}
    </Stack>
  );
}

/** The first error of the currency list (the contract names the code at fault by its index). */
function currenciesError(currencies: readonly string[], errorOf: (name: string) => string | undefined): string | undefined {
  return errorOf('currencies') ?? currencies.map((_, index) => errorOf(`currencies.${index}`)).find(Boolean);
}
