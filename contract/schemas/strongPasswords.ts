import type * as yup from 'yup';
import { passwordStrength, strongPassword, type StrengthCheck } from '../passwordStrength';
import { changePasswordSchema } from './accounts';
import { confirmMailSchema, resetPasswordSchema } from './credentials';

/**
 * The schemas of every route that sets a password, with the strength rule (contract/passwordStrength.ts) on top of
 * the length rule, told by `check` (the server's runs in a worker thread). The server validates with these; the
 * browser's forms check the same rule through the strength meter (src/auth/PasswordStrengthMeter.tsx): their
 * schemas are checked synchronously there, and the sign-in bundle must not carry the rule.
 */
const passwordOf = (schema: yup.AnyObjectSchema, field: string) => schema.fields[field] as yup.StringSchema<string>;

export const strongPasswordSchemas = (check: StrengthCheck = passwordStrength) => ({
  reset: resetPasswordSchema.shape({ password: strongPassword('email', check)(passwordOf(resetPasswordSchema, 'password')) }),
  confirmMail: confirmMailSchema.shape({ password: strongPassword('email', check)(passwordOf(confirmMailSchema, 'password')) }),
  /** The profile's change: the account's email is not in the body, so the rule reads the password alone. */
  changePassword: changePasswordSchema.shape({ newPassword: strongPassword(undefined, check)(passwordOf(changePasswordSchema, 'newPassword')) }),
});
