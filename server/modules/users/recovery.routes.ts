import type { FastifyPluginAsync } from 'fastify';
import { confirmMailSchema, forgotPasswordSchema, resendActivationSchema, resetPasswordSchema, verifyTokenSchema } from '../../../contract/schemas/accounts';
import { serverStrongPasswordSchemas } from './passwordStrengthCheck';
import type { Language } from '../../../contract/http';
import type { AppContext } from '../../context';
import { send } from '../../core/envelope';
import { languageOf } from '../../core/i18n';
import { perAddress as keyPerAddress } from '../../core/rateLimits';
import { answers, routeDocs } from '../../core/openapi/routeDocs';
import { validate } from '../../core/validation';
import type { MailTokenPurpose } from '../accounts/mailTokens';
import { createAfterAnswer } from '../accounts/afterAnswer';
import { createRecoveryService } from './recovery.service';

/** Forgot and reset password, verify a mailed token, activate an account: all public. */
export const recoveryRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['Account recovery'];
  // Registered under /api and /api/v1: both count into one budget per address, named, in the database.
  const perAddress = app.rateLimit({ max: ctx.config.limits.forgotPasswordPerHour, timeWindow: 3_600_000, keyGenerator: keyPerAddress('recovery') });
  const service = createRecoveryService(ctx);

  // The answer goes before the account is even looked up: its timing cannot tell whether the account exists.
  const afterAnswer = createAfterAnswer(app, ctx.log);

  /** "Mail me a link": the same neutral answer whoever the address belongs to; both share the per-address limit. */
  const mailLinkRoute = (
    path: string,
    summary: string,
    schema: typeof forgotPasswordSchema | typeof resendActivationSchema,
    message: string,
    mail: (email: string, language: Language) => Promise<void>,
  ) =>
    app.post(
      path,
      { config: { access: 'public' }, onRequest: perAddress, schema: { tags, summary, ...routeDocs({ body: schema, response: { 200: answers.none } }) } },
      async (request, reply) => {
        const { email } = await validate(schema, request.body);
        const language = languageOf(request);
        afterAnswer(reply, () => mail(email, language));
        return send(request, reply, null, { message });
      },
    );
  mailLinkRoute('/users/forgot-password', 'Mail a reset link (neutral answer)', forgotPasswordSchema, 'auth.forgotSent', service.mailResetLink);
  mailLinkRoute(
    '/users/resend-activation',
    'Mail a new activation link to an account never activated (neutral answer)',
    resendActivationSchema,
    'auth.activationResent',
    service.mailActivationLink,
  );

  const verifyRoute = (path: string, purpose: MailTokenPurpose) =>
    app.post(
      path,
      {
        config: { access: 'public' },
        schema: { tags, summary: `Check a ${purpose} token`, ...routeDocs({ body: verifyTokenSchema, response: { 200: { type: 'boolean', enum: [true] } } }) },
      },
      async (request, reply) => {
        await service.assertTokenValid(await validate(verifyTokenSchema, request.body), purpose);
        return send(request, reply, true, { message: 'auth.tokenValid' });
      },
    );
  verifyRoute('/users/verify-token/forgot-password', 'reset');
  verifyRoute('/users/verify-token/email-active', 'activation');

  const setPasswordRoute = (path: string, purpose: MailTokenPurpose, message: string) =>
    app.post(
      path,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: `Set the password with a ${purpose} token`,
          ...routeDocs({ body: purpose === 'reset' ? resetPasswordSchema : confirmMailSchema, response: { 200: answers.none } }),
        },
      },
      async (request, reply) => {
        await service.setPassword(
          await validate(purpose === 'reset' ? serverStrongPasswordSchemas.reset : serverStrongPasswordSchemas.confirmMail, request.body),
          purpose,
        );
        return send(request, reply, null, { message });
      },
    );
  setPasswordRoute('/users/reset-password', 'reset', 'auth.passwordReset');
  setPasswordRoute('/users/confirm-mail', 'activation', 'auth.mailConfirmed');
};
