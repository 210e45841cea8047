import { useEffect, useRef } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { QUESTION_HELP_MAX, QUESTION_LABEL_MAX, QUESTION_TYPES, type FormQuestion, type QuestionType } from '../../../../contract/forms';
import { CalculationEditor } from './CalculationEditor';
import { ConditionEditor } from './ConditionEditor';
import { LimitsEditor } from './LimitsEditor';
import { questionField } from './editorErrors';
import { useSectionsEditing } from './FormEditorContext';
import { OptionsEditor } from './OptionsEditor';
import { PrefillEditor } from './PrefillEditor';
import { QuestionKeyField } from './QuestionKeyField';
import { QuestionList } from './QuestionList';
import { RepeatEditor } from './RepeatEditor';
import { RulePicker } from './RulePicker';
import { LIMIT_FIELDS, updateQuestion, withType, type QuestionList as Placement } from './sectionsDraft';

/** Every setting of one question; a group also holds its child questions here. */
export function QuestionDetails({ question, placement }: { question: FormQuestion; placement: Placement }) {
  const translate = useTranslate();
  const { readOnly, change, errorText, takeFocusRequest } = useSectionsEditing();
  const labelRef = useRef<HTMLInputElement>(null);
  // A new question's label takes focus once the "Add question" menu has let it go (autoFocus would lose it to the menu's focus trap).
  useEffect(() => {
    if (takeFocusRequest(question.key)) labelRef.current?.focus();
  }, [takeFocusRequest, question.key]);
  const field = (name: string) => questionField(question.key, name);
  const set = (patch: Partial<FormQuestion>, ...fields: string[]) => change((sections) => updateQuestion(sections, question.key, patch), fields.map(field));
  const types = placement.groupKey === null ? QUESTION_TYPES : QUESTION_TYPES.filter((type) => type !== 'group');
  const text = (name: 'label' | 'help', max: number, multiline = false) => (
    <TextField
      size="small"
      fullWidth
      required={name === 'label'}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      label={translate(`formBuilder.questions.${name}`)}
      value={question[name]}
      disabled={readOnly}
      inputRef={name === 'label' ? labelRef : undefined}
      error={!!errorText(field(name))}
      helperText={errorText(field(name))}
      onChange={(event) => set({ [name]: event.target.value }, name)}
      slotProps={{ htmlInput: { maxLength: max, 'data-testid': `question-${name}` } }}
    />
  );
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label={translate('formBuilder.questions.type')}
          value={question.type}
          disabled={readOnly}
          error={!!(errorText(field('type')) ?? errorText(field('children')))}
          helperText={errorText(field('type')) ?? errorText(field('children'))}
          onChange={(event) => set(withType(question, event.target.value as QuestionType), 'type', 'options', 'ruleId', 'limits', 'children')}
          sx={{ minWidth: 200 }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'question-type' } as object } }}
        >
          {types.map((type) => (
            <MenuItem key={type} value={type}>
              {translate(`formBuilder.types.${type}`)}
            </MenuItem>
          ))}
        </TextField>
        {question.type !== 'group' && question.type !== 'calculated' && (
          <FormControlLabel
            control={
              <Switch
                checked={question.required}
                disabled={readOnly}
                onChange={(event) => set({ required: event.target.checked }, 'required')}
                slotProps={{ input: { 'data-testid': 'question-required' } as object }}
              />
            }
            label={translate('formBuilder.questions.required')}
          />
        )}
      </Stack>
      {text('label', QUESTION_LABEL_MAX)}
      {text('help', QUESTION_HELP_MAX, true)}
      {(question.type === 'select' || question.type === 'multiple') && <OptionsEditor question={question} />}
      {question.type === 'text' && <RulePicker question={question} />}
      {LIMIT_FIELDS[question.type] && <LimitsEditor question={question} />}
      {question.type === 'calculated' && <CalculationEditor question={question} />}
      <PrefillEditor question={question} />
      <QuestionKeyField question={question} />
      <ConditionEditor question={question} />
      {question.type === 'group' && <RepeatEditor question={question} />}
      {question.type === 'group' && (
        <Stack spacing={1} sx={{ pl: { xs: 1, sm: 2 }, borderLeft: 2, borderColor: 'divider' }}>
          <Typography variant="subtitle2">{translate('formBuilder.questions.children')}</Typography>
          <QuestionList sectionKey={placement.sectionKey} groupKey={question.key} questions={question.children} />
        </Stack>
      )}
    </Stack>
  );
}
