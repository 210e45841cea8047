import type { FastifyBaseLogger } from 'fastify';
import { ImapFlow } from 'imapflow';
import type { InboundMail } from './inboundMail.service';

export interface ImapFetcher {
  /** Reads every unseen mail now (IDLE calls it when one arrives); resolves when they are handled. */
  fetchNow(): Promise<void>;
  close(): Promise<void>;
}

/** INBOUND_IMAP_URL: `imap://user:password@host:143/INBOX` (or `imaps://…:993`), the mailbox and its folder. */
export function imapSettingsOf(url: string) {
  const parsed = new URL(url);
  if (parsed.protocol !== 'imap:' && parsed.protocol !== 'imaps:') throw new Error(`INBOUND_IMAP_URL=${url}: use imap:// or imaps://`);
  const secure = parsed.protocol === 'imaps:';
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 993 : 143,
    secure,
    auth: { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) },
    mailbox: decodeURIComponent(parsed.pathname.replace(/^\//, '')) || 'INBOX',
  };
}

const addressesOf = (list: { address?: string }[] | undefined) => (list ?? []).map((a) => a.address ?? '').filter(Boolean);

/**
 * The other way mail comes in: a mailbox the operator's MX delivers the reply domain to, read over IMAP. Each unseen
 * mail goes through the same `receive` as the SMTP listener's (its recipients from Delivered-To, To and Cc), then is
 * flagged \Seen; IDLE tells of new mail as it arrives. Instances reading one mailbox at once post a mail once
 * (its Message-ID is claimed in the database).
 */
export async function startImapFetcher(inbound: InboundMail, url: string, log: FastifyBaseLogger): Promise<ImapFetcher> {
  const { mailbox, ...connection } = imapSettingsOf(url);
  const client = new ImapFlow({ ...connection, logger: false });
  let running = Promise.resolve();
  let closed = false;

  async function fetchUnseen() {
    const lock = await client.getMailboxLock(mailbox);
    try {
      const uids = (await client.search({ seen: false }, { uid: true })) || [];
      for (const uid of uids) {
        const message = await client.fetchOne(String(uid), { envelope: true, headers: ['delivered-to', 'x-original-to', 'return-path'] }, { uid: true });
        if (!message) continue;
        const headers = message.headers?.toString('utf8') ?? '';
        const delivered = [...headers.matchAll(/^(?:delivered-to|x-original-to):\s*<?([^>\s]+)>?\s*$/gim)].map((m) => m[1]);
        const returnPath = /^return-path:\s*<([^>]*)>/im.exec(headers)?.[1];
        const envelope = {
          mailFrom: returnPath ?? addressesOf(message.envelope?.from)[0] ?? '',
          recipients: [...delivered, ...addressesOf(message.envelope?.to), ...addressesOf(message.envelope?.cc)],
        };
        const { content } = await client.download(String(uid), undefined, { uid: true });
        if (!content) continue;
        try {
          const outcome = await inbound.receive(envelope, content);
          log.info({ outcome, uid }, `inbound mail (IMAP) ${outcome}`);
          await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
        } catch (error) {
          // Left unseen: the next fetch tries it again.
          log.error({ err: error, uid }, 'inbound mail (IMAP) failed');
        }
      }
    } finally {
      lock.release();
    }
  }

  const fetchNow = () => (running = running.then(fetchUnseen, fetchUnseen));
  client.on('exists', () => {
    if (!closed) fetchNow().catch((error: unknown) => log.error({ err: error }, 'inbound mail (IMAP) fetch failed'));
  });
  client.on('error', (error: unknown) => log.warn({ err: error }, 'inbound IMAP connection error'));
  await client.connect();
  // Opened and left open: imapflow IDLEs on the selected mailbox between commands.
  await client.mailboxOpen(mailbox);
  await fetchNow();
  return {
    fetchNow,
    async close() {
      closed = true;
      await running.catch(() => {});
      await client.logout().catch(() => {});
    },
  };
}
