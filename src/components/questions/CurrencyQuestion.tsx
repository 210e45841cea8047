import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { canonicalCurrencyAmount, formatAmountNumber, isCurrencyAmountShape, limitsOf, offeredCurrencies } from '../../../contract/answers';
import { TYPED_ANSWER_TEXT_MAX, type CurrencyAmount } from '../../../contract/forms';
import { DecimalInput } from './DecimalInput';
import { QuestionHelper } from './QuestionHelper';
import { TypedAnswerText } from './TypedAnswerText';
import { limitsHint } from './typedAnswerHints';
import { useQuestionLocale, useQuestionTexts } from './questionTexts';
import type { QuestionInputProps } from './questionTypes';

/** The local currency first when the question offers it: most partners answer in it. */
const HOME_CURRENCY = 'VND';

/** The codes offered in the order shown, the answer's own kept when this version no longer offers it. */
function currencyChoices(question: QuestionInputProps['question'], current: string | undefined): string[] {
  const offered = offeredCurrencies(limitsOf(question));
  const ordered = offered.includes(HOME_CURRENCY) ? [HOME_CURRENCY, ...offered.filter((code) => code !== HOME_CURRENCY)] : [...offered];
  return current && !ordered.includes(current) ? [...ordered, current] : ordered;
}

/** An amount of money: the amount typed in the partner's marks (focused first on an error), then its currency. */
export function CurrencyQuestion({ question, value, onAnswer, error, readOnly, inputId }: QuestionInputProps<CurrencyAmount>) {
  const translate = useQuestionTexts();
  const locale = useQuestionLocale();
  if (readOnly) return <TypedAnswerText question={question} value={value} inputId={inputId} />;
  const answer = isCurrencyAmountShape(value) ? value : undefined;
  const choices = currencyChoices(question, answer?.currency);
  const currency = answer?.currency ?? choices[0];
  const amount = answer?.amount ?? '';
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <DecimalInput
        id={inputId}
        label={question.label}
        required={question.required}
        value={amount}
        locale={locale}
        format={(stored) => formatAmountNumber(currency, stored, locale)}
        onText={(text) => onAnswer(question.key, canonicalCurrencyAmount(currency, text, locale))}
        error={error !== null}
        helperText={<QuestionHelper help={question.help} hint={limitsHint(question, locale, translate)} error={error} />}
        sx={{ flex: 1, minWidth: 0 }}
        slotProps={{ htmlInput: { maxLength: TYPED_ANSWER_TEXT_MAX } }}
      />
      <TextField
        select
        label={translate('formFiller.question.currency')}
        value={currency}
        onChange={(event) => onAnswer(question.key, { currency: event.target.value, amount })}
        sx={{ width: 110, flexShrink: 0 }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {choices.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </TextField>
    </Stack>
  );
}
