import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useGetList, useTranslate } from 'react-admin';
import { isAnswerable, placedQuestions } from '../../../../contract/answers';
import type { FormDto, FormQuestion, QuestionPrefill } from '../../../../contract/forms';
import { MAX_PAGE_SIZE } from '../../../../contract/http';
import { fetchFormSections } from '../formDefinitionApi';
import { questionField } from './editorErrors';
import { useSectionsEditing } from './FormEditorContext';

type FormPrefill = Extract<QuestionPrefill, { source: 'form' }>;

/**
 * Another form's answer as a question's first value: the form among the Ready ones (by name), then one of its
 * questions that has an answer of its own (not a group, not a row of one). The partner's last accepted submission
 * of that form gives the value when this form is assigned.
 */
export function FormPrefillSource({ question, prefill, onChange }: { question: FormQuestion; prefill: FormPrefill; onChange: (next: FormPrefill) => void }) {
  const translate = useTranslate();
  const { readOnly, errorText } = useSectionsEditing();
  const { data: forms = [] } = useGetList<FormDto>('forms', {
    pagination: { page: 1, perPage: MAX_PAGE_SIZE },
    sort: { field: 'name', order: 'ASC' },
    filter: { status: 'Ready' },
  });
  const source = forms.find((form) => form.definitionId === prefill.definitionId);
  const { data: sections } = useQuery({
    queryKey: ['forms', source?.id, 'sections'],
    queryFn: ({ signal }) => fetchFormSections(source!.id, signal),
    enabled: !!source,
  });
  const questions = (sections?.sections ? placedQuestions(sections.sections) : []).filter(
    ({ question: asked, rowsOf }) => isAnswerable(asked) && asked.type !== 'group' && rowsOf === null,
  );
  const definitionField = questionField(question.key, 'prefill.definitionId');
  const keyField = questionField(question.key, 'prefill.questionKey');
  return (
    <>
      <TextField
        select
        size="small"
        label={translate('formBuilder.prefill.sourceForm')}
        value={source ? prefill.definitionId : ''}
        disabled={readOnly}
        error={!!errorText(definitionField)}
        helperText={errorText(definitionField)}
        onChange={(event) => onChange({ ...prefill, definitionId: event.target.value, questionKey: '' })}
        sx={{ minWidth: 220 }}
        slotProps={{ htmlInput: { 'data-testid': 'prefill-form' } }}
      >
        {[...new Map(forms.map((form) => [form.definitionId, form])).values()].map((form) => (
          <MenuItem key={form.definitionId} value={form.definitionId}>
            {form.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={translate('formBuilder.prefill.sourceQuestion')}
        value={questions.some(({ question: asked }) => asked.key === prefill.questionKey) ? prefill.questionKey : ''}
        disabled={readOnly || !source}
        error={!!errorText(keyField)}
        helperText={errorText(keyField)}
        onChange={(event) => onChange({ ...prefill, questionKey: event.target.value })}
        sx={{ minWidth: 220 }}
        slotProps={{ htmlInput: { 'data-testid': 'prefill-question' } }}
      >
        {questions.map(({ question: asked }) => (
          <MenuItem key={asked.key} value={asked.key}>
            {asked.label}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}
