import type { Language } from '../../../contract/http';

/** The element holding the sign-in screen the build prerendered, beside #root. */
export const PRERENDERED_ID = 'prerendered-sign-in';

function replaceOnce(html: string, marker: string, replacement: string) {
  if (!html.includes(marker)) throw new Error(`The sign-in page lacks ${marker}: update src/auth/prerender/prerenderedPage.ts`);
  return html.replace(marker, () => replacement);
}

/**
 * /sign-in's page: the app's page (`base`) with the screen prerendered beside #root, in its language. #root stays
 * hidden while the prerendered copy is there, so the app's first render (its loading skeleton) never shows; the app
 * removes the copy when its form takes over (prerenderedSignIn.ts). No script: the CSP allows the app's files only.
 */
export function signInPageHtml(base: string, language: Language, markup: string): string {
  let html = replaceOnce(base, '<html lang="en">', `<html lang="${language}">`);
  html = replaceOnce(html, '</head>', `  <style>#${PRERENDERED_ID} ~ #root { display: none; }</style>\n  </head>`);
  return replaceOnce(html, '<div id="root"></div>', `<div id="${PRERENDERED_ID}">${markup}</div>\n    <div id="root"></div>`);
}
