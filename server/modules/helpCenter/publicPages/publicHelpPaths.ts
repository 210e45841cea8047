import { HELP_LANGUAGES, HELP_SLUG_MAX, HELP_SLUG_PATTERN, type HelpLanguage } from '../../../../contract/helpCenter';

/** The public help center's addresses: English at /help, Vietnamese under /vi (the language is the path, not a cookie). */
export const PUBLIC_HELP_ROOTS: Record<HelpLanguage, string> = { en: '/help', vi: '/vi/help' };

export const publicHelpPath = (language: HelpLanguage, slug?: string) => (slug ? `${PUBLIC_HELP_ROOTS[language]}/${slug}` : PUBLIC_HELP_ROOTS[language]);

/** Whether a path's last part can name an article at all; anything else is a 404 without a query. */
export const isArticleSlug = (slug: string) => slug.length <= HELP_SLUG_MAX && HELP_SLUG_PATTERN.test(slug);

/** The language of an address of the public help center, or null for any other address. */
export function publicHelpLanguageOf(url: string): HelpLanguage | null {
  const path = url.split('?')[0];
  const language = HELP_LANGUAGES.find((l) => path === PUBLIC_HELP_ROOTS[l] || path.startsWith(`${PUBLIC_HELP_ROOTS[l]}/`));
  return language ?? null;
}
