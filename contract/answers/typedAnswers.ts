import {
  EMAIL_ANSWER_MAX,
  NO_LIMITS,
  PHONE_ANSWER_MAX,
  TYPED_ANSWER_TEXT_MAX,
  TYPED_QUESTION_TYPES,
  URL_ANSWER_MAX,
  type CurrencyAmount,
  type FormQuestion,
  type QuestionLimits,
  type QuestionType,
  type TypedQuestionType,
} from '../forms';
import { isEmailAddress, isWebsiteAddress } from '../schemas/formats';
import type { RuleMessage } from '../schemas/messages';
import { CURRENCY_MINOR_UNITS, offeredCurrencies } from './currencies';
import { isCalendarDate, utcToday } from './dates';
import { canonicalDecimal, compareDecimals, fractionDigits, isCanonicalDecimal, isOnStep, parseLocaleDecimal } from './decimals';

/**
 * Typed answers (issue 40): number, currency, date, email, phone and URL. A draft may keep what the partner typed
 * (a text of bounded length); Submit, in the browser and on the server, accepts only the canonical form within the
 * question's limits. The browser turns what is typed into that form as it is typed (`canonicalTypedText`).
 */

export const isTypedQuestionType = (type: QuestionType): type is TypedQuestionType => (TYPED_QUESTION_TYPES as readonly string[]).includes(type);

/** A question's limits, the defaults filling what a form made before typed answers (or a sparse save) lacks. */
export const limitsOf = (question: Pick<FormQuestion, 'limits'>): QuestionLimits => ({ ...NO_LIMITS, ...(question.limits ?? {}) });

const typeError: RuleMessage = { key: 'validation.typeError' };
const tooLong = (max: number): RuleMessage => ({ key: 'validation.maxLength', values: { max } });

const TEXT_MAX: Record<Exclude<TypedQuestionType, 'currency'>, number> = {
  number: TYPED_ANSWER_TEXT_MAX,
  date: TYPED_ANSWER_TEXT_MAX,
  email: EMAIL_ANSWER_MAX,
  phone: PHONE_ANSWER_MAX,
  url: URL_ANSWER_MAX,
};

/** A currency answer: an object with a code and an amount as texts, nothing else. */
export function isCurrencyAmountShape(value: unknown): value is CurrencyAmount {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  const { currency, amount } = value as Record<string, unknown>;
  return keys.length === 2 && typeof currency === 'string' && typeof amount === 'string' && currency.length <= 8 && amount.length <= TYPED_ANSWER_TEXT_MAX;
}

/** Whether a typed answer is of its type and within the size a draft may keep (null clears it). */
export function typedAnswerShapeError(type: TypedQuestionType, value: unknown): RuleMessage | null {
  if (type === 'currency') return isCurrencyAmountShape(value) ? null : typeError;
  if (typeof value !== 'string') return typeError;
  return value.length > TEXT_MAX[type] ? tooLong(TEXT_MAX[type]) : null;
}

const PHONE = /^\+[1-9][0-9]{6,14}$/;

function decimalError(value: string, limits: QuestionLimits, integer: boolean): RuleMessage | null {
  if (!isCanonicalDecimal(value)) return { key: 'validation.numberInvalid' };
  if (integer && value.includes('.')) return { key: 'validation.integer' };
  if (limits.min !== null && compareDecimals(value, limits.min) < 0) return { key: 'validation.minValue', values: { min: limits.min } };
  if (limits.max !== null && compareDecimals(value, limits.max) > 0) return { key: 'validation.maxValue', values: { max: limits.max } };
  if (limits.step !== null && !isOnStep(value, limits.step, limits.min ?? '0')) return { key: 'validation.numberStep', values: { step: limits.step } };
  return null;
}

function dateError(value: string, limits: QuestionLimits, today: string): RuleMessage | null {
  if (!isCalendarDate(value)) return { key: 'validation.dateInvalid' };
  if (limits.min !== null && value < limits.min) return { key: 'validation.dateNotBefore', values: { min: limits.min } };
  if (limits.max !== null && value > limits.max) return { key: 'validation.dateNotAfter', values: { max: limits.max } };
  if (limits.relative === 'future' && value <= today) return { key: 'validation.dateFuture' };
  if (limits.relative === 'past' && value >= today) return { key: 'validation.datePast' };
  return null;
}

/** What is wrong with an answered typed question's value (its shape already checked), or null. */
export function typedAnswerError(question: FormQuestion & { type: TypedQuestionType }, value: string | CurrencyAmount, today = utcToday()): RuleMessage | null {
  const limits = limitsOf(question);
  switch (question.type) {
    case 'number':
      return decimalError(value as string, limits, limits.integer);
    case 'currency': {
      const { currency, amount } = value as CurrencyAmount;
      if (!offeredCurrencies(limits).includes(currency)) return { key: 'validation.currencyNotOffered' };
      const minor = CURRENCY_MINOR_UNITS.get(currency) ?? 0;
      const error = decimalError(amount, { ...limits, step: null }, false);
      if (error) return error;
      return fractionDigits(amount) > minor ? { key: 'validation.currencyMinorUnits', values: { digits: minor, currency } } : null;
    }
    case 'date':
      return dateError(value as string, limits, today);
    case 'email':
      return isEmailAddress(value as string) && value === canonicalEmail(value as string) ? null : { key: 'validation.email' };
    case 'phone':
      return PHONE.test(value as string) ? null : { key: 'validation.phoneInternational' };
    case 'url':
      return isWebsiteAddress(value as string) && canonicalUrl(value as string) === value ? null : { key: 'validation.website' };
    default:
      return typeError;
  }
}

/** An email trimmed, its domain in lower case (the local part is the mailbox's own). */
export function canonicalEmail(text: string): string {
  const trimmed = text.trim();
  const at = trimmed.lastIndexOf('@');
  return at < 0 ? trimmed : trimmed.slice(0, at + 1) + trimmed.slice(at + 1).toLowerCase();
}

/** A phone number without its spaces, dots, dashes and brackets ("+84 (90) 123-4567" → "+84901234567"). */
export const canonicalPhone = (text: string) => {
  const trimmed = text.trim();
  const plain = trimmed.replace(/[\s().-]/g, '');
  return /^\+?[0-9]+$/.test(plain) ? plain : trimmed;
};

/** A web address as the URL standard writes it (host in lower case, a path of at least "/"); as typed when it is not one. */
export function canonicalUrl(text: string): string {
  const trimmed = text.trim();
  if (!isWebsiteAddress(trimmed) || trimmed.length > URL_ANSWER_MAX) return trimmed;
  try {
    return new URL(trimmed).href;
  } catch {
    return trimmed;
  }
}

/**
 * What the partner typed as the canonical text of the answer (a number in their locale's marks, a phone with
 * spaces), or the text itself when it is not one yet: Submit then says what is wrong with it.
 */
export function canonicalTypedText(type: Exclude<TypedQuestionType, 'currency'>, text: string, locale: string): string {
  switch (type) {
    case 'number':
      return parseLocaleDecimal(text, locale) ?? text.trim();
    case 'email':
      return canonicalEmail(text);
    case 'phone':
      return canonicalPhone(text);
    case 'url':
      return canonicalUrl(text);
    default:
      return text.trim();
  }
}

/** A currency amount as typed, its amount in canonical form when it is a number. */
export const canonicalCurrencyAmount = (currency: string, amountText: string, locale: string): CurrencyAmount => ({
  currency,
  amount: parseLocaleDecimal(amountText, locale) ?? amountText.trim(),
});

export { canonicalDecimal };
