import { otherHelpLanguage, type HelpArticleViewDto, type HelpLanguage } from '../../../../contract/helpCenter';
import { translate } from '../../../core/i18n';
import { escapeHtml } from '../../../mail/mailTemplate';
import { ARTICLE_HTML, sanitizeHtml } from '../../tickets/ticketHtml';
import { articleTextOf } from '../articleHtml';
import { categoryAnchor } from './publicHelpListPage';
import { publicHelpPath } from './publicHelpPaths';
import { searchForm, type Crumb, type PublicHelpPage } from './publicHelpShell';

const DESCRIPTION_MAX = 160;

/**
 * A stored body as the page shows it: sanitised again on the article allow-list (whatever the database holds), its
 * headings one level under the page's h1, code and tables in boxes that scroll on their own and take focus (so a
 * keyboard scrolls them too). The sanitiser writes these tags bare, so plain replaces find them all.
 */
export function articleBodyHtml(language: HelpLanguage, stored: string) {
  const label = escapeHtml(translate(language, 'helpPublic.table'));
  return sanitizeHtml(stored, ARTICLE_HTML)
    .replace(/<(\/?)h1>/g, '<$1h2>')
    .replace(/<pre>/g, '<pre tabindex="0">')
    .replace(/<table>/g, `<div class="table-box" tabindex="0" role="region" aria-label="${label}"><table>`)
    .replace(/<\/table>/g, '</table></div>');
}

function descriptionOf(body: string) {
  const text = articleTextOf(body).replace(/\s+/g, ' ').trim();
  return text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…` : text;
}

function dateOf(language: HelpLanguage, iso: string) {
  return new Intl.DateTimeFormat(language === 'vi' ? 'vi-VN' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}

/**
 * `/help/{slug}`: one public article. A language without a translation says so and shows the other; its canonical
 * address is then the other language's, which holds the same text.
 */
export function helpArticlePage(language: HelpLanguage, article: HelpArticleViewDto, category: { id: string; name: string } | null): PublicHelpPage {
  const t = (key: string, values?: Record<string, unknown>) => translate(language, key, values);
  const other = otherHelpLanguage(language);
  const alternatePaths = Object.fromEntries(article.languages.map((written) => [written, publicHelpPath(written, article.slug)]));
  const crumbs: Crumb[] = [{ label: t('helpCenter.page.title'), path: publicHelpPath(language) }];
  if (category) crumbs.push({ label: category.name, path: `${publicHelpPath(language)}#${categoryAnchor(category.id)}` });
  const shownLang = article.language !== language ? ` lang="${article.language}"` : '';
  const notice = article.translationMissing
    ? `<p class="notice" role="note">${escapeHtml(t('helpCenter.article.translationMissing', { language: t(`helpCenter.article.inLanguage.${article.language}`) }))}</p>\n`
    : '';
  const otherTranslation = article.languages.includes(other)
    ? `<p class="translations"><a href="${escapeHtml(publicHelpPath(other, article.slug))}" hreflang="${other}" lang="${other}">${escapeHtml(
        t(`helpCenter.article.readIn.${other}`),
      )}</a></p>`
    : '';
  return {
    language,
    title: article.title,
    description: descriptionOf(article.body) || t('helpPublic.description'),
    canonicalPath: publicHelpPath(article.language, article.slug),
    alternatePaths,
    otherLanguagePath: publicHelpPath(other, article.slug),
    breadcrumbs: crumbs,
    main: `${notice}<article class="article"${shownLang}>
<h1>${escapeHtml(article.title)}</h1>
<p class="meta">${escapeHtml(t('helpPublic.updated', { date: dateOf(language, article.publishedAt) }))}</p>
<div class="article-body">${articleBodyHtml(language, article.body)}</div>
</article>
${otherTranslation}
${searchForm(language)}`,
  };
}

/** The 404 page of the public help center: in the language of the address, with the search and the way home. */
export function helpNotFoundPage(language: HelpLanguage): PublicHelpPage {
  const t = (key: string) => translate(language, key);
  return {
    language,
    title: t('helpPublic.notFoundTitle'),
    description: t('helpPublic.description'),
    alternatePaths: {},
    otherLanguagePath: publicHelpPath(otherHelpLanguage(language)),
    breadcrumbs: [{ label: t('helpCenter.page.title'), path: publicHelpPath(language) }],
    main: `<h1>${escapeHtml(t('helpPublic.notFoundTitle'))}</h1>
<p>${escapeHtml(t('helpCenter.article.notFound'))}</p>
${searchForm(language)}
<p><a href="${publicHelpPath(language)}">${escapeHtml(t('helpCenter.article.back'))}</a></p>`,
  };
}
