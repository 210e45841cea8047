import { expect } from 'vitest';
import type { FileLinkDto, FileLinkRefusal, FileLinkViewDto } from '../../contract/files';
import { loadPrincipal } from '../../server/modules/accounts/principal';
import { createFileLinkService } from '../../server/modules/files/fileLinks.service';
import type { TestServer } from './harness';

/** The link service of the test server, called without HTTP so tests pass their own instants. */
export const linkServiceOf = (server: TestServer) => createFileLinkService(server.built.ctx);

/** The signed-in user as the guard would load them (roles and partner read now). */
export async function principalOf(server: TestServer, userId: string) {
  const principal = await loadPrincipal(server.built.ctx.db, userId);
  if (!principal) throw new Error(`no active user ${userId}`);
  return principal;
}

export const CLIENT = { address: '203.0.113.7', client: 'vitest' };

/** An API call that mints a link as the holder of `token`. */
export const mintOver = (server: TestServer, token: string, fileId: string) => server.api<FileLinkDto>('POST', `/api/v1/files/${fileId}/links`, { token });

export const viewOver = (server: TestServer, token: string, linkToken: string) =>
  server.api<FileLinkViewDto>('GET', `/api/v1/file-links/view?token=${encodeURIComponent(linkToken)}`, { token });

/** GET of a content URL (an API path), as an <img> or a download would: no Authorization header. */
export const fetchContent = (server: TestServer, contentUrl: string, headers: Record<string, string> = {}) => fetch(server.url + contentUrl, { headers });

/** A content URL of a view with the other disposition. */
export const withDisposition = (url: string, disposition: 'inline' | 'attachment') => url.replace(/disposition=\w+/, `disposition=${disposition}`);

/** A refusal of the file page: 404 or 410, naming the refusal on `field`. */
export async function expectRefusal(call: Promise<unknown>, refusal: FileLinkRefusal, field = 'token') {
  await expect(call).rejects.toMatchObject({
    statusCode: refusal === 'notFound' ? 404 : 410,
    messageKey: `filesApi.linkPage.${refusal}`,
    errors: [{ field, message: refusal }],
  });
}

export const ms = (instant: Date, delta: number) => new Date(instant.getTime() + delta);
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
