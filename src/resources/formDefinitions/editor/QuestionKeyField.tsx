import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { QUESTION_KEY_MAX, type FormQuestion } from '../../../../contract/forms';
import { questionField } from './editorErrors';
import { useDraftSections, useSectionsEditing } from './FormEditorContext';
import { renameQuestionKey, takenKeys } from './sectionsDraft';

/**
 * A question's key: answers are carried to later versions by it, so it is fixed once saved. Until then it may
 * be renamed (taken on leaving the field, so the question keeps its place and focus while typing).
 */
export function QuestionKeyField({ question }: { question: FormQuestion }) {
  const translate = useTranslate();
  const { readOnly, savedKeys, change, errorText } = useSectionsEditing();
  const sections = useDraftSections();
  const [typed, setTyped] = useState(question.key);
  const [taken, setTaken] = useState(false);
  const fixed = readOnly || savedKeys.has(question.key);
  const field = questionField(question.key, 'key');
  const commit = () => {
    const key = typed.trim();
    if (!key || key === question.key) return setTyped(question.key);
    if (takenKeys(sections).has(key)) return setTaken(true);
    change((current) => renameQuestionKey(current, question.key, key), [field]);
  };
  const error = taken ? translate('formBuilder.questions.keyTaken') : errorText(field);
  return (
    <TextField
      size="small"
      label={translate('formBuilder.questions.key')}
      value={fixed ? question.key : typed}
      disabled={fixed}
      error={!!error}
      helperText={error ?? translate('formBuilder.questions.keyHelp')}
      onChange={(event) => {
        setTyped(event.target.value);
        setTaken(false);
      }}
      onBlur={commit}
      slotProps={{ htmlInput: { maxLength: QUESTION_KEY_MAX, spellCheck: false, 'data-testid': 'question-key' } }}
    />
  );
}
