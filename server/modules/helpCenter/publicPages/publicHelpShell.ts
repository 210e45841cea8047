import { HELP_LANGUAGES, HELP_QUERY_MAX, otherHelpLanguage, type HelpLanguage } from '../../../../contract/helpCenter';
import { translate } from '../../../core/i18n';
import { escapeHtml } from '../../../mail/mailTemplate';
import { publicHelpPath } from './publicHelpPaths';
import { PUBLIC_HELP_STYLES } from './publicHelpStyles';

export interface Crumb {
  label: string;
  path: string;
}

/** What one public page says beside its main content; paths are this site's, made absolute with its public address. */
export interface PublicHelpPage {
  language: HelpLanguage;
  /** The page's own name, first in <title> ("Reset your password | Help center | Partner Portal"); none on the help center's home. */
  title?: string;
  description: string;
  /** Where search engines should index this content; none on pages not worth indexing (a search, a 404). */
  canonicalPath?: string;
  /** The page in each language it exists in (hreflang links; x-default the English one, else the only one). */
  alternatePaths: Partial<Record<HelpLanguage, string>>;
  /** The same page in the other language, for the visible link in the header. */
  otherLanguagePath: string;
  breadcrumbs?: Crumb[];
  /** The page's HTML inside <main>, its one <h1> included; every value in it escaped by its maker. */
  main: string;
}

const attribute = escapeHtml;

function alternateLinks(origin: string, paths: PublicHelpPage['alternatePaths']) {
  const links = HELP_LANGUAGES.filter((language) => paths[language]).map(
    (language) => `<link rel="alternate" hreflang="${language}" href="${attribute(origin + paths[language])}">`,
  );
  const fallback = paths.en ?? paths.vi;
  if (fallback) links.push(`<link rel="alternate" hreflang="x-default" href="${attribute(origin + fallback)}">`);
  return links.join('\n');
}

function breadcrumbNav(language: HelpLanguage, crumbs: Crumb[]) {
  const items = crumbs.map((crumb) => `<li><a href="${attribute(crumb.path)}">${escapeHtml(crumb.label)}</a></li>`).join('');
  return `<nav class="crumbs" aria-label="${attribute(translate(language, 'helpPublic.breadcrumbs'))}"><ol>${items}</ol></nav>`;
}

/** A whole public help page: head (title, description, canonical and language links, the stylesheet), header, main, footer. */
export function renderPublicHelpPage(origin: string, page: PublicHelpPage): string {
  const { language } = page;
  const t = (key: string, values?: Record<string, unknown>) => translate(language, key, values);
  const other = otherHelpLanguage(language);
  const helpCenter = t('helpCenter.page.title');
  const title = [page.title, helpCenter, t('helpPublic.siteName')].filter(Boolean).join(' | ');
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${attribute(page.description)}">`,
    page.canonicalPath ? `<link rel="canonical" href="${attribute(origin + page.canonicalPath)}">` : '<meta name="robots" content="noindex">',
    alternateLinks(origin, page.alternatePaths),
    `<style>${PUBLIC_HELP_STYLES}</style>`,
  ].join('\n');
  const header = `<header class="top"><div class="bar">
<a class="brand" href="${publicHelpPath(language)}">${escapeHtml(`${t('helpPublic.siteName')} · ${helpCenter}`)}</a>
<nav aria-label="${attribute(t('helpPublic.siteNav'))}"><ul>
<li><a href="${attribute(page.otherLanguagePath)}" hreflang="${other}" lang="${other}">${escapeHtml(t(`helpCenter.article.readIn.${other}`))}</a></li>
<li><a href="/sign-in">${escapeHtml(t('helpPublic.signIn'))}</a></li>
</ul></nav>
</div></header>`;
  const crumbs = page.breadcrumbs?.length ? breadcrumbNav(language, page.breadcrumbs) : '';
  return `<!doctype html>
<html lang="${language}">
<head>
${head}
</head>
<body>
<a class="skip" href="#main">${escapeHtml(t('helpPublic.skipToContent'))}</a>
${header}
<main id="main" tabindex="-1">
${crumbs}${page.main}
</main>
<footer><p>${escapeHtml(t('helpPublic.footer'))} <a href="/sign-in">${escapeHtml(t('helpPublic.signIn'))}</a></p></footer>
</body>
</html>
`;
}

/** The search form every page carries, `q` filled in on a search. */
export function searchForm(language: HelpLanguage, q = '') {
  const t = (key: string) => translate(language, key);
  return `<form class="search" role="search" action="${publicHelpPath(language)}" method="get">
<label for="help-search">${escapeHtml(t('helpCenter.page.search'))}</label>
<input id="help-search" name="q" type="search" value="${attribute(q)}" maxlength="${HELP_QUERY_MAX}" autocomplete="off">
<button type="submit">${escapeHtml(t('helpPublic.searchButton'))}</button>
</form>`;
}
