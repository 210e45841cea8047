import type * as yup from 'yup';
import { strongPassword } from '../passwordStrength';
import { changePasswordSchema } from './accounts';
import { confirmMailSchema, resetPasswordSchema } from './credentials';

/**
 * The schemas of every route that sets a password, with the strength rule (contract/passwordStrength.ts) on top of
 * the length rule. The server validates with these; the browser's forms check the same rule through the strength
 * meter (src/auth/PasswordStrengthMeter.tsx): their schemas are checked synchronously there, and the sign-in bundle
 * must not carry the rule.
 */
const passwordOf = (schema: yup.AnyObjectSchema, field: string) => schema.fields[field] as yup.StringSchema<string>;

export const strongResetPasswordSchema = resetPasswordSchema.shape({ password: strongPassword('email')(passwordOf(resetPasswordSchema, 'password')) });

export const strongConfirmMailSchema = confirmMailSchema.shape({ password: strongPassword('email')(passwordOf(confirmMailSchema, 'password')) });

/** The profile's change: the account's email is not in the body, so the rule reads the password alone. */
export const strongChangePasswordSchema = changePasswordSchema.shape({ newPassword: strongPassword()(passwordOf(changePasswordSchema, 'newPassword')) });
