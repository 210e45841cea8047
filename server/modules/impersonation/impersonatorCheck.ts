import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../core/errors';
import type { PrincipalLoader } from '../../core/guard';
import { mayImpersonate } from '../accounts/impersonatedSignIns';

/**
 * Whether the impersonator behind an impersonation's token may still act: active, staff, holding the permission. Read
 * through the instance's principal cache, which every instance drops for a user the moment an access event says
 * their account or roles changed (principalCache.ts), so a deactivation or a withdrawn permission ends every
 * impersonation of theirs on every instance at once, not when the token expires.
 */
export const impersonatorMayGoOn = async (loadPrincipal: PrincipalLoader, impersonatorId: string) => mayImpersonate(await loadPrincipal(impersonatorId));

/** The refusal of a request (REST or hub) made for an impersonator who may no longer impersonate. */
export const impersonationWithdrawn = () => unauthorized('impersonation.withdrawn');

/** After the guard: every request of an impersonation whose impersonator may no longer impersonate answers 401 (and is audited). */
export function refuseWithdrawnImpersonations(app: FastifyInstance, loadPrincipal: PrincipalLoader) {
  app.addHook('onRequest', async (request) => {
    if (request.impersonator && request.principal && !(await impersonatorMayGoOn(loadPrincipal, request.impersonator.sub))) {
      throw impersonationWithdrawn();
    }
  });
}
