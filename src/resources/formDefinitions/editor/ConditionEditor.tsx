import Close from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { CONDITION_OPERATORS, CONDITION_VALUE_MAX, isConditionGroup, type FormQuestion, type QuestionCondition } from '../../../../contract/forms';
import { questionField } from './editorErrors';
import { useDraftSections, useSectionsEditing } from './FormEditorContext';
import { earlierQuestions, updateQuestion } from './sectionsDraft';

/** The values a condition on `source` may compare with: its options, yes/no, or any text. */
function valueChoices(source: FormQuestion | undefined, translate: (key: string) => string): { value: string; label: string }[] | null {
  if (!source) return null;
  if (source.type === 'yesNo') return ['yes', 'no'].map((value) => ({ value, label: translate(`formBuilder.condition.${value}`) }));
  if (source.type === 'select' || source.type === 'multiple') return source.options.filter(Boolean).map((option) => ({ value: option, label: option }));
  return null;
}

/** "Show when question X is / is not / contains V", X among the questions before this one. */
export function ConditionEditor({ question }: { question: FormQuestion }) {
  const translate = useTranslate();
  const { readOnly, change, errorText } = useSectionsEditing();
  const sections = useDraftSections();
  const candidates = earlierQuestions(sections, question.key);
  const field = questionField(question.key, 'condition');
  const setCondition = (condition: QuestionCondition | null) => change((all) => updateQuestion(all, question.key, { condition }), [field]);
  // Groups (AND/OR) are edited by the group editor; this one edits a single condition.
  const condition = question.condition && !isConditionGroup(question.condition) ? question.condition : null;

  if (!condition) {
    if (readOnly) return null;
    return candidates.length ? (
      <Button
        size="small"
        sx={{ alignSelf: 'flex-start' }}
        onClick={() => setCondition({ questionKey: candidates[candidates.length - 1].question.key, operator: 'is', value: '' })}
        data-testid="add-condition"
      >
        {translate('formBuilder.condition.add')}
      </Button>
    ) : (
      <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="condition-none">
        {translate('formBuilder.condition.noEarlier')}
      </Typography>
    );
  }

  const source = candidates.find((entry) => entry.question.key === condition.questionKey)?.question;
  const choices = valueChoices(source, translate);
  const errorOf = (part: string) => errorText(`${field}.${part}`);
  const conditionError = errorText(field);
  return (
    <Stack spacing={1} role="group" aria-label={translate('formBuilder.condition.title')} data-testid="condition">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField
          select
          size="small"
          label={translate('formBuilder.condition.question')}
          value={source ? condition.questionKey : ''}
          disabled={readOnly}
          error={!!(errorOf('questionKey') ?? conditionError)}
          helperText={errorOf('questionKey') ?? conditionError}
          onChange={(event) => setCondition({ ...condition, questionKey: event.target.value, value: '' })}
          sx={{ flex: 2, minWidth: 0 }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'condition-question' } as object } }}
        >
          {candidates.map(({ question: candidate }) => (
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
          onChange={(event) => setCondition({ ...condition, operator: event.target.value as QuestionCondition['operator'] })}
          sx={{ flex: 1, minWidth: 120 }}
        >
          {CONDITION_OPERATORS.map((operator) => (
            <MenuItem key={operator} value={operator}>
              {translate(`formBuilder.condition.${operator}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select={!!choices}
          size="small"
          label={translate('formBuilder.condition.value')}
          value={choices && !choices.some((choice) => choice.value === condition.value) ? '' : condition.value}
          disabled={readOnly}
          error={!!errorOf('value')}
          helperText={errorOf('value')}
          onChange={(event) => setCondition({ ...condition, value: event.target.value })}
          sx={{ flex: 2, minWidth: 0 }}
          slotProps={{ htmlInput: { maxLength: CONDITION_VALUE_MAX } }}
        >
          {choices?.map((choice) => (
            <MenuItem key={choice.value} value={choice.value}>
              {choice.label}
            </MenuItem>
          ))}
        </TextField>
        {!readOnly && (
          <IconButton aria-label={translate('formBuilder.condition.remove')} onClick={() => setCondition(null)} sx={{ alignSelf: 'center' }}>
            <Close fontSize="small" />
          </IconButton>
        )}
      </Stack>
    </Stack>
  );
}
