import { eq } from 'drizzle-orm';
import { permission } from '../../../contract/permissions';
import type { ImpersonatorClaim } from '../../../contract/tokens';
import type { Db } from '../../db/client';
import { unauthorized } from '../../core/errors';
import { signIns } from '../../db/schema';
import type { Principal } from '../../core/guard';
import { loadPrincipal } from './principal';

export interface Impersonation {
  act: ImpersonatorClaim;
  endsAt: Date;
}

const IMPERSONATE = permission('Users', 'Impersonate');

/** Whether a user (as loaded now: null when gone or inactive) may impersonate, and so keep an impersonation going. */
export const mayImpersonate = (impersonator: Principal | null): impersonator is Principal =>
  !!impersonator && impersonator.permissions.has(IMPERSONATE) && !impersonator.partnerId;

/** What a sign-in's access tokens say beyond the user: its impersonation, and whether its provider vouched for MFA. */
export interface SignInClaims {
  impersonation: Impersonation | null;
  providerMfa: boolean;
  /** The identity provider the sign-in came through (issue 37): signing out may go there too. */
  identityProviderId: string | null;
}

/**
 * The impersonation a sign-in is (issue 26, point 5), or null for a sign-in of one's own. Past its time limit, or
 * once its impersonator may no longer impersonate (inactive, deleted, permission withdrawn), it signs no more
 * tokens: refreshing it is refused (401). Read with whether an identity provider vouched for its own MFA (issue 37).
 */
export async function signInClaimsOf(db: Db, familyId: string): Promise<SignInClaims> {
  const [row] = await db
    .select({
      endsAt: signIns.endsAt,
      impersonatorId: signIns.impersonatorId,
      providerMfa: signIns.providerMfa,
      identityProviderId: signIns.identityProviderId,
    })
    .from(signIns)
    .where(eq(signIns.id, familyId));
  if (!row?.impersonatorId) return { impersonation: null, providerMfa: row?.providerMfa ?? false, identityProviderId: row?.identityProviderId ?? null };
  const impersonator = await loadPrincipal(db, row.impersonatorId);
  if (!row.endsAt || row.endsAt.getTime() <= Date.now()) throw unauthorized('impersonation.expired');
  if (!mayImpersonate(impersonator)) throw unauthorized('impersonation.withdrawn');
  return {
    impersonation: { act: { sub: impersonator.id, fullName: impersonator.fullName }, endsAt: row.endsAt },
    providerMfa: false,
    identityProviderId: null,
  };
}
