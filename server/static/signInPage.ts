import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES, type Language } from '../../contract/http';
import { preferenceCookies, THEME_MODES, type ThemeMode } from '../../contract/preferenceCookies';
import { routePaths } from '../../contract/routePaths';

export interface SignInVariant {
  language: Language;
  themeMode: ThemeMode;
}

/** Every language in every theme: the pages the build prerenders /sign-in as (scripts/prerenderSignIn.ts). */
export const SIGN_IN_VARIANTS: readonly SignInVariant[] = LANGUAGES.flatMap((language) => THEME_MODES.map((themeMode) => ({ language, themeMode })));

export const signInPageFile = ({ language, themeMode }: SignInVariant) => `index.sign-in.${language}.${themeMode}.html`;

/** The prerendered /sign-in pages a build in `root` holds (read once at start). */
export function builtSignInPages(root: string | null): ReadonlySet<string> {
  return new Set(root ? SIGN_IN_VARIANTS.map(signInPageFile).filter((page) => fs.existsSync(path.join(root, page))) : []);
}

// Browsers send at most a few KB of cookies; a longer header is not worth reading for two words.
const MAX_COOKIE_HEADER = 4096;

/**
 * The preference a Cookie header holds: its value when the cookie is there once with an allowed value, otherwise
 * the default (missing, repeated, unknown, oversized). Names are compared, never used as keys.
 */
function preferenceIn<T extends string>(header: string | undefined, cookie: { name: string; allowed: readonly T[]; fallback: T }): T {
  if (!header || header.length > MAX_COOKIE_HEADER) return cookie.fallback;
  let found: string | null = null;
  for (const pair of header.split(';')) {
    const equals = pair.indexOf('=');
    if (equals < 0 || pair.slice(0, equals).trim() !== cookie.name) continue;
    if (found !== null) return cookie.fallback;
    found = pair.slice(equals + 1).trim();
  }
  return cookie.allowed.find((value) => value === found) ?? cookie.fallback;
}

export function signInVariantFor(cookieHeader: string | undefined): SignInVariant {
  return { language: preferenceIn(cookieHeader, preferenceCookies.language), themeMode: preferenceIn(cookieHeader, preferenceCookies.themeMode) };
}

/**
 * The page for /sign-in: the screen prerendered in the reader's language and theme (from the cookies the app mirrors
 * its preferences into), or null for other paths and builds without those pages.
 */
export function signInPageFor(builtPages: ReadonlySet<string>, urlPath: string, cookieHeader: string | undefined): string | null {
  // Trailing slashes trimmed by a loop: a regex like /\/+$/ is quadratic on a long run of slashes not at the end.
  let end = urlPath.length;
  while (end > 1 && urlPath.charCodeAt(end - 1) === 47) end--;
  if (urlPath.slice(0, end) !== routePaths.signIn) return null;
  const page = signInPageFile(signInVariantFor(cookieHeader));
  return builtPages.has(page) ? page : null;
}
