import type { AppContext } from '../../context';

/** Where the app shows the outcome of a provider's sign-in: it exchanges the code, or shows the error's text. */
export const SSO_COMPLETE_PATH = '/sso/complete';

/**
 * A path of this app to land on after signing in, or null: never an absolute address, a scheme, a protocol-relative
 * `//host` or a backslash a browser reads as one (an open redirect), never a control character.
 */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 500) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value) || /^\/[^/?#]*:/.test(value)) return null;
  return value;
}

/** The app's address the provider's callback sends the browser to, with the code or the error key. */
export function ssoLandingAddress(ctx: Pick<AppContext, 'config'>, outcome: { code: string } | { error: string }, returnTo?: string | null): string {
  const query = new URLSearchParams('code' in outcome ? { code: outcome.code } : { error: outcome.error });
  const path = safeReturnTo(returnTo);
  if (path) query.set('returnTo', path);
  return `${ctx.config.publicUrl}${SSO_COMPLETE_PATH}?${query.toString()}`;
}
