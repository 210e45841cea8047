import * as yup from 'yup';
import { isEmailAddress, isPhoneNumber, isWebsiteAddress } from './formats';
import { msg } from './messages';
import { PASSWORD_MAX, PASSWORD_MIN } from './passwordLength';

// Defaults for rules a schema does not word itself, so every yup message is an i18n key.
yup.setLocale({
  mixed: {
    required: msg('validation.required'),
    notType: msg('validation.typeError'),
    notNull: msg('validation.typeError'),
    default: msg('validation.fallback'),
  },
  string: { max: msg('validation.maxLength'), min: msg('validation.minLength'), email: msg('validation.email'), uuid: msg('validation.id') },
  number: { integer: msg('validation.integer'), min: msg('validation.minValue'), max: msg('validation.maxValue') },
  array: { min: msg('validation.minValue'), max: msg('validation.maxItems') },
});

/** Field rules shared by every schema, so a limit is written once. */
export { PASSWORD_MAX, PASSWORD_MIN };

export const required = msg('validation.required');
export const maxLength = msg('validation.maxLength');
export const minLength = msg('validation.minLength');

export const text = (max: number) => yup.string().trim().max(max, maxLength);
export const requiredText = (max: number) => text(max).required(required);

/**
 * A format rule that leaves empty values to `required` and values over the field's limit to `max`: yup runs
 * every test even when `max` fails, and no check should have to read a 200 KB value to refuse it.
 */
export const format = (max: number, name: string, isValid: (value: string) => boolean) =>
  text(max).test(name, msg(`validation.${name}`), (value) => !value || value.length > max || isValid(value));

export const email = () => format(255, 'email', isEmailAddress).required(required);

export const phone = () => format(50, 'phone', isPhoneNumber);

export const website = () => format(255, 'website', isWebsiteAddress);

export const password = () => yup.string().required(required).min(PASSWORD_MIN, minLength).max(PASSWORD_MAX, maxLength);

/** A password may not be the account's email (DESIGN.md "Passwords"). */
export const passwordNotEmail = (emailField = 'email') =>
  password().test('not-email', msg('validation.passwordIsEmail'), function notEmail(value) {
    const mail = this.parent?.[emailField];
    return !value || !mail || value.trim().toLowerCase() !== String(mail).trim().toLowerCase();
  });

export const token = () => yup.string().required(required).max(2048, maxLength);

/** A uuid: 36 characters, so that an id of any length is refused before its format is read. */
export const ID_MAX = 36;
export const id = () => yup.string().trim().max(ID_MAX, msg('validation.id')).uuid(msg('validation.id'));
