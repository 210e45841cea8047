import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { CHALLENGE_SECONDS } from '../../../contract/secondFactor';
import type { TokenResponse } from '../../../contract/tokens';
import type { AppContext } from '../../context';
import { tooManyRequests, unauthorized } from '../../core/errors';
import { createRateLimitCounter } from '../../core/rateLimits';
import type { Db } from '../../db/client';
import { announceHoldStarted } from './holdMail';
import { hashOf, newOpaqueToken } from './secrets';
import { signInChallenges } from './secondFactor.schema';
import { findUserById, issueSession, type SignInMeta } from './session';
import { createSignInHolds } from './signInHolds';

/** Wrong answers a challenge takes before it dies (each also counts toward the account's sign-in hold). */
export const CHALLENGE_ATTEMPTS = 5;

/**
 * Opens the second step after the password step, right or wrong (`passwordOk`): the same answer either way, and a
 * challenge whose password was wrong never succeeds. Returns the opaque challenge handed to the client.
 */
export async function openChallenge(db: Db, input: { userId: string; holdKey: string; passwordOk: boolean }): Promise<string> {
  const token = newOpaqueToken();
  await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, new Date()));
  await db.insert(signInChallenges).values({
    tokenHash: hashOf(token),
    userId: input.userId,
    holdKey: input.holdKey,
    passwordOk: input.passwordOk,
    expiresAt: new Date(Date.now() + CHALLENGE_SECONDS * 1000),
  });
  return token;
}

export interface OpenChallenge {
  id: string;
  userId: string;
  holdKey: string;
  passwordOk: boolean;
}

/** A challenge still open (not used, not expired, attempts left), or null: step-skipping and replays find nothing. */
export async function findChallenge(db: Db, token: string): Promise<OpenChallenge | null> {
  const [row] = await db
    .select({ id: signInChallenges.id, userId: signInChallenges.userId, holdKey: signInChallenges.holdKey, passwordOk: signInChallenges.passwordOk })
    .from(signInChallenges)
    .where(
      and(
        eq(signInChallenges.tokenHash, hashOf(token)),
        isNull(signInChallenges.consumedAt),
        gt(signInChallenges.expiresAt, new Date()),
        lt(signInChallenges.attempts, CHALLENGE_ATTEMPTS),
      ),
    );
  return row ?? null;
}

/**
 * Takes one of the challenge's answers before its proof is checked: one conditional update counts it only while the
 * challenge is open and has answers left, so answers sent at once are never checked past CHALLENGE_ATTEMPTS. Null
 * when the challenge is unknown, used, expired or spent.
 */
async function claimAnswer(db: Db, token: string): Promise<OpenChallenge | null> {
  const [row] = await db
    .update(signInChallenges)
    .set({ attempts: sql`${signInChallenges.attempts} + 1` })
    .where(
      and(
        eq(signInChallenges.tokenHash, hashOf(token)),
        isNull(signInChallenges.consumedAt),
        gt(signInChallenges.expiresAt, new Date()),
        lt(signInChallenges.attempts, CHALLENGE_ATTEMPTS),
      ),
    )
    .returning({ id: signInChallenges.id, userId: signInChallenges.userId, holdKey: signInChallenges.holdKey, passwordOk: signInChallenges.passwordOk });
  return row ?? null;
}

/** Marks the challenge used; false when another request used it first (two answers racing: only one signs in). */
async function consumeChallenge(db: Db, id: string): Promise<boolean> {
  const used = await db
    .update(signInChallenges)
    .set({ consumedAt: new Date() })
    .where(and(eq(signInChallenges.id, id), isNull(signInChallenges.consumedAt)))
    .returning({ id: signInChallenges.id });
  return used.length === 1;
}

/** A second step's proof: right (and now used up), never right, or right once and already used (a TOTP step). */
export type CodeVerdict = 'accepted' | 'wrong' | 'used';

/**
 * Completes a sign-in's second step with whatever proof a method checks (`verify`, run only when the password was
 * right; it consumes what it accepts, e.g. the TOTP step or the recovery code). Each answer is counted before its
 * proof is checked, toward the challenge's attempts and the account's sign-in hold alike (each by one conditional
 * statement, so answers sent at once cannot pass either limit); an accepted one uses the challenge up, clears the
 * count and issues the session. Errors: 401 `auth.challengeInvalid` (unknown, used, expired or spent challenge),
 * 401 `auth.secondFactorInvalid` (wrong proof), 401 `auth.secondFactorUsed` (a code already used), 429 `auth.signInHeld`.
 */
export function createChallengeCompletion(ctx: Pick<AppContext, 'db' | 'config' | 'mailer' | 'events'>) {
  const { db, config } = ctx;
  const holds = createSignInHolds(createRateLimitCounter(db), {
    failuresBeforeHold: config.limits.failedSignInsBeforeHold,
    holdMinutes: config.limits.signInHoldMinutes,
  });

  return async function completeChallenge(input: {
    challenge: string;
    meta: SignInMeta;
    /** The proof checked against the challenge's user; 'accepted' when it holds (and was used up). */
    verify: (userId: string) => Promise<CodeVerdict>;
    later: (task: () => Promise<void>) => void;
  }): Promise<TokenResponse> {
    const open = await claimAnswer(db, input.challenge);
    if (!open) throw unauthorized('auth.challengeInvalid');
    const attempt = await holds.claimAttempt(open.holdKey);
    if (attempt === null) throw tooManyRequests('auth.signInHeld');
    const user = await findUserById(db, open.userId);
    const verdict: CodeVerdict = open.passwordOk && user?.isActive === true ? await input.verify(open.userId) : 'wrong';
    if (verdict !== 'accepted') {
      const { holdStarted } = await holds.failedAt(open.holdKey, attempt);
      if (holdStarted && user) input.later(() => announceHoldStarted(ctx, user));
      throw unauthorized(verdict === 'used' ? 'auth.secondFactorUsed' : 'auth.secondFactorInvalid');
    }
    if (!(await consumeChallenge(db, open.id))) throw unauthorized('auth.challengeInvalid');
    await holds.clear(open.holdKey);
    return issueSession(db, config.jwtSecret, user!, input.meta);
  };
}
