import { NUMBER_FRACTION_DIGITS_MAX, NUMBER_INTEGER_DIGITS_MAX } from '../forms';

/**
 * Exact decimals as text ("-1234.5"): numbers and amounts are compared and stepped with BigInt scaled by
 * 10^NUMBER_FRACTION_DIGITS_MAX, never as floats. A value is read once and refused past its digit limits, so a
 * huge or odd input costs its length and no more.
 */

const DECIMAL = new RegExp(`^([+-]?)([0-9]{1,${NUMBER_INTEGER_DIGITS_MAX + 20}})(?:\\.([0-9]{1,${NUMBER_FRACTION_DIGITS_MAX + 20}}))?$`);
const SCALE = 10n ** BigInt(NUMBER_FRACTION_DIGITS_MAX);

/**
 * The one form of a decimal: no sign for zero or positives, no leading zeros, no trailing zeros after the point
 * ("+007.50" → "7.5", "-0.0" → "0"). Null when it is not a plain decimal within the digit limits.
 */
export function canonicalDecimal(text: string): string | null {
  if (text.length > NUMBER_INTEGER_DIGITS_MAX + NUMBER_FRACTION_DIGITS_MAX + 40) return null;
  const parts = DECIMAL.exec(text);
  if (!parts) return null;
  const whole = parts[2].replace(/^0+(?=[0-9])/, '');
  const fraction = (parts[3] ?? '').replace(/0+$/, '');
  if (whole.length > NUMBER_INTEGER_DIGITS_MAX || fraction.length > NUMBER_FRACTION_DIGITS_MAX) return null;
  const zero = whole === '0' && fraction === '';
  return `${parts[1] === '-' && !zero ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

export const isCanonicalDecimal = (text: string) => canonicalDecimal(text) === text;

/** Digits after the point of a canonical decimal. */
export const fractionDigits = (canonical: string) => {
  const point = canonical.indexOf('.');
  return point < 0 ? 0 : canonical.length - point - 1;
};

/** A canonical decimal as an integer count of 10^-NUMBER_FRACTION_DIGITS_MAX. */
export function scaledDecimal(canonical: string): bigint {
  const negative = canonical.startsWith('-');
  const [whole, fraction = ''] = (negative ? canonical.slice(1) : canonical).split('.');
  const scaled = BigInt(whole) * SCALE + BigInt(fraction.padEnd(NUMBER_FRACTION_DIGITS_MAX, '0') || '0');
  return negative ? -scaled : scaled;
}

/** -1, 0 or 1 as a is less than, equal to or greater than b (both canonical). */
export function compareDecimals(a: string, b: string): number {
  const difference = scaledDecimal(a) - scaledDecimal(b);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

/** Whether `value` is `base` plus a whole number of `step`s (all canonical, step positive). */
export function isOnStep(value: string, step: string, base = '0'): boolean {
  const size = scaledDecimal(step);
  return size > 0n && (scaledDecimal(value) - scaledDecimal(base)) % size === 0n;
}

/** The separators of a locale's numbers: the decimal mark and the grouping mark ("," and "." in vi). */
export function numberSeparators(locale: string): { decimal: string; group: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  return {
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
  };
}

/**
 * A number as a person types it in their locale ("1.234,5" in vi, "1,234.5" in en; spaces and the group mark
 * ignored) as a canonical decimal; null when it is not one.
 */
export function parseLocaleDecimal(text: string, locale: string): string | null {
  if (text.length > 100) return null;
  const { decimal, group } = numberSeparators(locale);
  const plain = text.replace(/[\s\u00a0\u202f]/g, '').replace(/^\u2212/, '-');
  const [whole, fraction, extra] = plain.split(decimal);
  // The group mark only before the decimal mark ("1,5.2" in vi is not a number).
  if (extra !== undefined || fraction?.includes(group)) return null;
  const groups = whole.replace(/^[-+]/, '').split(group);
  // Grouped, every group after the first has three digits ("1.5" in vi is not fifteen).
  if (groups.length > 1 && (groups[0].length > 3 || groups.slice(1).some((part) => part.length !== 3))) return null;
  const digits = whole.split(group).join('');
  return canonicalDecimal(fraction === undefined ? digits : `${digits}.${fraction}`);
}
