import type { ImpersonatorClaim } from '../../contract/tokens';
import type { ApiError } from '../core/errors';
import type { Principal, PrincipalLoader } from '../core/guard';
import { asSignedIn, enrolmentRequired, mustEnrolFirst } from '../modules/accounts/secondFactorGate';
import { impersonationWithdrawn, impersonatorMayGoOn } from '../modules/impersonation/impersonatorCheck';
import type { HubConnection } from './connection';
import { CLOSE_REASONS } from './hubSettings';

/**
 * Whom REST refuses beyond an inactive account, the hub refuses too, by the same rules: a user who must set up a
 * second factor first (secondFactorGate.ts) and an impersonation whose impersonator may no longer impersonate
 * (impersonatorCheck.ts). At a connection's start the refusal is REST's error; a connection already open is closed
 * with a reason when its user's or impersonator's access changes.
 */
export function hubAdmission(options: { secondFactorEnforced: boolean; loadPrincipal: PrincipalLoader }) {
  async function refusalOf(principal: Principal, impersonator: ImpersonatorClaim | null): Promise<{ error: ApiError; closeReason: string } | null> {
    if (mustEnrolFirst(principal, { enforced: options.secondFactorEnforced }))
      return { error: enrolmentRequired(), closeReason: CLOSE_REASONS.secondFactorRequired };
    if (impersonator && !(await impersonatorMayGoOn(options.loadPrincipal, impersonator.sub)))
      return { error: impersonationWithdrawn(), closeReason: CLOSE_REASONS.impersonationEnded };
    return null;
  }

  return {
    /** Throws the error REST would answer this user with. */
    async admit(principal: Principal, impersonator: ImpersonatorClaim | null) {
      const refusal = await refusalOf(principal, impersonator);
      if (refusal) throw refusal.error;
    },
    /** Why an open connection must close now, or null. */
    async closeReasonOf(principal: Principal, connection: HubConnection) {
      return (await refusalOf(asSignedIn(principal, connection.providerMfa), connection.impersonator))?.closeReason ?? null;
    },
  };
}
