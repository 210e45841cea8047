import * as yup from 'yup';

/** How a sign-in was made (issue 26): the password alone, with a second factor, a passkey, an impersonation, or (issue 37) an organisation's identity provider. */
export const SIGN_IN_METHODS = ['password', 'totp', 'recovery', 'passkey', 'impersonation', 'sso'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** One sign-in that still lasts, as its user (or staff with the Users permission) sees it in a sessions list. */
export interface SignInDto {
  /** The sign-in's id (its access tokens' `sid`). */
  id: string;
  userAgent: string | null;
  address: string | null;
  method: SignInMethod;
  createdAt: string;
  lastActiveAt: string;
  /** The sign-in of the request that asked (only in the user's own list). */
  current: boolean;
  /** An impersonation: who acts for the user, why, and when it ends by itself. */
  impersonator: { id: string; fullName: string } | null;
  reason: string | null;
  endsAt: string | null;
}

const timestamp = () => yup.string().datetime().defined();
const optionalText = () => yup.string().nullable().defined();

export const signInDtoSchema: yup.ObjectSchema<SignInDto> = yup.object({
  id: yup.string().uuid().defined(),
  userAgent: optionalText(),
  address: optionalText(),
  method: yup.string().oneOf(SIGN_IN_METHODS).defined(),
  createdAt: timestamp(),
  lastActiveAt: timestamp(),
  current: yup.boolean().defined(),
  impersonator: yup.object({ id: yup.string().uuid().defined(), fullName: yup.string().defined() }).nullable().defined().default(null),
  reason: optionalText(),
  endsAt: yup.string().datetime().nullable().defined(),
});
