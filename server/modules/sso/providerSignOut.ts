import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { signIns } from '../accounts/signIns.schema';
import { oidcLogoutAddress } from './oidc/oidcLogout';
import { identityProviders } from './sso.schema';

/**
 * Where the browser goes to sign out at the provider too, for a sign-in just ended (OIDC RP-initiated logout), or
 * null: not an SSO sign-in, a SAML one (no Single Logout here), or a provider offering no end-session endpoint.
 */
export async function providerSignOutAddress(ctx: Pick<AppContext, 'db' | 'config' | 'log'>, signInId: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ hint: signIns.providerLogoutHint, provider: identityProviders })
    .from(signIns)
    .innerJoin(identityProviders, eq(identityProviders.id, signIns.identityProviderId))
    .where(eq(signIns.id, signInId));
  if (!row || row.provider.kind !== 'oidc') return null;
  return oidcLogoutAddress(ctx, row.provider, row.hint);
}
