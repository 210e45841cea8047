import * as yup from 'yup';
import { email, PASSWORD_MAX, passwordNotEmail, required, token } from './fields';
import { msg } from './messages';

/** What the sign-in pages send: signing in, tokens, a forgotten password, activation (contract/schemas/accounts.ts re-exports them). */
export const loginSchema = yup.object({
  email: email(),
  password: yup.string().required(required).max(128, msg('validation.maxLength')),
});

export const refreshSchema = yup.object({ token: token(), refreshToken: token() });

export const revokeSchema = yup.object({ refreshToken: token() });

export const forgotPasswordSchema = yup.object({ email: email() });

/** "Request another" on an expired activation link: the address the account was made with. */
export const resendActivationSchema = yup.object({ email: email() });

export const verifyTokenSchema = yup.object({ email: email(), token: token() });

export const resetPasswordSchema = yup.object({ email: email(), token: token(), password: passwordNotEmail() });

/** The browser's reset and activation forms add the confirmation that must match. */
export const confirmPasswordField = (field = 'password') =>
  yup
    .string()
    .required(required)
    .max(PASSWORD_MAX, msg('validation.maxLength'))
    .oneOf([yup.ref(field) as yup.Reference<string>], msg('validation.passwordMismatch'));

export const confirmMailSchema = resetPasswordSchema;

/** Issue 37, the email-first sign-in: which organisation's identity provider, if any, signs this address in. */
export const ssoDiscoverSchema = yup.object({ email: email() });

/** The one-time code a provider's callback handed the browser, for the session. */
export const ssoCodeSchema = yup.object({ code: token() });
