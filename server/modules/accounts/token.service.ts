import { and, eq } from 'drizzle-orm';
import type { SecondFactorStep } from '../../../contract/secondFactor';
import type { TokenResponse } from '../../../contract/tokens';
import type { AppContext } from '../../context';
import { forbidden, tooManyRequests, unauthorized } from '../../core/errors';
import { discoverProvider } from '../sso/ssoDomains';
import { providerSignOutAddress } from '../sso/providerSignOut';
import { verifyAccessToken } from '../../core/jwt';
import { users } from '../../db/schema';
import { hashPassword, passwordNeedsRehash, refuseWhenHashingBusy, verifyPassword } from './passwords';
import { revokeSignInOf, rotateRefreshToken } from './refreshTokens';
import { findUserByEmail, findUserById, issueSession, signAccessTokenOf, type SignInMeta, type UserRow } from './session';
import { secondFactorMethodsOf } from './secondFactors';
import { openChallenge } from './signInChallenges';
import { createSignInHolds } from './signInHolds';
import { announceSignInsEnded, touchSignIn } from './signIns';
import { announceHoldStarted } from './holdMail';
import { createRateLimitCounter } from '../../core/rateLimits';

/** The rules of the token calls: sign-in with its holds, refresh by rotation, revoke. */
export function createTokenService(ctx: AppContext) {
  const { db, config } = ctx;
  const holds = createSignInHolds(createRateLimitCounter(db), {
    failuresBeforeHold: config.limits.failedSignInsBeforeHold,
    holdMinutes: config.limits.signInHoldMinutes,
  });

  /** A hash of older parameters made anew, unless the password changed meanwhile; not a change anyone made, so no audit. */
  async function rehash(user: UserRow, password: string) {
    const passwordHash = await hashPassword(password);
    await db
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash!)));
  }

  /**
   * `later` runs work after the answer has gone (the rehash of an older hash), so it neither slows nor fails the
   * sign-in. A user with a second factor gets its step instead of tokens, whether the password was right or not (a
   * wrong one counts toward the hold now, and its challenge never succeeds), so the answer never tells which.
   */
  async function signIn(
    email: string,
    password: string,
    meta: SignInMeta,
    later: (task: () => Promise<void>) => void,
  ): Promise<TokenResponse | SecondFactorStep> {
    refuseWhenHashingBusy();
    // Issue 37: an organisation that signs its people in only through its identity provider refuses their passwords,
    // right or wrong, before any is checked.
    if ((await discoverProvider(db, email)).required) throw forbidden('sso.required');
    const key = email.toLowerCase();
    const [{ held, failures }, user] = await Promise.all([holds.check(key), findUserByEmail(db, email)]);
    if (held) throw tooManyRequests('auth.signInHeld');
    // An inactive account answers as a wrong password does, so nobody learns that the password was right.
    const passwordOk = (await verifyPassword(user?.passwordHash, password)) && user?.isActive === true;
    const methods = user ? await secondFactorMethodsOf(db, user.id) : [];
    if (!passwordOk) {
      // Known or not, the same work before the answer; the holder's mail goes after it, once per hold.
      const { holdStarted } = await holds.recordFailure(key);
      if (holdStarted && user) later(() => announceHoldStarted(ctx, user));
      if (!user || !methods.length) throw unauthorized('auth.invalidCredentials');
      return { secondFactor: { challenge: await openChallenge(db, { userId: user.id, holdKey: key, passwordOk: false }), methods } };
    }
    if (passwordNeedsRehash(user!.passwordHash!)) later(() => rehash(user!, password));
    // The failures so far are cleared when the second step succeeds, not before.
    if (methods.length) return { secondFactor: { challenge: await openChallenge(db, { userId: user!.id, holdKey: key, passwordOk: true }), methods } };
    if (failures > 0) await holds.clear(key);
    return issueSession(db, config.jwtSecret, user!, meta);
  }

  /** A new pair for a refresh token and the (possibly expired) access token of the same user. */
  async function refresh(accessToken: string, refreshToken: string): Promise<TokenResponse> {
    const check = await verifyAccessToken(config.jwtSecret, accessToken, { ignoreExpiry: true });
    if (!check.ok) throw unauthorized('auth.refreshInvalid');
    const user = await findUserById(db, check.claims.sub);
    if (!user?.isActive) throw unauthorized('auth.refreshInvalid');
    const outcome = await rotateRefreshToken(db, {
      token: refreshToken,
      userId: user.id,
      secret: config.jwtSecret,
      graceMs: config.limits.refreshGraceSeconds * 1000,
      signAccessToken: (familyId) => signAccessTokenOf(db, config.jwtSecret, user, familyId),
    });
    if (outcome.kind === 'refused') throw unauthorized('auth.refreshInvalid');
    if (check.claims.sid) await touchSignIn(db, check.claims.sid);
    return outcome.pair;
  }

  /**
   * Sign-out: ends the sign-in chain of a refresh token (its access tokens are refused everywhere); an unknown token
   * changes nothing. Answers where to sign out at the identity provider too, for a sign-in that came through one.
   */
  async function revoke(refreshToken: string): Promise<{ providerSignOutUrl: string } | null> {
    const ended = await revokeSignInOf(db, refreshToken);
    if (!ended) return null;
    await announceSignInsEnded(ctx.events, ended.userId, [ended.familyId]);
    const providerSignOutUrl = await providerSignOutAddress(ctx, ended.familyId);
    return providerSignOutUrl ? { providerSignOutUrl } : null;
  }

  return { signIn, refresh, revoke };
}
