import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { CALCULATION_EXPRESSION_MAX, calculationDependencies } from '../../../../contract/answers';
import { NUMBER_FRACTION_DIGITS_MAX, UNIT_MAX, type FormQuestion, type QuestionCalculation } from '../../../../contract/forms';
import { questionField } from './editorErrors';
import { useDraftSections, useSectionsEditing } from './FormEditorContext';
import { earlierQuestions, updateQuestion } from './sectionsDraft';

const DECIMALS = Array.from({ length: NUMBER_FRACTION_DIGITS_MAX + 1 }, (_, digits) => digits);

/**
 * A calculated question's expression (`{key}` names an earlier answer), the digits it keeps and its unit, with the
 * questions it reads: the structure check (the same as the server's) says what is wrong as it is typed.
 */
export function CalculationEditor({ question }: { question: FormQuestion }) {
  const translate = useTranslate();
  const { readOnly, change, errorText } = useSectionsEditing();
  const sections = useDraftSections();
  const calculation: QuestionCalculation = question.calculation ?? { expression: '', decimals: 2, unit: '' };
  const field = (name: string) => questionField(question.key, `calculation.${name}`);
  const set = (patch: Partial<QuestionCalculation>, name: string) =>
    change((all) => updateQuestion(all, question.key, { calculation: { ...calculation, ...patch } }), [field(name)]);
  const labels = new Map(earlierQuestions(sections, question.key).map(({ question: earlier }) => [earlier.key, earlier.label]));
  const reads = calculationDependencies(calculation.expression);
  const expressionError = errorText(field('expression'));
  return (
    <Stack spacing={1.5} role="group" aria-label={translate('formBuilder.calculation.title')} data-testid="calculation">
      <TextField
        size="small"
        fullWidth
        required
        label={translate('formBuilder.calculation.expression')}
        value={calculation.expression}
        disabled={readOnly}
        error={!!expressionError}
        helperText={expressionError ?? translate('formBuilder.calculation.help')}
        onChange={(event) => set({ expression: event.target.value }, 'expression')}
        slotProps={{ htmlInput: { maxLength: CALCULATION_EXPRESSION_MAX, spellCheck: false, 'data-testid': 'calculation-expression' } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          size="small"
          label={translate('formBuilder.calculation.decimals')}
          value={calculation.decimals}
          disabled={readOnly}
          onChange={(event) => set({ decimals: Number(event.target.value) }, 'decimals')}
          sx={{ minWidth: 160 }}
        >
          {DECIMALS.map((digits) => (
            <MenuItem key={digits} value={digits}>
              {digits}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={translate('formBuilder.calculation.unit')}
          value={calculation.unit}
          disabled={readOnly}
          onChange={(event) => set({ unit: event.target.value }, 'unit')}
          slotProps={{ htmlInput: { maxLength: UNIT_MAX } }}
          sx={{ flex: 1 }}
        />
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }} data-testid="calculation-reads">
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {translate(reads.length ? 'formBuilder.calculation.reads' : 'formBuilder.calculation.readsNothing')}
        </Typography>
        {reads.map((key) => (
          <Chip key={key} size="small" label={labels.get(key) ?? key} color={labels.has(key) ? 'default' : 'error'} variant="outlined" />
        ))}
      </Stack>
    </Stack>
  );
}
