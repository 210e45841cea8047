import type { HelpArticleHitDto } from '../../contract/helpCenter';

/** The help center's address in the app (src/resources/helpCenter/index.ts declares the routes). */
export const HELP_PAGE_PATH = '/help-center';

/** An article in the app, in the language it is written in. */
export const helpArticlePath = (article: Pick<HelpArticleHitDto, 'slug' | 'language'>) =>
  `${HELP_PAGE_PATH}/${encodeURIComponent(article.slug)}?lang=${article.language}`;
