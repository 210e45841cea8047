import { NUMBER_FRACTION_DIGITS_MAX, type AnswerValue, type FormQuestion } from '../forms';
import type { RuleMessage } from '../schemas/messages';
import { CURRENCY_MINOR_UNITS } from './currencies';
import { dateInstant, isCalendarDate } from './dates';
import { fractionDigits, isCanonicalDecimal } from './decimals';
import { isCurrencyAmountShape, isTypedQuestionType, limitsOf } from './typedAnswers';

/**
 * A typed answer as a reader of `locale` reads it ("1.234,5 kg", "1.500.000 ₫", "5 thg 12, 2026" in vi): the filler
 * away from its input, staff's review, the PDF and the CSV with labels. Exact: decimals are formatted from their
 * text, never through a float. A value that is not canonical yet (a draft) is shown as typed; null: not a typed question.
 */
export function typedAnswerText(
  question: Pick<FormQuestion, 'type' | 'limits' | 'calculation'>,
  value: AnswerValue | undefined,
  locale: string,
): string | null {
  if (value === null || value === undefined) return null;
  if (question.type === 'calculated') {
    const unit = question.calculation?.unit ?? '';
    return typeof value === 'string' ? `${formatDecimal(value, locale)}${unit ? ` ${unit}` : ''}` : null;
  }
  if (!isTypedQuestionType(question.type)) return null;
  if (question.type === 'currency') {
    if (!isCurrencyAmountShape(value)) return null;
    return formatAmount(value.currency, value.amount, locale);
  }
  if (typeof value !== 'string') return null;
  if (question.type === 'number') {
    const unit = limitsOf(question).unit;
    return `${formatDecimal(value, locale)}${unit ? ` ${unit}` : ''}`;
  }
  if (question.type === 'date') return formatDate(value, locale);
  return value;
}

/** A canonical decimal in a locale's marks; anything else as it is. */
export function formatDecimal(value: string, locale: string): string {
  if (!isCanonicalDecimal(value)) return value;
  return new Intl.NumberFormat(locale, { maximumFractionDigits: NUMBER_FRACTION_DIGITS_MAX }).format(value as unknown as number);
}

/** An amount in the locale's marks with its currency's digits after the point (more if it has them); with the symbol when asked. */
function formatCurrencyAmount(currency: string, amount: string, locale: string, withSymbol: boolean): string | null {
  const minor = CURRENCY_MINOR_UNITS.get(currency);
  if (minor === undefined || !isCanonicalDecimal(amount)) return null;
  const digits = Math.max(minor, fractionDigits(amount));
  const style = withSymbol ? { style: 'currency' as const, currency } : {};
  return new Intl.NumberFormat(locale, { ...style, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(amount as unknown as number);
}

/** An amount with its currency ("1.500.000 ₫", "US$12.50"); as typed when it is not one yet. */
export const formatAmount = (currency: string, amount: string, locale: string): string =>
  formatCurrencyAmount(currency, amount, locale, true) ?? `${amount} ${currency}`.trim();

/** An amount without its symbol, with its currency's digits ("1.500.000" for VND, "12.50" for USD): the amount input's text. */
export const formatAmountNumber = (currency: string, amount: string, locale: string): string =>
  formatCurrencyAmount(currency, amount, locale, false) ?? formatDecimal(amount, locale);

/** A calendar date as the locale writes it; anything else as it is. */
export function formatDate(value: string, locale: string): string {
  if (!isCalendarDate(value)) return value;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(dateInstant(value));
}

/** A check's message with its numbers and dates written as the reader writes them ("At most 1.000.000" in vi). */
export function localizedMessage(message: RuleMessage, locale: string): RuleMessage {
  if (!message.values) return message;
  const values = Object.fromEntries(
    Object.entries(message.values).map(([name, value]) => [
      name,
      typeof value !== 'string' ? value : isCalendarDate(value) ? formatDate(value, locale) : isCanonicalDecimal(value) ? formatDecimal(value, locale) : value,
    ]),
  );
  return { ...message, values };
}
