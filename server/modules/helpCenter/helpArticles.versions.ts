import { and, desc, eq } from 'drizzle-orm';
import type { HelpArticleVersionDto, HelpTranslation } from '../../../contract/helpCenter';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { writeAudit } from '../../core/audit';
import type { CrudService } from '../../core/crud';
import { ApiError } from '../../core/errors';
import { transactionThenPublish, type DomainEvent } from '../../core/events';
import type { Principal } from '../../core/guard';
import { assertIfMatch, type IfMatch } from '../../core/recordVersion';
import { users } from '../users/users.schema';
import { articleTextOf } from './articleHtml';
import { helpArticleSearch, helpArticles, helpArticleVersions } from './helpCenter.schema';
import type { articleDtoOf } from './helpArticles.resource';
import { foldForSearch } from '../../../contract/fold';

type ArticleService = CrudService<never, ReturnType<typeof articleDtoOf>>;

/**
 * A save's version: written in the save's transaction when its ResourceChanged is queued (the row then holds the
 * number the save took). A publish changes the row without a new number: the version is there, nothing is added.
 */
export async function recordVersion(tx: Db, articleId: string) {
  const [row] = await tx.select().from(helpArticles).where(eq(helpArticles.id, articleId));
  if (!row) return;
  await tx
    .insert(helpArticleVersions)
    .values({
      articleId,
      number: row.latestVersion,
      enTitle: row.enTitle,
      enBody: row.enBody,
      viTitle: row.viTitle,
      viBody: row.viBody,
      editedBy: row.updatedBy,
      editedAt: row.updatedAt,
    })
    .onConflictDoNothing();
}

const translationOf = (title: string | null, body: string | null): HelpTranslation | null => (title === null ? null : { title, body: body ?? '' });

/** What search reads of the published version: one row per written language (helpCenter.schema.ts). */
async function rewriteSearchRows(tx: Db, articleId: string, version: typeof helpArticleVersions.$inferSelect | null) {
  await tx.delete(helpArticleSearch).where(eq(helpArticleSearch.articleId, articleId));
  if (!version) return;
  const rows = (
    [
      ['en', version.enTitle, version.enBody],
      ['vi', version.viTitle, version.viBody],
    ] as const
  ).flatMap(([language, title, body]) => {
    if (title === null) return [];
    const bodyText = articleTextOf(body ?? '');
    return [{ articleId, language, title, bodyText, titleFolded: foldForSearch(title), bodyFolded: foldForSearch(bodyText) }];
  });
  if (rows.length) await tx.insert(helpArticleSearch).values(rows);
}

/**
 * Publishes version `number` of an article (null: takes it off the help center): the version's time, the article's
 * pointer and status, and the search rows, in the caller's transaction.
 */
export async function setPublication(tx: Db, articleId: string, number: number | null) {
  const now = new Date();
  let version: typeof helpArticleVersions.$inferSelect | null = null;
  if (number !== null) {
    [version] = await tx
      .update(helpArticleVersions)
      .set({ publishedAt: now })
      .where(and(eq(helpArticleVersions.articleId, articleId), eq(helpArticleVersions.number, number)))
      .returning();
    if (!version) throw new ApiError(409, 'api.conflict');
  }
  const row = await tx
    .update(helpArticles)
    .set(number !== null ? { status: 'published', publishedVersion: number, publishedAt: now } : { status: 'draft', publishedVersion: null, publishedAt: null })
    .where(eq(helpArticles.id, articleId))
    .returning({ id: helpArticles.id });
  await rewriteSearchRows(tx, articleId, version);
  return row;
}

/** Publishing, unpublishing and the versions of an article: staff's, within what their principal reaches. */
export function createArticleVersions(ctx: AppContext, service: ArticleService) {
  const { lockVisible, findVisible, dtoOf, storedOf } = service.rows;

  async function changePublication(principal: Principal, id: string, ifMatch: IfMatch | undefined, publish: boolean) {
    const visible = await findVisible(principal, id);
    const changed = await transactionThenPublish(ctx, async (tx, queue: (event: DomainEvent) => void) => {
      const [existing] = await lockVisible(tx, principal, [visible.id]);
      await assertIfMatch(ifMatch, storedOf(existing), () => dtoOf(existing));
      const [row] = await setPublication(tx, existing.id, publish ? (existing.latestVersion as number) : null);
      const [after] = await service.rows.select(tx).from(helpArticles).where(eq(helpArticles.id, row.id));
      await writeAudit(tx, {
        userId: principal.id,
        type: 'Update',
        table: 'help-articles',
        key: existing.id,
        before: storedOf(existing),
        after: storedOf(after as never),
      });
      queue({ type: 'ResourceChanged', resource: 'help-articles', id: existing.id, action: 'updated' });
      return after;
    });
    return dtoOf(changed as never);
  }

  return {
    publish: (principal: Principal, id: string, ifMatch?: IfMatch) => changePublication(principal, id, ifMatch, true),
    unpublish: (principal: Principal, id: string, ifMatch?: IfMatch) => changePublication(principal, id, ifMatch, false),

    /** Newest first, without bodies (each translation's title only). */
    async list(principal: Principal, id: string): Promise<HelpArticleVersionDto[]> {
      const article = await findVisible(principal, id);
      const rows = await ctx.db
        .select({ version: helpArticleVersions, firstName: users.firstName, lastName: users.lastName })
        .from(helpArticleVersions)
        .leftJoin(users, eq(users.id, helpArticleVersions.editedBy))
        .where(eq(helpArticleVersions.articleId, article.id))
        .orderBy(desc(helpArticleVersions.number))
        .limit(1000);
      return rows.map(({ version, firstName, lastName }) => ({
        ...versionDtoOf(version, firstName, lastName),
        en: version.enTitle === null ? null : { title: version.enTitle, body: '' },
        vi: version.viTitle === null ? null : { title: version.viTitle, body: '' },
      }));
    },

    async one(principal: Principal, id: string, number: number): Promise<HelpArticleVersionDto> {
      const article = await findVisible(principal, id);
      const [found] = await ctx.db
        .select({ version: helpArticleVersions, firstName: users.firstName, lastName: users.lastName })
        .from(helpArticleVersions)
        .leftJoin(users, eq(users.id, helpArticleVersions.editedBy))
        .where(and(eq(helpArticleVersions.articleId, article.id), eq(helpArticleVersions.number, number)));
      if (!found) throw new ApiError(404, 'api.notFound');
      return versionDtoOf(found.version, found.firstName, found.lastName);
    },
  };
}

function versionDtoOf(version: typeof helpArticleVersions.$inferSelect, firstName: string | null, lastName: string | null): HelpArticleVersionDto {
  return {
    articleId: version.articleId,
    number: version.number,
    en: translationOf(version.enTitle, version.enBody),
    vi: translationOf(version.viTitle, version.viBody),
    publishedAt: version.publishedAt?.toISOString() ?? null,
    editedBy: version.editedBy,
    editedByName: firstName === null ? null : `${firstName} ${lastName ?? ''}`.trim(),
    editedAt: version.editedAt.toISOString(),
  };
}
