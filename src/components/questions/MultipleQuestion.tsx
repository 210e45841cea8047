import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import { ChoiceFieldset } from './ChoiceFieldset';
import type { QuestionInputProps } from './questionTypes';

/** Any number of options, as check boxes; the answer keeps the options' order. */
export function MultipleQuestion({ question, value, onAnswer, error, readOnly, inputId }: QuestionInputProps<string[]>) {
  const chosen = new Set(value ?? []);
  // Choices an earlier version offered stay listed so they can be unticked.
  const options = [...question.options, ...[...chosen].filter((choice) => !question.options.includes(choice))];
  const toggle = (option: string, on: boolean) => {
    const next = options.filter((choice) => (choice === option ? on : chosen.has(choice)));
    onAnswer(question.key, next);
  };
  return (
    <ChoiceFieldset question={question} error={error}>
      <FormGroup>
        {options.map((option, index) => (
          <FormControlLabel
            key={option}
            label={option}
            disabled={readOnly}
            control={
              <Checkbox
                checked={chosen.has(option)}
                onChange={(event) => toggle(option, event.target.checked)}
                slotProps={{ input: { id: index === 0 ? inputId : undefined, 'aria-invalid': error !== null } }}
              />
            }
          />
        ))}
      </FormGroup>
    </ChoiceFieldset>
  );
}
