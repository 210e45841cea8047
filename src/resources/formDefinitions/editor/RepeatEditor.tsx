import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { REPEAT_ROWS_MAX, type FormQuestion, type GroupRepeat } from '../../../../contract/forms';
import { questionField } from './editorErrors';
import { useSectionsEditing } from './FormEditorContext';
import { updateQuestion } from './sectionsDraft';

/** A new repeating group's rows: one at least, ten at most (the builder's first guess, changed here). */
const FIRST_REPEAT: GroupRepeat = { min: 1, max: 10 };

/** A group answered once, or as rows (a list of directors, of bank accounts) between a least and a most number of rows. */
export function RepeatEditor({ question }: { question: FormQuestion }) {
  const translate = useTranslate();
  const { readOnly, change, errorText } = useSectionsEditing();
  const field = (name: string) => questionField(question.key, name);
  const set = (repeat: GroupRepeat | null) => change((sections) => updateQuestion(sections, question.key, { repeat }), [field('repeat')]);
  const repeat = question.repeat ?? null;
  const bound = (name: 'min' | 'max') => (
    <TextField
      size="small"
      type="number"
      label={translate(`formBuilder.repeat.${name}`)}
      value={repeat ? repeat[name] : ''}
      disabled={readOnly}
      error={!!errorText(field(`repeat.${name}`))}
      helperText={errorText(field(`repeat.${name}`))}
      onChange={(event) => {
        const value = Math.trunc(Number(event.target.value));
        if (repeat && Number.isFinite(value)) set({ ...repeat, [name]: Math.max(0, Math.min(REPEAT_ROWS_MAX, value)) });
      }}
      slotProps={{ htmlInput: { min: name === 'min' ? 0 : 1, max: REPEAT_ROWS_MAX, 'data-testid': `repeat-${name}` } }}
      sx={{ width: 160 }}
    />
  );
  return (
    <Stack spacing={1.5}>
      <FormControlLabel
        control={
          <Switch
            checked={!!repeat}
            disabled={readOnly}
            onChange={(event) => set(event.target.checked ? FIRST_REPEAT : null)}
            slotProps={{ input: { 'data-testid': 'group-repeat' } as object }}
          />
        }
        label={translate('formBuilder.repeat.label')}
      />
      {repeat && (
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {bound('min')}
          {bound('max')}
        </Stack>
      )}
    </Stack>
  );
}
