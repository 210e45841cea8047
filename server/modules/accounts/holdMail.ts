import { eq } from 'drizzle-orm';
import { RESET_TOKEN_SECONDS } from '../../../contract/tokens';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { mailFromKeys } from '../../mail/mailTemplate';
import { mailLanguagesOf } from '../notificationPreferences/preferences';
import { createMailToken } from './mailTokens';
import { fullNameOf } from './principal';
import type { UserRow } from './session';
import { heldUntilOf } from './signInHolds';

/** A moment as every reader reads it, whatever their zone: `2026-11-27 21:50 UTC`. */
const utcMinute = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Once per hold, after the sign-in has answered: the holder of an existing active account learns that their sign-in
 * is held, until when, and gets a reset link (the forgot-password token), in their language or every language, so someone guessing
 * their password cannot keep them out silently. The users lists hear that the account is held.
 */
export async function announceHoldStarted(ctx: Pick<AppContext, 'db' | 'config' | 'mailer' | 'events'>, user: UserRow) {
  const { db, config, mailer, events } = ctx;
  await events.publish({ type: 'ResourceChanged', resource: 'users', id: user.id, action: 'updated', partnerId: user.partnerId });
  if (!user.isActive) return;
  const [row] = await db
    .select({ heldUntil: heldUntilOf(users.email) })
    .from(users)
    .where(eq(users.id, user.id));
  if (!row?.heldUntil) return;
  const token = await createMailToken(db, user.id, 'reset', RESET_TOKEN_SECONDS);
  const link = `${config.publicUrl}/forgot-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
  await mailer.send({
    to: user.email,
    ...mailFromKeys(
      await mailLanguagesOf(db, user.id),
      { subjectKey: 'mail.holdSubject', bodyKey: 'mail.holdBody', actionKey: 'mail.holdAction', afterKey: 'mail.holdAfter' },
      { name: fullNameOf(user), until: utcMinute(new Date(row.heldUntil)) },
      link,
    ),
    link,
  });
}
