import { and, eq, gt, isNull, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passkeyChallenges } from './passkeys.schema';

/** How long a browser has to answer: the options' timeout, with room for the round trips. */
export const PASSKEY_CHALLENGE_SECONDS = 5 * 60;
/** The options' `timeout` the browser shows its prompt for. */
export const PASSKEY_PROMPT_MS = 4 * 60_000;

export type PasskeyChallengePurpose = 'register' | 'sign-in' | 'second-factor';

interface ChallengeBinding {
  purpose: PasskeyChallengePurpose;
  /** The enrolling user (register), the user of the sign-in challenge (second-factor), none for a password-less sign-in. */
  userId: string | null;
  signInChallengeId?: string | null;
}

/** Keeps a challenge just handed out in options; expired ones of the same purpose go on the way. */
export async function keepChallenge(db: Db, challenge: string, binding: ChallengeBinding) {
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, new Date()));
  await db.insert(passkeyChallenges).values({
    challenge,
    purpose: binding.purpose,
    userId: binding.userId,
    signInChallengeId: binding.signInChallengeId ?? null,
    expiresAt: new Date(Date.now() + PASSKEY_CHALLENGE_SECONDS * 1000),
  });
}

const sameOrNone = (column: typeof passkeyChallenges.userId | typeof passkeyChallenges.signInChallengeId, value: string | null | undefined): SQL =>
  value ? eq(column, value) : isNull(column);

/**
 * Takes a challenge for good (single use, whatever the answer's verdict): true only when it was handed out for
 * this purpose and binding and has not expired. One statement, so two answers to one challenge cannot both take it.
 */
export async function takeChallenge(db: Db, challenge: string, binding: ChallengeBinding): Promise<boolean> {
  const taken = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.purpose, binding.purpose),
        sameOrNone(passkeyChallenges.userId, binding.userId),
        sameOrNone(passkeyChallenges.signInChallengeId, binding.signInChallengeId),
        gt(passkeyChallenges.expiresAt, new Date()),
      ),
    )
    .returning({ challenge: passkeyChallenges.challenge });
  return taken.length === 1;
}
