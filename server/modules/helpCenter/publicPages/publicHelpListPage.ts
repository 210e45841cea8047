import { otherHelpLanguage, type HelpArticleHitDto, type HelpLanguage } from '../../../../contract/helpCenter';
import { translate } from '../../../core/i18n';
import { escapeHtml } from '../../../mail/mailTemplate';
import type { IndexedArticle, IndexedCategory } from './publicHelpIndex';
import { publicHelpPath } from './publicHelpPaths';
import { searchForm, type PublicHelpPage } from './publicHelpShell';

const bothLanguages = { en: publicHelpPath('en'), vi: publicHelpPath('vi') };

/** A link to an article at this language's address; its title marked with its own language when it is the other one. */
function articleLink(language: HelpLanguage, article: Pick<IndexedArticle, 'slug' | 'title' | 'language'>) {
  const lang = article.language !== language ? ` lang="${article.language}"` : '';
  return `<a href="${escapeHtml(publicHelpPath(language, article.slug))}"${lang}>${escapeHtml(article.title)}</a>`;
}

function categorySection(language: HelpLanguage, id: string, name: string, articles: IndexedArticle[]) {
  const items = articles.map((article) => `<li>${articleLink(language, article)}</li>`).join('\n');
  return `<section class="card" id="${escapeHtml(id)}" aria-labelledby="${escapeHtml(id)}-name">
<h2 id="${escapeHtml(id)}-name">${escapeHtml(name)}</h2>
<ul>
${items}
</ul>
</section>`;
}

/** The anchor of a category on the help center's home (breadcrumbs point there). */
export const categoryAnchor = (categoryId: string) => `category-${categoryId}`;

/** `/help`: the categories with their public articles, and the search form. */
export function helpHomePage(language: HelpLanguage, index: { categories: IndexedCategory[]; uncategorised: IndexedArticle[] }): PublicHelpPage {
  const t = (key: string) => translate(language, key);
  const sections = [
    ...index.categories.map((category) => categorySection(language, categoryAnchor(category.id), category.name, category.articles)),
    ...(index.uncategorised.length ? [categorySection(language, 'other-articles', t('helpPublic.otherArticles'), index.uncategorised)] : []),
  ];
  return {
    language,
    description: t('helpPublic.description'),
    canonicalPath: publicHelpPath(language),
    alternatePaths: bothLanguages,
    otherLanguagePath: publicHelpPath(otherHelpLanguage(language)),
    main: `<h1>${escapeHtml(t('helpCenter.page.title'))}</h1>
<p class="intro">${escapeHtml(t('helpCenter.page.intro'))}</p>
${searchForm(language)}
${sections.length ? sections.join('\n') : `<p>${escapeHtml(t('helpCenter.page.noArticles'))}</p>`}`,
  };
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/**
 * A search snippet as HTML: the search escapes its text and marks the matched words (helpSnippets.ts); here the
 * text between the marks is read back and escaped again, so whatever a snippet held, <mark> is its only markup.
 */
export function snippetHtml(snippet: string) {
  return snippet
    .split(/(<\/?mark>)/)
    .map((part) => (part === '<mark>' || part === '</mark>' ? part : escapeHtml(part.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]))))
    .join('');
}

/** `/help?q=`: the ranked hits with their snippets, or nothing found; never indexed. */
export function helpSearchPage(language: HelpLanguage, q: string, found: { items: HelpArticleHitDto[]; totalCount: number }): PublicHelpPage {
  const t = (key: string, values?: Record<string, unknown>) => translate(language, key, values);
  const query = `?q=${encodeURIComponent(q)}`;
  const hits = found.items
    .map((hit) => {
      const lang = hit.language !== language ? ` lang="${hit.language}"` : '';
      const link = `<a href="${escapeHtml(publicHelpPath(language, hit.slug))}">${escapeHtml(hit.title)}</a>`;
      return `<li${lang}><h2>${link}</h2><p>${snippetHtml(hit.snippet)}</p></li>`;
    })
    .join('\n');
  const count = `<p role="status">${escapeHtml(t('helpPublic.hitCount', { count: found.totalCount }))}${
    found.totalCount > found.items.length ? ` ${escapeHtml(t('helpPublic.hitsShown', { shown: found.items.length }))}` : ''
  }</p>`;
  return {
    language,
    title: t('helpCenter.page.resultsFor', { q }),
    description: t('helpPublic.description'),
    // A search is not indexed (no canonical, noindex): no alternates either.
    alternatePaths: {},
    otherLanguagePath: publicHelpPath(otherHelpLanguage(language)) + query,
    breadcrumbs: [{ label: t('helpCenter.page.title'), path: publicHelpPath(language) }],
    main: `<h1>${escapeHtml(t('helpCenter.page.resultsFor', { q }))}</h1>
${searchForm(language, q)}
${found.items.length ? `${count}\n<ol class="hits">\n${hits}\n</ol>` : `<p role="status">${escapeHtml(t('helpCenter.page.nothingFound'))}</p>`}
<p><a href="${publicHelpPath(language)}">${escapeHtml(t('helpCenter.article.back'))}</a></p>`,
  };
}
