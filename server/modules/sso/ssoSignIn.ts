import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { SecondFactorStep } from '../../../contract/secondFactor';
import type { TokenResponse } from '../../../contract/tokens';
import type { AppContext } from '../../context';
import { writeAudit } from '../../core/audit';
import { unauthorized } from '../../core/errors';
import { hashOf, newOpaqueToken } from '../accounts/secrets';
import { secondFactorMethodsOf } from '../accounts/secondFactors';
import { findUserById, issueSession, type SignInMeta } from '../accounts/session';
import { openChallenge } from '../accounts/signInChallenges';
import { announceUserChange } from '../users/users.events';
import { identityProviders, ssoHandoffs } from './sso.schema';
import { assertDomainOfOrganisation, memberOf } from './ssoMembers';
import type { IdentityProviderRow, VerifiedIdentity } from './verifiedIdentity';

/** How long the browser has to exchange the code the callback handed it. */
export const HANDOFF_SECONDS = 60;

/**
 * After a provider's answer passed every check of its protocol: the organisation's member it names (created or
 * linked, roles mapped) and a one-time code the browser exchanges for the session. Throws a 403 with the reason's key
 * (a domain the provider's organisation has not verified, a user of another organisation, a deactivated account).
 */
export async function finishSsoSignIn(ctx: Pick<AppContext, 'db' | 'events'>, provider: IdentityProviderRow, identity: VerifiedIdentity): Promise<string> {
  const email = identity.email.trim().toLowerCase();
  await assertDomainOfOrganisation(ctx.db, provider, email);
  const code = newOpaqueToken();
  const membership = await ctx.db.transaction(async (tx) => {
    const joined = await memberOf(tx, provider, identity, email);
    await tx.delete(ssoHandoffs).where(lt(ssoHandoffs.expiresAt, new Date()));
    await tx.insert(ssoHandoffs).values({
      codeHash: hashOf(code),
      userId: joined.member.id,
      providerId: provider.id,
      mfa: identity.mfa,
      logoutHint: identity.logoutHint ?? null,
      expiresAt: new Date(Date.now() + HANDOFF_SECONDS * 1000),
    });
    return joined;
  });
  if (membership.changed) {
    await announceUserChange(ctx.events, 'UserChanged', membership.member);
    await ctx.events.publish({ type: 'RoleChanged', roleIds: [], userIds: [membership.member.id] });
  }
  return code;
}

/**
 * The session for a handoff code, taken once within a minute. A member with a second factor of the portal gives it
 * too, unless the provider vouched for its own multi-factor check.
 */
export async function exchangeHandoff(
  ctx: Pick<AppContext, 'db' | 'config'>,
  code: string,
  meta: Pick<SignInMeta, 'userAgent' | 'address'>,
): Promise<TokenResponse | SecondFactorStep> {
  const { db } = ctx;
  const [handoff] = await db
    .update(ssoHandoffs)
    .set({ usedAt: new Date() })
    .where(and(eq(ssoHandoffs.codeHash, hashOf(code)), isNull(ssoHandoffs.usedAt), gt(ssoHandoffs.expiresAt, new Date())))
    .returning();
  if (!handoff) throw unauthorized('sso.codeInvalid');
  const [user, [provider]] = await Promise.all([
    findUserById(db, handoff.userId),
    db
      .select()
      .from(identityProviders)
      .where(and(eq(identityProviders.id, handoff.providerId), eq(identityProviders.enabled, true))),
  ]);
  if (!user?.isActive || !provider || user.partnerId !== provider.partnerId) throw unauthorized('sso.codeInvalid');
  const methods = await secondFactorMethodsOf(db, user.id);
  if (methods.length && !handoff.mfa) {
    return { secondFactor: { challenge: await openChallenge(db, { userId: user.id, holdKey: user.email.toLowerCase(), passwordOk: true }), methods } };
  }
  const tokens = await issueSession(db, ctx.config.jwtSecret, user, {
    ...meta,
    method: 'sso',
    identityProviderId: provider.id,
    providerMfa: handoff.mfa,
    providerLogoutHint: handoff.logoutHint,
  });
  await writeAudit(db, {
    userId: user.id,
    type: 'Create',
    table: 'sign_ins',
    key: user.id,
    after: { method: 'sso', identityProviderId: provider.id, providerMfa: handoff.mfa },
  });
  return tokens;
}
