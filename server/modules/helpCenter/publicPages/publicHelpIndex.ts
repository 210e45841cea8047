import { and, desc, eq } from 'drizzle-orm';
import { helpCategoryName, otherHelpLanguage, type HelpCategoryDto, type HelpLanguage } from '../../../../contract/helpCenter';
import type { Db } from '../../../db/client';
import { helpArticles, helpArticleVersions } from '../helpCenter.schema';
import { readableBy } from '../helpReaders';
import { readableCategories } from '../helpSearch';

/** An article as the help center's home lists it: its published title in the page's language, or the other one. */
export interface IndexedArticle {
  slug: string;
  title: string;
  /** The language `title` is in. */
  language: HelpLanguage;
}

export interface IndexedCategory {
  id: string;
  name: string;
  articles: IndexedArticle[];
}

/** The home lists this many at most; beyond, the search finds them. */
const INDEX_MAX = 500;

/**
 * The public articles by category in staff's order (each category's by title), and those without a category: what a
 * signed-out visitor may read (readableBy(null)), titles of the published version.
 */
export async function publicHelpIndex(db: Db, language: HelpLanguage): Promise<{ categories: IndexedCategory[]; uncategorised: IndexedArticle[] }> {
  const [categories, rows] = await Promise.all([
    readableCategories(db, null),
    db
      .select({ slug: helpArticles.slug, categoryId: helpArticles.categoryId, enTitle: helpArticleVersions.enTitle, viTitle: helpArticleVersions.viTitle })
      .from(helpArticles)
      .innerJoin(helpArticleVersions, and(eq(helpArticleVersions.articleId, helpArticles.id), eq(helpArticleVersions.number, helpArticles.publishedVersion)))
      .where(readableBy(null))
      .orderBy(desc(helpArticles.publishedAt))
      .limit(INDEX_MAX),
  ]);
  const articles = rows.map((row) => {
    const titles = { en: row.enTitle, vi: row.viTitle };
    const shown = titles[language] !== null ? language : otherHelpLanguage(language);
    return { categoryId: row.categoryId, slug: row.slug, title: titles[shown] ?? row.slug, language: shown };
  });
  const byTitle = (a: IndexedArticle, b: IndexedArticle) => a.title.localeCompare(b.title, language);
  const strip = ({ slug, title, language: shown }: IndexedArticle): IndexedArticle => ({ slug, title, language: shown });
  const inCategory = (category: HelpCategoryDto) =>
    articles
      .filter((a) => a.categoryId === category.id)
      .map(strip)
      .sort(byTitle);
  return {
    categories: categories
      .map((category) => ({ id: category.id, name: helpCategoryName(category, language), articles: inCategory(category) }))
      .filter((category) => category.articles.length > 0),
    uncategorised: articles
      .filter((a) => !a.categoryId || !categories.some((c) => c.id === a.categoryId))
      .map(strip)
      .sort(byTitle),
  };
}
