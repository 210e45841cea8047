import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useGetList, usePermissions, useTranslate } from 'react-admin';
import { canAccessWith } from '../../../../contract/permissions';
import type { FormQuestion, TextRule, ValidationRuleDto } from '../../../../contract/forms';
import { questionField } from './editorErrors';
import { useSectionsEditing } from './FormEditorContext';
import { updateQuestion } from './sectionsDraft';

const SEARCH_DEBOUNCE_MS = 300;
const RULES_SHOWN = 25;

type RuleChoice = Pick<ValidationRuleDto, 'id' | 'name'> & Partial<TextRule>;

const ruleCopy = ({ name, suggestText = '', errorText = '', minLength = null, maxLength = null, regex = null }: RuleChoice): TextRule => ({
  name,
  suggestText,
  errorText,
  minLength,
  maxLength,
  regex,
});

/**
 * A text question's validation rule, searched by name among /validation-rules. The question keeps a copy of
 * the rule for the preview; the server makes its own copy when the version is saved.
 */
export function RulePicker({ question }: { question: FormQuestion }) {
  const translate = useTranslate();
  const { readOnly: locked, change, errorText } = useSectionsEditing();
  const { permissions } = usePermissions<string[]>();
  // Without the rules' list the question keeps the rule it has: the picker shows it and cannot change it.
  const readOnly = locked || !canAccessWith(permissions ?? [], { resource: 'ValidationRules', action: 'list' });
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const { data = [], isFetching } = useGetList<ValidationRuleDto>(
    'validation-rules',
    { pagination: { page: 1, perPage: RULES_SHOWN }, sort: { field: 'name', order: 'ASC' }, filter: keyword ? { q: keyword } : {} },
    { enabled: !readOnly, placeholderData: (previous) => previous },
  );
  const field = questionField(question.key, 'ruleId');
  const error = errorText(field);
  const chosen: RuleChoice | null = question.ruleId ? { id: question.ruleId, ...(question.rule ?? { name: question.ruleId }) } : null;
  return (
    <Autocomplete<RuleChoice>
      options={data}
      value={chosen}
      loading={isFetching}
      disabled={readOnly}
      filterOptions={(options) => options}
      getOptionLabel={(rule) => rule.name}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      onInputChange={(_, text, reason) => reason === 'input' && setTyped(text)}
      onChange={(_, rule) =>
        change((sections) => updateQuestion(sections, question.key, { ruleId: rule?.id ?? null, rule: rule ? ruleCopy(rule) : null }), [field])
      }
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={translate('formBuilder.questions.rule')}
          placeholder={translate('formBuilder.questions.ruleNone')}
          error={!!error}
          helperText={error ?? translate('formBuilder.questions.ruleHelp')}
          slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'question-rule' } }}
        />
      )}
    />
  );
}
