import * as yup from 'yup';

/** Ways to answer the second step of a sign-in. */
export type SecondFactorMethod = 'totp' | 'recovery' | 'passkey';

/** `POST /api/token`'s answer for a user with a second factor (whatever the password was): the step to take next. */
export interface SecondFactorStep {
  secondFactor: { challenge: string; methods: SecondFactorMethod[] };
}

/** The signed-in user's second factor, as the Security tab shows it. */
export interface SecondFactorStatus {
  totp: boolean;
  recoveryCodesLeft: number;
  /** One of the user's roles requires a second factor: it cannot be turned off, and without one nothing else is allowed. */
  required: boolean;
  /** Required and the user has no second factor yet: nothing but the setup is allowed. */
  pending: boolean;
}

/** A TOTP secret being enrolled: not on until a code from it is confirmed. */
export interface SecondFactorEnrolment {
  secret: string;
  otpauthUri: string;
  /** The QR code of `otpauthUri` as an SVG data URL. */
  qrCode: string;
}

export interface RecoveryCodes {
  codes: string[];
}

export const RECOVERY_CODE_COUNT = 10;
export const CHALLENGE_SECONDS = 5 * 60;

const codeField = yup.string().trim().required('validation.required').max(64, 'validation.tooLong');

/** A six-digit code from the authenticator app. */
export const totpCodeSchema = yup.object({ code: codeField.matches(/^\d{6}$/, 'secondFactor.codeFormat') });

/** The second step of a sign-in: a TOTP code or a recovery code. */
export const secondFactorAnswerSchema = yup.object({
  challenge: yup.string().trim().required('validation.required').max(200, 'validation.tooLong'),
  code: codeField,
});

export const isSecondFactorStep = (answer: unknown): answer is SecondFactorStep => typeof answer === 'object' && answer !== null && 'secondFactor' in answer;
