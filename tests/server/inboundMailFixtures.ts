import fs from 'node:fs';
import path from 'node:path';
import type { TestServer } from './harness';

/** The domain of reply addresses in the inbound mail tests. */
export const REPLY_DOMAIN = 'reply.portal.test';

/** A 1×1 PNG: a photo as a phone attaches it. */
export const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Mails written to the server's outbox to one address since `before` (a count taken earlier). */
export const mailsTo = (server: TestServer, address: string, before = 0) =>
  server
    .outbox()
    .slice(before)
    .filter((mail) => new RegExp(`^To: ${address.replace(/[.+]/g, '\\$&')}`, 'm').test(mail));

/** Of those, the ones about a ticket (naming its id; a bounce names it by its link): another test's may go to the same person. */
export const mailsAbout = (server: TestServer, ticketId: string, address: string, before = 0) =>
  mailsTo(server, address, before).filter((mail) => mail.replace(/=\r?\n/g, '').includes(ticketId));

/** The stored attachment files: nothing refused may leave one behind. */
export function storedAttachmentFiles(server: TestServer) {
  const dir = path.join(server.config.dataDir, 'files', 'attachments');
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => !name.startsWith('.')).length : 0;
}
