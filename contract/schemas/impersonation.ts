import * as yup from 'yup';
import { msg } from './messages';
import { requiredText } from './fields';

/** How long an impersonation may last at most, and what the dialog offers first (issue 26, point 5). */
export const IMPERSONATION_MAX_MINUTES = 30;
export const IMPERSONATION_DEFAULT_MINUTES = 15;
export const IMPERSONATION_REASON_MAX = 500;

/** POST /users/{id}/impersonate: why (kept on the sign-in and shown to the impersonated user) and for how long. */
export const impersonationSchema = yup.object({
  reason: requiredText(IMPERSONATION_REASON_MAX),
  minutes: yup
    .number()
    .required(msg('validation.required'))
    .integer(msg('validation.integer'))
    .min(1, msg('validation.minValue'))
    .max(IMPERSONATION_MAX_MINUTES, msg('validation.maxValue')),
});

export type ImpersonationInput = yup.InferType<typeof impersonationSchema>;

/** What starting an impersonation answers: the impersonated user's tokens and when the impersonation ends by itself. */
export interface ImpersonationTokens {
  token: string;
  refreshToken: string;
  refreshTokenExpiryTime: string;
  endsAt: string;
}
