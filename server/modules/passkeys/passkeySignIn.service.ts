import { and, eq } from 'drizzle-orm';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { TokenResponse } from '../../../contract/tokens';
import type { AppContext } from '../../context';
import { ApiError, forbidden, tooManyRequests, unauthorized } from '../../core/errors';
import { discoverProvider } from '../sso/ssoDomains';
import { createRateLimitCounter } from '../../core/rateLimits';
import { announceHoldStarted } from '../accounts/holdMail';
import { findUserById, issueSession, type SignInMeta, type UserRow } from '../accounts/session';
import { createChallengeCompletion, findChallenge } from '../accounts/signInChallenges';
import { createSignInHolds } from '../accounts/signInHolds';
import { keepChallenge, PASSKEY_PROMPT_MS, takeChallenge } from './passkeyChallenges';
import { passkeys } from './passkeys.schema';
import { clientDataOf, relyingPartyOf, webAuthn } from './relyingParty';

type Later = (task: () => Promise<void>) => void;

/**
 * Signing in with a passkey: password-less (a discoverable credential, user verification required), answering a
 * session. Every refusal is the same 401, whatever failed; a failure of a known user counts toward the sign-in hold
 * of the account, as a wrong password does, and a held account is held for passkeys too.
 */
export function createPasskeySignIn(ctx: AppContext) {
  const { db, config } = ctx;
  const relyingParty = relyingPartyOf(config);
  const holds = createSignInHolds(createRateLimitCounter(db), {
    failuresBeforeHold: config.limits.failedSignInsBeforeHold,
    holdMinutes: config.limits.signInHoldMinutes,
  });
  const refused = () => unauthorized('passkeys.signInRefused');
  const completeChallenge = createChallengeCompletion(ctx);

  /** Options for a password-less sign-in: any of this site's passkeys may answer, the person chooses which. */
  async function options() {
    const answer = await (await webAuthn()).generateAuthenticationOptions({ rpID: relyingParty.id, userVerification: 'required', timeout: PASSKEY_PROMPT_MS });
    await keepChallenge(db, answer.challenge, { purpose: 'sign-in', userId: null });
    return answer;
  }

  /** A failure of a known user toward the account's hold (its holder mailed once per hold, after the answer). */
  const countingFailures = (later: Later) => async (user: UserRow) => {
    const { holdStarted } = await holds.recordFailure(user.email.toLowerCase());
    if (holdStarted) later(() => announceHoldStarted(ctx, user));
  };

  /**
   * The passkey of `response` proves its user: the challenge was ours (taken for good), the signature verifies
   * with the stored key, the user was verified, and the counter moved on (compare-and-set, so one assertion sent
   * twice at once signs in once). Answers the user, or throws the 401 after counting the failure.
   */
  async function verifiedUserOf(
    response: AuthenticationResponseJSON,
    binding: { purpose: 'sign-in' | 'second-factor'; userId: string | null; signInChallengeId?: string },
    countFailure: (user: UserRow) => Promise<void>,
  ): Promise<UserRow> {
    const clientData = clientDataOf(response.response.clientDataJSON);
    const [passkey] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id));
    const user = passkey ? await findUserById(db, passkey.userId) : null;
    // A second step's answer was counted toward the hold before this check (signInChallenges.ts): not counted twice.
    if (binding.purpose === 'sign-in' && user && (await holds.check(user.email.toLowerCase())).held) throw tooManyRequests('auth.signInHeld');
    const taken = clientData ? await takeChallenge(db, clientData.challenge, binding) : false;
    const fail = async () => {
      if (user) await countFailure(user);
      return refused();
    };
    if (!passkey || !user || !clientData || !taken || !relyingParty.acceptsOrigin(clientData.origin)) throw await fail();
    if (binding.userId && binding.userId !== user.id) throw await fail();
    if (response.response.userHandle && Buffer.from(response.response.userHandle, 'base64url').toString('utf8') !== user.id) throw await fail();
    let newCounter: number;
    try {
      const verification = await (
        await webAuthn()
      ).verifyAuthenticationResponse({
        response,
        expectedChallenge: clientData.challenge,
        expectedOrigin: clientData.origin,
        expectedRPID: relyingParty.id,
        credential: {
          id: passkey.credentialId,
          publicKey: Buffer.from(passkey.publicKey, 'base64url'),
          counter: passkey.counter,
          transports: passkey.transports,
        },
        requireUserVerification: binding.purpose === 'sign-in',
      });
      if (!verification.verified) throw await fail();
      newCounter = verification.authenticationInfo.newCounter;
    } catch (error) {
      throw error instanceof ApiError ? error : await fail();
    }
    const [used] = await db
      .update(passkeys)
      .set({ counter: newCounter, lastUsedAt: new Date() })
      .where(and(eq(passkeys.id, passkey.id), eq(passkeys.counter, passkey.counter)))
      .returning({ id: passkeys.id });
    if (!used || !user.isActive) throw await fail();
    return user;
  }

  /** A password-less sign-in: the session of the passkey's user. */
  async function signIn(response: AuthenticationResponseJSON, meta: SignInMeta, later: Later): Promise<TokenResponse> {
    const user = await verifiedUserOf(response, { purpose: 'sign-in', userId: null }, countingFailures(later));
    if ((await discoverProvider(db, user.email)).required) throw forbidden('sso.required');
    if ((await holds.check(user.email.toLowerCase())).failures > 0) await holds.clear(user.email.toLowerCase());
    return issueSession(db, config.jwtSecret, user, meta);
  }

  /**
   * Options for the second step of the sign-in challenge `challenge` (totp's signInChallenges.ts), the same whether
   * its password was right or not; the passkey's challenge is bound to that sign-in challenge.
   */
  async function secondStepOptions(challenge: string) {
    const open = await findChallenge(db, challenge);
    if (!open) throw unauthorized('auth.challengeInvalid');
    // No list of the user's credentials: the browser offers this site's passkeys, the answer must be one of the user's.
    const answer = await (await webAuthn()).generateAuthenticationOptions({ rpID: relyingParty.id, userVerification: 'preferred', timeout: PASSKEY_PROMPT_MS });
    await keepChallenge(db, answer.challenge, { purpose: 'second-factor', userId: open.userId, signInChallengeId: open.id });
    return answer;
  }

  /**
   * The second step with a passkey: totp's challenge completion runs the check only when the password was right,
   * and counts a refusal toward the challenge's attempts and the hold itself (so no count here). A passkey of
   * another user than the challenge's is refused.
   */
  async function secondStep(challenge: string, response: AuthenticationResponseJSON, meta: SignInMeta, later: Later): Promise<TokenResponse> {
    const open = await findChallenge(db, challenge);
    return completeChallenge({
      challenge,
      meta,
      later,
      verify: async (userId) => {
        if (!open || open.userId !== userId) return 'wrong';
        try {
          await verifiedUserOf(response, { purpose: 'second-factor', userId, signInChallengeId: open.id }, async () => {});
          return 'accepted';
        } catch {
          return 'wrong';
        }
      },
    });
  }

  return { options, signIn, secondStepOptions, secondStep };
}
