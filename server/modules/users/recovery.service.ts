import { eq } from 'drizzle-orm';
import type { Language } from '../../../contract/http';
import { ACTIVATION_TOKEN_SECONDS, RESET_TOKEN_SECONDS } from '../../../contract/tokens';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { writeAudit } from '../../core/audit';
import { createRateLimitCounter } from '../../core/rateLimits';
import { ApiError } from '../../core/errors';
import { mailFromKeys } from '../../mail/mailTemplate';
import { hashPassword } from '../accounts/passwords';
import { revokeRefreshTokensOfUser } from '../accounts/refreshTokens';
import { announceSignInsEnded } from '../accounts/signIns';
import { awaitsActivation, consumeMailToken, createMailToken, findMailToken, type MailTokenPurpose } from '../accounts/mailTokens';
import { fullNameOf } from '../accounts/principal';
import { findUserByEmail } from '../accounts/session';
import { createSignInHolds } from '../accounts/signInHolds';
import { sendActivationMail } from './activationMail';
import { announceUserChange } from './users.events';

const HOUR_MS = 3_600_000;

const tokenInvalid = () => new ApiError(400, 'auth.tokenInvalid', [{ field: 'token', message: 'auth.tokenInvalid' }]);

/** The rules of the recovery flows: reset mails (at most N an hour per email), mailed tokens, setting the password. */
export function createRecoveryService(ctx: AppContext) {
  const { db, config, mailer } = ctx;
  const counter = createRateLimitCounter(db);
  const holds = createSignInHolds(counter, { failuresBeforeHold: config.limits.failedSignInsBeforeHold, holdMinutes: config.limits.signInHoldMinutes });

  /**
   * At most N recovery mails (reset or activation) an hour per email, counted in the database so every instance
   * adds to one count; past that the answer stays neutral and no mail goes out.
   */
  const mayMail = async (email: string) => (await counter.hit(`recovery-mail:${email}`, HOUR_MS)).hits <= config.limits.forgotPasswordPerHour;

  /**
   * A new mailed token, the user's earlier ones of that purpose voided, or null when `stillDue` says no under the
   * user's row lock: that lock orders two at once (a retry), so one link stays live, and a deactivation in flight.
   */
  const newMailToken = (
    userId: string,
    purpose: MailTokenPurpose,
    seconds: number,
    stillDue: (tx: Db, user: { isActive: boolean; emailConfirmed: boolean }) => Promise<boolean>,
  ) =>
    db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [user] = await tx.select({ isActive: users.isActive, emailConfirmed: users.emailConfirmed }).from(users).where(eq(users.id, userId)).for('update');
      return user && (await stillDue(tx, user)) ? createMailToken(tx, userId, purpose, seconds) : null;
    });

  /** Mails a reset link to an active account; an unknown or inactive one gets nothing, and nobody is told. */
  async function mailResetLink(email: string, language: Language) {
    const user = await findUserByEmail(db, email);
    if (!user?.isActive || !(await mayMail(email.toLowerCase()))) return;
    const token = await newMailToken(user.id, 'reset', RESET_TOKEN_SECONDS, async (_, now) => now.isActive);
    if (!token) return;
    const link = `${config.publicUrl}/forgot-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
    await mailer.send({
      to: user.email,
      ...mailFromKeys(
        [language],
        { subjectKey: 'mail.resetSubject', bodyKey: 'mail.resetBody', actionKey: 'mail.resetAction', afterKey: 'mail.resetAfter' },
        { name: fullNameOf(user) },
        link,
      ),
      link,
    });
  }

  /**
   * Mails a new activation link to an account that was never activated (inactive, mail not confirmed); its
   * earlier codes stop working. An active, deactivated (even one that never confirmed its mail) or unknown account
   * gets nothing, and nobody is told.
   */
  async function mailActivationLink(email: string, language: Language) {
    const user = await findUserByEmail(db, email);
    if (!user) return;
    const waiting = async (reader: Db, now: { isActive: boolean; emailConfirmed: boolean }) =>
      !now.isActive && !now.emailConfirmed && awaitsActivation(reader, user.id);
    if (!(await waiting(db, user)) || !(await mayMail(email.trim().toLowerCase()))) return;
    const token = await newMailToken(user.id, 'activation', ACTIVATION_TOKEN_SECONDS, waiting);
    if (!token) return;
    await sendActivationMail(ctx, user, token, language);
  }

  /** Refuses (400 naming `token`) a token that is unknown, used, expired or someone else's. */
  async function assertTokenValid(input: { email: string; token: string }, purpose: MailTokenPurpose) {
    if (!(await findMailToken(db, input.email, input.token, purpose))) throw tokenInvalid();
  }

  /** Sets the password with a single-use token; activation also confirms the mail and activates. */
  async function setPassword(input: { email: string; token: string; password: string }, purpose: MailTokenPurpose) {
    const found = await findMailToken(db, input.email, input.token, purpose);
    if (!found) throw tokenInvalid();
    const passwordHash = await hashPassword(input.password);
    const { ended, user } = await db.transaction(async (tx) => {
      if (!(await consumeMailToken(tx, found.id))) throw tokenInvalid();
      const activation = purpose === 'activation' ? { isActive: true, emailConfirmed: true } : {};
      const [updated] = await tx
        .update(users)
        .set({ passwordHash, updatedAt: new Date(), ...activation })
        .where(eq(users.id, found.userId))
        .returning({ id: users.id, partnerId: users.partnerId });
      const endedSignIns = await revokeRefreshTokensOfUser(tx, found.userId);
      await writeAudit(tx, {
        userId: found.userId,
        type: 'Update',
        table: 'users',
        key: found.userId,
        before: { password: '(hidden)', ...(purpose === 'activation' ? { isActive: false } : {}) },
        after: { password: '(changed)', ...activation },
      });
      return { ended: endedSignIns, user: updated };
    });
    // Every sign-in ended with the old password: their access tokens are refused at once, everywhere.
    await announceSignInsEnded(ctx.events, found.userId, ended);
    // An account activated joins its groups: what each instance keeps of them is dropped (hub/groupMembers.ts).
    if (purpose === 'activation' && user) await announceUserChange(ctx.events, 'UserChanged', user);
    // The mailed link proved the mailbox: a hold on the account's sign-in (the hold mail's reset link) ends with it.
    await holds.clear(input.email.trim().toLowerCase());
  }

  return { mailResetLink, mailActivationLink, assertTokenValid, setPassword };
}

export type RecoveryService = ReturnType<typeof createRecoveryService>;
