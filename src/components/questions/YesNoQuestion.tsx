import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { ChoiceFieldset } from './ChoiceFieldset';
import type { QuestionInputProps } from './questionTypes';
import { useQuestionTexts } from './questionTexts';

/** Yes or no: two radio buttons (no answer until one is chosen; "no" is an answer). */
export function YesNoQuestion({ question, value, onAnswer, error, readOnly, inputId }: QuestionInputProps<boolean>) {
  const translate = useQuestionTexts();
  const chosen = value === true ? 'yes' : value === false ? 'no' : '';
  return (
    <ChoiceFieldset question={question} error={error}>
      <RadioGroup row value={chosen} onChange={(event) => onAnswer(question.key, event.target.value === 'yes')}>
        {(['yes', 'no'] as const).map((choice, index) => (
          <FormControlLabel
            key={choice}
            value={choice}
            disabled={readOnly}
            label={translate(`formFiller.question.${choice}`)}
            control={<Radio slotProps={{ input: { id: index === 0 ? inputId : undefined, 'aria-invalid': error !== null } }} />}
          />
        ))}
      </RadioGroup>
    </ChoiceFieldset>
  );
}
