import type { FileContentDisposition } from '../../../contract/schemas/fileAccess';

/**
 * The policy an opening's content is served under: no script of the file runs, it loads nothing, submits
 * nothing (`default-src 'none'`, `sandbox` without allow-scripts). Only an inline PDF may be framed, by the
 * app's own file page. Chromium 150's PDF viewer shows a PDF under this policy, sandbox included, framed or
 * not (checked with /usr/bin/chromium), so nothing is loosened for it; images are shown by <img>, whose own
 * policy does not apply, and open alone under it too.
 */
export function contentPolicyOf(contentType: string, disposition: FileContentDisposition) {
  const framedInPage = disposition === 'inline' && contentType === 'application/pdf';
  return {
    contentSecurityPolicy: `default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors ${framedInPage ? "'self'" : "'none'"}; sandbox`,
    frameableBySelf: framedInPage,
  };
}
