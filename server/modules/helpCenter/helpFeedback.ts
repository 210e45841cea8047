import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { HelpInsightsDto, HelpLanguage } from '../../../contract/helpCenter';
import type { Db } from '../../db/client';
import { ApiError } from '../../core/errors';
import { helpArticles, helpDeflections, helpFeedback, helpUnansweredSearches } from './helpCenter.schema';
import { readableBy, type HelpReader } from './helpReaders';

const UNANSWERED_SHOWN = 20;
const FEEDBACK_SHOWN = 20;
const COMMENTS_SHOWN = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The id of a published article the reader may read, by slug or id; 404 for anything else. */
async function readableArticleId(db: Db, reader: HelpReader, where: { slug: string } | { id: string }) {
  const [row] = await db
    .select({ id: helpArticles.id })
    .from(helpArticles)
    .where(and('slug' in where ? eq(helpArticles.slug, where.slug) : eq(helpArticles.id, where.id.toLowerCase()), readableBy(reader)));
  if (!row) throw new ApiError(404, 'api.notFound');
  return row.id;
}

/** `POST /help/articles/{slug}/feedback`: "was this helpful?" for one language of an article the reader reads. */
export async function recordFeedback(db: Db, reader: HelpReader, slug: string, input: { helpful: boolean; language: HelpLanguage; comment: string }) {
  const articleId = await readableArticleId(db, reader, { slug });
  await db
    .insert(helpFeedback)
    .values({ articleId, language: input.language, helpful: input.helpful, comment: input.comment.trim(), userId: reader?.id ?? null });
}

/** `POST /help/deflections`: a ticket draft ended by an article the reader reads. */
export async function recordDeflection(db: Db, reader: NonNullable<HelpReader>, input: { articleId: string; query: string }) {
  const articleId = await readableArticleId(db, reader, { id: input.articleId });
  await db.insert(helpDeflections).values({ articleId, userId: reader.id, partnerId: reader.partnerId, query: input.query.trim() });
}

/** `GET /help-center/insights`: staff Home's figures. */
export async function helpInsights(db: Db, now = new Date()): Promise<HelpInsightsDto> {
  const [[total], [recent]] = await Promise.all([
    db.select({ n: count() }).from(helpDeflections),
    db
      .select({ n: count() })
      .from(helpDeflections)
      .where(gte(helpDeflections.createdAt, new Date(now.getTime() - 30 * DAY_MS))),
  ]);
  const unanswered = await db
    .select()
    .from(helpUnansweredSearches)
    .orderBy(desc(helpUnansweredSearches.count), desc(helpUnansweredSearches.lastAskedAt))
    .limit(UNANSWERED_SHOWN);
  const tallies = await db
    .select({
      articleId: helpFeedback.articleId,
      language: helpFeedback.language,
      slug: helpArticles.slug,
      title: sql<string>`coalesce(case when ${helpFeedback.language} = 'vi' then ${helpArticles.viTitle} else ${helpArticles.enTitle} end, ${helpArticles.enTitle}, ${helpArticles.viTitle}, '')`,
      yes: sql<number>`count(*) filter (where ${helpFeedback.helpful})::int`,
      no: sql<number>`count(*) filter (where not ${helpFeedback.helpful})::int`,
    })
    .from(helpFeedback)
    .innerJoin(helpArticles, eq(helpArticles.id, helpFeedback.articleId))
    .groupBy(helpFeedback.articleId, helpFeedback.language, helpArticles.slug, helpArticles.enTitle, helpArticles.viTitle)
    .orderBy(sql`count(*) desc`, helpArticles.slug)
    .limit(FEEDBACK_SHOWN);
  const feedback = await Promise.all(
    tallies.map(async (tally) => {
      const comments = await db
        .select({ text: helpFeedback.comment, at: helpFeedback.createdAt })
        .from(helpFeedback)
        .where(and(eq(helpFeedback.articleId, tally.articleId), eq(helpFeedback.language, tally.language), sql`${helpFeedback.comment} <> ''`))
        .orderBy(desc(helpFeedback.createdAt))
        .limit(COMMENTS_SHOWN);
      return {
        ...tally,
        language: tally.language as HelpLanguage,
        yes: Number(tally.yes),
        no: Number(tally.no),
        comments: comments.map((c) => ({ text: c.text, at: c.at.toISOString() })),
      };
    }),
  );
  return {
    deflectedLast30Days: recent.n,
    deflectedTotal: total.n,
    unanswered: unanswered.map((u) => ({ query: u.query, language: u.language as HelpLanguage, count: u.count, lastAskedAt: u.lastAskedAt.toISOString() })),
    feedback,
  };
}
