import Close from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useLocaleState, useTranslate } from 'react-admin';
import { isRepeatingGroup, parseLocaleDecimal } from '../../../../contract/answers';
import { CONDITION_OPERATORS, CONDITION_VALUE_MAX, type FormQuestion, type QuestionCondition } from '../../../../contract/forms';
import { DecimalInput } from '../../../components/questions';
import { isComparable, isComparison } from './conditionDraft';
import { operatorLabelKey } from './conditionSentence';
import { useSectionsEditing } from './FormEditorContext';

/** The values a condition on `source` may compare with: its options, yes/no, or null (typed). */
function valueChoices(source: FormQuestion | undefined, translate: (key: string) => string): { value: string; label: string }[] | null {
  if (!source) return null;
  if (source.type === 'yesNo') return ['yes', 'no'].map((value) => ({ value, label: translate(`formBuilder.condition.${value}`) }));
  if (source.type === 'select' || source.type === 'multiple') return source.options.filter(Boolean).map((option) => ({ value: option, label: option }));
  return null;
}

/** The operators offered for `source`: comparisons only on numbers, amounts and dates; the current one kept so its error shows. */
function operatorsFor(source: FormQuestion | undefined, current: QuestionCondition['operator']) {
  return CONDITION_OPERATORS.filter((operator) => operator === current || isComparable(source) || !isComparison(operator));
}

interface SingleConditionEditorProps {
  condition: QuestionCondition;
  /** The questions it may look at (those before the question it belongs to). */
  candidates: readonly FormQuestion[];
  /** The editor's error field of this condition (`question:<key>:condition.conditions.1`). */
  field: string;
  onChange: (condition: QuestionCondition) => void;
  onRemove: () => void;
}

/** One condition: "question X is / is greater than / contains V", V typed as X's answers are (a number in the reader's marks, a date). */
export function SingleConditionEditor({ condition, candidates, field, onChange, onRemove }: SingleConditionEditorProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { readOnly, errorText } = useSectionsEditing();
  const source = candidates.find((candidate) => candidate.key === condition.questionKey);
  const choices = valueChoices(source, translate);
  const errorOf = (part: string) => errorText(`${field}.${part}`);
  const questionError = errorOf('questionKey') ?? errorText(field);
  const chooseQuestion = (questionKey: string) => {
    const next = candidates.find((candidate) => candidate.key === questionKey);
    const keepsOperator = !isComparison(condition.operator) || isComparable(next);
    onChange({ questionKey, operator: keepsOperator ? condition.operator : 'is', value: '' });
  };
  const valueProps = {
    size: 'small' as const,
    label: translate('formBuilder.condition.value'),
    disabled: readOnly,
    error: !!errorOf('value'),
    helperText: errorOf('value'),
    sx: { flex: 2, minWidth: 0 },
  };
  const setValue = (value: string) => onChange({ ...condition, value });

  let valueInput;
  if (source?.type === 'number' || source?.type === 'currency' || (source && isRepeatingGroup(source)))
    valueInput = (
      <DecimalInput
        {...valueProps}
        value={condition.value}
        locale={locale}
        onText={(text) => setValue(text.trim() ? (parseLocaleDecimal(text, locale) ?? text.trim()) : '')}
        slotProps={{ htmlInput: { 'data-testid': 'condition-value' } }}
      />
    );
  else if (source?.type === 'date')
    valueInput = (
      <TextField
        {...valueProps}
        type="date"
        value={condition.value}
        onChange={(event) => setValue(event.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'condition-value' } }}
      />
    );
  else
    valueInput = (
      <TextField
        {...valueProps}
        select={!!choices}
        value={choices && !choices.some((choice) => choice.value === condition.value) ? '' : condition.value}
        onChange={(event) => setValue(event.target.value)}
        slotProps={{
          // A select's hidden native input takes htmlInput too: the test id goes on what the reader uses.
          htmlInput: choices ? {} : { maxLength: CONDITION_VALUE_MAX, 'data-testid': 'condition-value' },
          select: { SelectDisplayProps: { 'data-testid': 'condition-value' } as object },
        }}
      >
        {choices?.map((choice) => (
          <MenuItem key={choice.value} value={choice.value}>
            {choice.label}
          </MenuItem>
        ))}
      </TextField>
    );

  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      role="group"
      aria-label={translate('formBuilder.condition.title')}
      data-testid="condition"
      data-field={field}
    >
      <TextField
        select
        size="small"
        label={translate('formBuilder.condition.question')}
        value={source ? condition.questionKey : ''}
        disabled={readOnly}
        error={!!questionError}
        helperText={questionError}
        onChange={(event) => chooseQuestion(event.target.value)}
        sx={{ flex: 2, minWidth: 0 }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'condition-question' } as object } }}
      >
        {candidates.map((candidate) => (
          <MenuItem key={candidate.key} value={candidate.key} data-testid="condition-question-option">
            {candidate.label || candidate.key}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={translate('formBuilder.condition.operator')}
        value={condition.operator}
        disabled={readOnly}
        error={!!errorOf('operator')}
        helperText={errorOf('operator')}
        onChange={(event) => onChange({ ...condition, operator: event.target.value as QuestionCondition['operator'] })}
        sx={{ flex: 1, minWidth: 140 }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'condition-operator' } as object } }}
      >
        {operatorsFor(source, condition.operator).map((operator) => (
          <MenuItem key={operator} value={operator}>
            {translate(operatorLabelKey(operator))}
          </MenuItem>
        ))}
      </TextField>
      {valueInput}
      {!readOnly && (
        <IconButton aria-label={translate('formBuilder.condition.remove')} onClick={onRemove} sx={{ alignSelf: 'center' }} data-testid="condition-remove">
          <Close fontSize="small" />
        </IconButton>
      )}
    </Stack>
  );
}
