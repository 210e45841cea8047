import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../core/errors';
import type { Principal, PrincipalLoader } from '../../core/guard';

declare module '../../core/guard' {
  interface Principal {
    /** A role of the user requires a second factor and the user has none yet (principal.ts). */
    secondFactorPending?: boolean;
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Open to a user who must enrol a second factor first: the enrolment itself and the reads the app starts with. */
    beforeSecondFactor?: boolean;
    /** The route changes how its user signs in: refused while impersonating (declared with the guard too). */
    credentials?: boolean;
  }
}

/**
 * The principal as a token sees it: a sign-in whose identity provider vouched for its own multi-factor check (issue 37,
 * the token's `amr` holding `mfa`) has what a role requiring a second factor asks for.
 */
export const asSignedIn = (principal: Principal, providerMfa: boolean): Principal =>
  providerMfa && principal.secondFactorPending ? { ...principal, secondFactorPending: false } : principal;

/** The loader the guard and the hub's sign-in use: `asSignedIn` with the token's claims. */
export const withProviderMfa =
  (load: PrincipalLoader): PrincipalLoader =>
  async (userId, claims) => {
    const principal = await load(userId, claims);
    return principal && asSignedIn(principal, claims?.amr?.includes('mfa') === true);
  };

/** Whether the principal must set up the second factor a role of theirs requires before anything else. */
export const mustEnrolFirst = (principal: Principal, options: { enforced: boolean }) => options.enforced && principal.secondFactorPending === true;

/** The refusal of such a user, by REST and by the hub alike. */
export const enrolmentRequired = () => forbidden('auth.secondFactorEnrolmentRequired');

/**
 * A user whose role requires a second factor and who has none is led to enrol: every authenticated route but the
 * ones marked `beforeSecondFactor` answers 403 `auth.secondFactorEnrolmentRequired` until then (sign-out and the
 * token calls are public, so they stay open; the hub checks the same rule itself, hub/admission.ts). Runs after the
 * guard's hook, which set the principal. `enforced: false` (SECOND_FACTOR_ENROLMENT=off) leaves the role setting unenforced.
 */
export function registerSecondFactorGate(app: FastifyInstance, options: { enforced: boolean }) {
  if (!options.enforced) return;
  app.addHook('onRequest', async (request) => {
    if (request.principal && mustEnrolFirst(request.principal, options) && !request.routeOptions.config?.beforeSecondFactor) {
      throw enrolmentRequired();
    }
  });
}
