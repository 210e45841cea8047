import { routePaths } from '../../../contract/routePaths';
import { safeReturnTo } from '../../../contract/sso';
import type { AppContext } from '../../context';

export { safeReturnTo };

/** Where the app shows the outcome of a provider's sign-in: it exchanges the code, or shows the error's text. */
export const SSO_COMPLETE_PATH = routePaths.ssoComplete;

/** The app's address the provider's callback sends the browser to, with the code or the error key. */
export function ssoLandingAddress(ctx: Pick<AppContext, 'config'>, outcome: { code: string } | { error: string }, returnTo?: string | null): string {
  const query = new URLSearchParams('code' in outcome ? { code: outcome.code } : { error: outcome.error });
  const path = safeReturnTo(returnTo);
  if (path) query.set('returnTo', path);
  return `${ctx.config.publicUrl}${SSO_COMPLETE_PATH}?${query.toString()}`;
}
