import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { confirmMailSchema, forgotPasswordSchema, resetPasswordSchema, verifyTokenSchema } from '../../../contract/schemas/accounts';
import type { Language } from '../../../contract/http';
import { RESET_TOKEN_SECONDS } from '../../../contract/tokens';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { writeAudit } from '../../core/audit';
import { send } from '../../core/envelope';
import { ApiError } from '../../core/errors';
import { languageOf, translate } from '../../core/i18n';
import { validate } from '../../core/validation';
import { hashPassword } from '../accounts/passwords';
import { revokeRefreshTokensOfUser } from '../accounts/refreshTokens';
import { consumeMailToken, createMailToken, findMailToken, type MailTokenPurpose } from '../accounts/mailTokens';
import { fullNameOf } from '../accounts/principal';
import { createAfterAnswer } from '../accounts/afterAnswer';
import { findUserByEmail } from '../accounts/session';

/**
 * These routes are registered twice (/api and /api/v1); the limits must count both together, so the
 * per-address limiter and the per-email mail counts are made once per app (its context) and shared.
 */
const sharedLimits = new WeakMap<AppContext, { perAddress: ReturnType<FastifyInstance['rateLimit']>; mailsPerEmail: Map<string, number[]> }>();

const tokenInvalid = () => new ApiError(400, 'auth.tokenInvalid', [{ field: 'token', message: 'auth.tokenInvalid' }]);

/** Forgot and reset password, verify a mailed token, activate an account: all public. */
export const recoveryRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, config, mailer } = ctx;
  const tags = ['Account recovery'];
  const hourMs = 3_600_000;
  let shared = sharedLimits.get(ctx);
  if (!shared) {
    shared = { perAddress: app.rateLimit({ max: config.limits.forgotPasswordPerHour, timeWindow: hourMs }), mailsPerEmail: new Map() };
    sharedLimits.set(ctx, shared);
  }
  const { perAddress, mailsPerEmail } = shared;

  /** At most N reset mails an hour per email; past that the answer stays neutral and no mail goes out. */
  function mayMail(email: string) {
    const recent = (mailsPerEmail.get(email) ?? []).filter((t) => t > Date.now() - hourMs);
    if (recent.length >= config.limits.forgotPasswordPerHour) return false;
    mailsPerEmail.set(email, [...recent, Date.now()]);
    return true;
  }

  // The answer goes before the account is even looked up: its timing cannot tell whether the account exists.
  const afterAnswer = createAfterAnswer(app, ctx.log);
  async function mailResetLink(email: string, language: Language) {
    const user = await findUserByEmail(db, email);
    if (!user?.isActive || !mayMail(email.toLowerCase())) return;
    const token = await createMailToken(db, user.id, 'reset', RESET_TOKEN_SECONDS);
    const link = `${config.publicUrl}/forgot-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
    await mailer.send({
      to: user.email,
      subject: translate(language, 'mail.resetSubject'),
      text: translate(language, 'mail.resetBody', { name: fullNameOf(user), link }),
      link,
    });
  }

  app.post(
    '/users/forgot-password',
    { config: { access: 'public' }, onRequest: perAddress, schema: { tags, summary: 'Mail a reset link (neutral answer)' } },
    async (request, reply) => {
      const { email } = await validate(forgotPasswordSchema, request.body);
      const language = languageOf(request);
      afterAnswer(reply, () => mailResetLink(email, language));
      return send(request, reply, null, { message: 'auth.forgotSent' });
    },
  );

  const verifyRoute = (path: string, purpose: MailTokenPurpose) =>
    app.post(path, { config: { access: 'public' }, schema: { tags, summary: `Check a ${purpose} token` } }, async (request, reply) => {
      const input = await validate(verifyTokenSchema, request.body);
      if (!(await findMailToken(db, input.email, input.token, purpose))) throw tokenInvalid();
      return send(request, reply, true, { message: 'auth.tokenValid' });
    });
  verifyRoute('/users/verify-token/forgot-password', 'reset');
  verifyRoute('/users/verify-token/email-active', 'activation');

  /** Sets the password with a single-use token; activation also confirms the mail and activates. */
  const setPasswordRoute = (path: string, purpose: MailTokenPurpose, message: string) =>
    app.post(path, { config: { access: 'public' }, schema: { tags, summary: `Set the password with a ${purpose} token` } }, async (request, reply) => {
      const input = await validate(purpose === 'reset' ? resetPasswordSchema : confirmMailSchema, request.body);
      const found = await findMailToken(db, input.email, input.token, purpose);
      if (!found) throw tokenInvalid();
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        if (!(await consumeMailToken(tx, found.id))) throw tokenInvalid();
        const activation = purpose === 'activation' ? { isActive: true, emailConfirmed: true } : {};
        await tx.update(users).set({ passwordHash, updatedAt: new Date(), ...activation }).where(eq(users.id, found.userId));
        await revokeRefreshTokensOfUser(tx, found.userId);
        await writeAudit(tx, {
          userId: found.userId,
          type: 'Update',
          table: 'users',
          key: found.userId,
          before: { password: '(hidden)', ...(purpose === 'activation' ? { isActive: false } : {}) },
          after: { password: '(changed)', ...activation },
        });
      });
      return send(request, reply, null, { message });
    });
  setPasswordRoute('/users/reset-password', 'reset', 'auth.passwordReset');
  setPasswordRoute('/users/confirm-mail', 'activation', 'auth.mailConfirmed');
};
