import { eq, sql } from 'drizzle-orm';
import { FILE_LINK_MINUTES, fileLinkRoute, isShownInPage, type FileLinkDto, type FileLinkRefusal, type FileLinkViewDto } from '../../../contract/files';
import type { FileContentDisposition } from '../../../contract/schemas/fileAccess';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { fileGrants, fileLinks, managedFiles, users } from '../../db/schema';
import { ApiError, fieldError, forbidden, notFound } from '../../core/errors';
import { transactionThenPublish } from '../../core/events';
import type { Principal } from '../../core/guard';
import { rowIdOf } from '../../core/search';
import type { Download } from '../../files/sendStoredFile';
import { downloadsLeftOf, grantForOpening } from './accessibleFiles';
import { countDownload, countVisit, exhaustedRefusal, type AccessClient, type CountedOpening } from './fileAccessCounting';
import { signFileToken, verifyFileToken, type FileTokenType } from './fileLinkTokens';
import { grantNamesUser } from './grantMatching';

const NOT_FOUND = 'filesApi.notFound';
const LINK_MS = FILE_LINK_MINUTES * 60 * 1000;

/** A link that shows no file: 404 or 410 with the page's message, and the refusal named for the page to pick its text. */
export function linkRefusal(refusal: FileLinkRefusal, field: string): ApiError {
  if (refusal === 'exhausted') return exhaustedRefusal(field);
  return new ApiError(refusal === 'notFound' ? 404 : 410, `filesApi.linkPage.${refusal}`, [{ field, message: refusal }]);
}

/** The content URL of an opening (an API path: an <img> or <iframe> loads it with the ticket as its credential). */
const contentUrl = (ticket: string, disposition: FileContentDisposition) =>
  `/api/v1/file-links/content?ticket=${encodeURIComponent(ticket)}&disposition=${disposition}`;

type OpeningRow = Awaited<ReturnType<typeof loadOpening>>;

async function loadOpening(db: Db, linkId: string) {
  const [row] = await db
    .select({
      link: fileLinks,
      file: managedFiles,
      grant: fileGrants,
      user: { partnerId: users.partnerId, isActive: users.isActive, deletedAt: users.deletedAt },
      // Whether the grant still names the link's user (a role taken away or a move to another partner ends it).
      grantNamesUser: sql<boolean | null>`${grantNamesUser({ id: fileLinks.userId, partnerId: users.partnerId })}`,
    })
    .from(fileLinks)
    .innerJoin(managedFiles, eq(managedFiles.id, fileLinks.fileId))
    .innerJoin(fileGrants, eq(fileGrants.id, fileLinks.grantId))
    .innerJoin(users, eq(users.id, fileLinks.userId))
    .where(eq(fileLinks.id, linkId));
  return row;
}

/**
 * An opening checked again at `now`, on every request: the link unexpired, the file live, the grant not revoked,
 * still naming the user (a role taken away or a move to another partner since the minting ends it), inside its
 * window, and with downloads left unless this opening already downloaded. A refusal names `field`.
 */
async function checkedOpening(db: Db, type: FileTokenType, secret: Uint8Array, token: string, now: Date, field: string, callerId?: string) {
  const check = await verifyFileToken(secret, type, token, now);
  if (check.state === 'invalid') throw linkRefusal('notFound', field);
  if (callerId !== undefined && check.claims.sub !== callerId) throw linkRefusal('notFound', field);
  if (check.state === 'expired') throw linkRefusal('expired', field);
  const row = await loadOpening(db, check.claims.lid);
  if (!row || (callerId !== undefined && row.link.userId !== callerId)) throw linkRefusal('notFound', field);
  if (row.link.expiresAt <= now) throw linkRefusal('expired', field);
  if (row.file.deletedAt || row.user.deletedAt || !row.user.isActive) throw linkRefusal('notFound', field);
  if (row.grant.revokedAt) throw linkRefusal('revoked', field);
  if (!row.grantNamesUser) throw linkRefusal('notFound', field);
  if (now < row.grant.validFrom || now >= row.grant.validTo) throw linkRefusal('expired', field);
  if (downloadsLeftOf(row.grant) === 0 && !row.link.downloadedAt) throw linkRefusal('exhausted', field);
  return row;
}

/** Inline only for the files shown in the page; an attachment never for a view-only grant. */
function allowedContent(opening: OpeningRow, disposition: FileContentDisposition) {
  if (disposition === 'inline' && !isShownInPage(opening.file.contentType, opening.file.size)) throw fieldError('disposition', 'filesApi.notInline');
  if (disposition === 'attachment' && opening.grant.viewOnly) throw forbidden('filesApi.viewOnly');
  return opening;
}

const countedOpening = (row: OpeningRow): CountedOpening => ({
  linkId: row.link.id,
  fileId: row.file.id,
  grantId: row.grant.id,
  userId: row.link.userId,
  partnerId: row.user.partnerId,
});

/** Signed links and what opening one does: the visit, the content, the counts and the log (helper B). */
export function createFileLinkService(ctx: Pick<AppContext, 'db' | 'events' | 'config'>) {
  const secret = ctx.config.jwtSecret;

  return {
    /**
     * A link to a file the user may open now, through the grant an opening prefers, valid FILE_LINK_MINUTES.
     * No grant in force naming the user, or no such live file: 404 (the same answer, so nothing can be probed).
     */
    async mint(principal: Principal, fileId: string, now = new Date()): Promise<FileLinkDto> {
      const chosen = await grantForOpening(ctx.db, principal, rowIdOf(fileId, NOT_FOUND), now);
      if (!chosen) throw notFound(NOT_FOUND);
      const expiresAt = new Date(now.getTime() + LINK_MS);
      const [link] = await ctx.db
        .insert(fileLinks)
        .values({ fileId: chosen.file.id, grantId: chosen.grant.id, userId: principal.id, expiresAt, createdAt: now })
        .returning({ id: fileLinks.id });
      const token = await signFileToken(secret, 'file-link', { lid: link.id, sub: principal.id }, expiresAt);
      return { token, url: fileLinkRoute(token), expiresAt: expiresAt.toISOString() };
    },

    /** The file page of a link, for the user it was minted for only; counts the opening's visit once. */
    async view(principal: Principal, token: string, from: AccessClient, now = new Date()): Promise<FileLinkViewDto> {
      const row = await transactionThenPublish(ctx, async (tx, publish) => {
        const opening = await checkedOpening(tx, 'file-link', secret, token, now, 'token', principal.id);
        await countVisit(tx, publish, countedOpening(opening), from, now);
        return opening;
      });
      const ticket = await signFileToken(secret, 'file-content', { lid: row.link.id }, row.link.expiresAt);
      const inline = isShownInPage(row.file.contentType, row.file.size);
      return {
        fileName: row.file.fileName,
        contentType: row.file.contentType,
        size: row.file.size,
        inline,
        viewOnly: row.grant.viewOnly,
        expiresAt: row.link.expiresAt.toISOString(),
        downloadsLeft: downloadsLeftOf(row.grant),
        contentUrl: inline ? contentUrl(ticket, 'inline') : null,
        downloadUrl: row.grant.viewOnly ? null : contentUrl(ticket, 'attachment'),
      };
    },

    /**
     * The content of an opening (the ticket is the credential), checked as the page is: inline only for the types
     * shown in the page; an attachment never for a view-only grant, and counted once per opening (a HEAD request,
     * which carries no bytes, asks with `counts: false`).
     */
    async content(ticket: string, disposition: FileContentDisposition, from: AccessClient, now = new Date(), options = { counts: true }): Promise<Download> {
      // Only a counted download writes: every other request (each range of a shown PDF, a HEAD) is one read.
      const counted = disposition === 'attachment' && options.counts;
      const row = counted
        ? await transactionThenPublish(ctx, async (tx, publish) => {
            const opening = allowedContent(await checkedOpening(tx, 'file-content', secret, ticket, now, 'ticket'), disposition);
            await countDownload(tx, publish, countedOpening(opening), from, now, 'ticket');
            return opening;
          })
        : allowedContent(await checkedOpening(ctx.db, 'file-content', secret, ticket, now, 'ticket'), disposition);
      return { key: row.file.storageKey, fileName: row.file.fileName, contentType: row.file.contentType };
    },
  };
}

export type FileLinkService = ReturnType<typeof createFileLinkService>;
