import { DEFAULT_LANGUAGE, LANGUAGES } from './http';

export const THEME_MODES = ['light', 'dark'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];
export const DEFAULT_THEME_MODE: ThemeMode = 'light';

/**
 * The language and theme, kept in localStorage, mirrored into cookies so the server can send /sign-in already
 * prerendered in them (server/static/signInPage.ts). localStorage stays the source of truth.
 */
export const preferenceCookies = {
  language: { name: 'portal-language', allowed: LANGUAGES, fallback: DEFAULT_LANGUAGE },
  themeMode: { name: 'portal-theme', allowed: THEME_MODES, fallback: DEFAULT_THEME_MODE },
} as const satisfies Record<string, { name: string; allowed: readonly string[]; fallback: string }>;
