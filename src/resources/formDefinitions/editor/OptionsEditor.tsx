import Add from '@mui/icons-material/Add';
import Close from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { OPTION_MAX, OPTIONS_MAX, type FormQuestion } from '../../../../contract/forms';
import { questionField } from './editorErrors';
import { useSectionsEditing } from './FormEditorContext';
import { updateQuestion } from './sectionsDraft';

/** The choices of a select or multiple question, in order. */
export function OptionsEditor({ question }: { question: FormQuestion }) {
  const translate = useTranslate();
  const { readOnly, change, errorText } = useSectionsEditing();
  const field = questionField(question.key, 'options');
  const setOptions = (options: string[]) => change((sections) => updateQuestion(sections, question.key, { options }), [field]);
  const listError = errorText(field);
  return (
    <Stack spacing={1} role="group" aria-label={translate('formBuilder.questions.options')}>
      <Typography variant="subtitle2">{translate('formBuilder.questions.options')}</Typography>
      {question.options.map((option, index) => {
        const label = translate('formBuilder.questions.option', { number: index + 1 });
        const error = errorText(`${field}.${index}`);
        return (
          <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              size="small"
              fullWidth
              label={label}
              value={option}
              disabled={readOnly}
              error={!!error}
              helperText={error}
              onChange={(event) => setOptions(question.options.map((current, i) => (i === index ? event.target.value : current)))}
              slotProps={{ htmlInput: { maxLength: OPTION_MAX, 'data-testid': 'question-option' } }}
            />
            {!readOnly && (
              <IconButton
                aria-label={translate('formBuilder.questions.removeOption', { number: index + 1 })}
                onClick={() => setOptions(question.options.filter((_, i) => i !== index))}
              >
                <Close fontSize="small" />
              </IconButton>
            )}
          </Stack>
        );
      })}
      {listError && <FormHelperText error>{listError}</FormHelperText>}
      {!readOnly && question.options.length < OPTIONS_MAX && (
        <Button
          size="small"
          startIcon={<Add />}
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => setOptions([...question.options, ''])}
          data-testid="add-option"
        >
          {translate('formBuilder.questions.addOption')}
        </Button>
      )}
    </Stack>
  );
}
