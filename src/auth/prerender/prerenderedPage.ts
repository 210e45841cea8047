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
  html = replaceOnce(html, '</head>', `  <style>${PRERENDERED_CSS}</style>\n  </head>`);
  // A blank placeholder lets CSS tell a filled field (:placeholder-shown no longer matches) before the app runs.
  const fields = markup.replaceAll('<input ', '<input placeholder=" " ');
  return replaceOnce(html, '<div id="root"></div>', `<div id="${PRERENDERED_ID}">${fields}</div>\n    <div id="root"></div>`);
}

/*
 * MUI moves a field's label out of the box (and opens the outline's gap for it) from JavaScript, on focus or once
 * filled. Before the app runs, CSS does it, so typed text never sits on the label; a focused field's outline thickens.
 */
const ACTIVE_FIELD = `#${PRERENDERED_ID} .MuiFormControl-root:has(input:focus, input:not(:placeholder-shown))`;
const PRERENDERED_CSS = [
  `#${PRERENDERED_ID} ~ #root { display: none; }`,
  `${ACTIVE_FIELD} > .MuiInputLabel-root { transform: translate(14px, -9px) scale(0.75); max-width: calc(133% - 32px); }`,
  `${ACTIVE_FIELD} legend { max-width: 100%; }`,
  `#${PRERENDERED_ID} .MuiOutlinedInput-root:has(input:focus) fieldset { border-width: 2px; }`,
].join(' ');
