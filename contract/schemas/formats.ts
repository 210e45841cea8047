/**
 * The formats of email, phone and website fields, as checks that read a value once. They run on client
 * input in the browser and on the server, so none may backtrack: a pattern such as
 * `^[^\s@]+@[^\s@]+\.[^\s@]+$` takes quadratic time on "a@a.a.a.…@" and held the server for seconds.
 */

const WHITESPACE = /\s/;

/** local@domain: one @, no whitespace, and a dot in the domain with text on both sides. */
export function isEmailAddress(value: string): boolean {
  const at = value.indexOf('@');
  if (at < 1 || value.includes('@', at + 1) || WHITESPACE.test(value)) return false;
  const domain = value.slice(at + 1);
  const dot = domain.indexOf('.', 1);
  return dot > 0 && dot < domain.length - 1;
}

/** An optional +, a digit, then 5 to 49 digits, spaces, brackets, dots or dashes. */
const PHONE = /^\+?[0-9][0-9 ().-]{5,49}$/;

export const isPhoneNumber = (value: string) => PHONE.test(value);

const WEB_SCHEME = /^https?:\/\//i;

/** http(s)://, then a host that does not start with / $ . ? #, no whitespace, and a dot followed by 2 characters or more. */
export function isWebsiteAddress(value: string): boolean {
  const scheme = WEB_SCHEME.exec(value);
  if (!scheme || WHITESPACE.test(value)) return false;
  const rest = value.slice(scheme[0].length);
  if (!rest || '/$.?#'.includes(rest[0])) return false;
  return rest.lastIndexOf('.', rest.length - 3) >= 1;
}
