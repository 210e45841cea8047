import * as yup from 'yup';
import { msg } from './messages';
import { required, requiredText } from './fields';

/** A passkey's name, given by its owner ("Laptop", "Phone"). */
export const PASSKEY_NAME_MAX = 100;
/** Base64url parts of a WebAuthn answer: far above what authenticators send, low enough to bound the work. */
const PART_MAX = 16_384;
const CREDENTIAL_ID_MAX = 1400;

const base64url = (max: number) =>
  yup
    .string()
    .required(required)
    .max(max, msg('validation.maxLength'))
    .matches(/^[A-Za-z0-9_-]*$/, { message: msg('passkeys.responseInvalid'), excludeEmptyString: true });

const credentialParts = {
  id: base64url(CREDENTIAL_ID_MAX),
  rawId: base64url(CREDENTIAL_ID_MAX),
  type: yup.string().required(required).oneOf(['public-key'], msg('passkeys.responseInvalid')),
  authenticatorAttachment: yup.string().max(20).oneOf(['platform', 'cross-platform']).optional(),
  clientExtensionResults: yup.object({}).default({}),
};

/** What the browser's `startRegistration()` answers (RegistrationResponseJSON), as far as the server reads it. */
export const registrationResponseSchema = yup
  .object({
    ...credentialParts,
    response: yup
      .object({
        clientDataJSON: base64url(PART_MAX),
        attestationObject: base64url(PART_MAX),
        transports: yup.array(yup.string().required().max(20)).max(10).optional(),
      })
      .required(required),
  })
  .required(required);

/** What the browser's `startAuthentication()` answers (AuthenticationResponseJSON), as far as the server reads it. */
export const authenticationResponseSchema = yup
  .object({
    ...credentialParts,
    response: yup
      .object({
        clientDataJSON: base64url(PART_MAX),
        authenticatorData: base64url(PART_MAX),
        signature: base64url(PART_MAX),
        userHandle: yup.string().max(PART_MAX).optional(),
      })
      .required(required),
  })
  .required(required);

export const passkeyNameSchema = yup.object({ name: requiredText(PASSKEY_NAME_MAX) });

/** POST /account/passkeys: the named answer to the registration options handed out just before. */
export const registerPasskeySchema = yup.object({ name: requiredText(PASSKEY_NAME_MAX), response: registrationResponseSchema });

/** A sign-in challenge of the second step (POST /api/token's `secondFactor.challenge`); none for a password-less sign-in. */
const signInChallenge = yup.string().trim().max(200, msg('validation.maxLength')).optional();

export const passkeySignInOptionsSchema = yup.object({ challenge: signInChallenge });

export const passkeySignInSchema = yup.object({ challenge: signInChallenge, response: authenticationResponseSchema });

/** A passkey as its owner sees it in the Security tab. */
export interface PasskeyDto {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export const passkeyDtoSchema = yup.object({
  id: yup.string().uuid().required(),
  name: yup.string().required(),
  createdAt: yup.string().required(),
  lastUsedAt: yup.string().nullable().defined(),
});
