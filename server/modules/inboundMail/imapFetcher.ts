import type { FastifyBaseLogger } from 'fastify';
import type { ImapFlow } from 'imapflow';
import { lazyModule } from '../../core/lazyModules';

const imapFlow = lazyModule(() => import('imapflow'));
import type { InboundMail } from './inboundMail.service';

export interface ImapFetcher {
  /**
   * Handles every unseen mail the mailbox holds now and resolves once they are handled; at once while the mailbox cannot
   * be reached (the connection reads them when it is back).
   */
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

/** After a lost or refused connection, the waits before each new attempt (the last one repeated). */
const RECONNECT_DELAYS_MS = [500, 1000, 2000, 4000, 8000, 15_000, 30_000, 60_000];
/** IDLE starts this soon after the last command: imapflow's default (15 s) leaves a mail delivered meanwhile unread that long. */
const IDLE_AFTER_MS = 100;
/** IDLE is restarted this often: servers and NATs drop a connection quiet for long (RFC 2177 asks for under 29 minutes). */
const IDLE_RESTART_MS = 5 * 60_000;
/** Unseen mail is also looked for this often: a mail that failed on our side is tried again without waiting for a new one. */
const SWEEP_MS = 5 * 60_000;
const HEADERS = ['delivered-to', 'x-original-to', 'return-path'];

const addressesOf = (list: { address?: string }[] | undefined) => (list ?? []).map((a) => a.address ?? '').filter(Boolean);

/**
 * The other way mail comes in: a mailbox the operator's MX delivers the reply domain to, read over IMAP. Each unseen
 * mail goes through the same `receive` as the SMTP listener's (its recipients from Delivered-To, To and Cc) and is then
 * flagged \Seen, whatever became of it (posted, refused, ignored): it is never read twice. IDLE tells of new mail as it
 * arrives; a dropped connection is opened again; mail delivered while no instance was reading is unseen and read at
 * the next start. Instances reading one mailbox at once post a mail once (its Message-ID is claimed in the database).
 */
export async function startImapFetcher(inbound: InboundMail, url: string, options: { log: FastifyBaseLogger; maxBytes: number }): Promise<ImapFetcher> {
  const { log, maxBytes } = options;
  const { mailbox, ...connection } = imapSettingsOf(url);
  const where = `${connection.host}:${connection.port}/${mailbox}`;
  /** The connection with the mailbox open, while there is one. */
  let client: ImapFlow | undefined;
  /** The connection last opened or being opened: a `close` of an older one is not news. */
  let latest: ImapFlow | undefined;
  let closed = false;
  let failures = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let queue = Promise.resolve();
  let queued: Promise<void> | undefined;

  async function handle(current: ImapFlow, uid: number) {
    const message = await current.fetchOne(String(uid), { envelope: true, size: true, headers: HEADERS }, { uid: true });
    // Expunged meanwhile (by another instance, or a person).
    if (!message) return;
    if ((message.size ?? 0) > maxBytes) {
      // The MX took it already: too large to read, it is left aside (flagged) as the listener would refuse it.
      log.warn({ uid, size: message.size }, 'inbound mail (IMAP) over INBOUND_MAIL_MAX_BYTES: not read');
    } else {
      const headers = message.headers?.toString('utf8') ?? '';
      const delivered = [...headers.matchAll(/^(?:delivered-to|x-original-to):\s*<?([^>\s]+)>?\s*$/gim)].map((m) => m[1]);
      const returnPath = /^return-path:\s*<([^>]*)>/im.exec(headers)?.[1];
      const envelope = {
        mailFrom: returnPath ?? addressesOf(message.envelope?.from)[0] ?? '',
        recipients: [...delivered, ...addressesOf(message.envelope?.to), ...addressesOf(message.envelope?.cc)],
      };
      const { content } = await current.download(String(uid), undefined, { uid: true });
      if (!content) return;
      const outcome = await inbound.receive(envelope, content);
      log.info({ outcome, uid }, `inbound mail (IMAP) ${outcome}`);
    }
    await current.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
  }

  async function fetchUnseen() {
    const current = client;
    if (!current || closed) return;
    const lock = await current.getMailboxLock(mailbox);
    try {
      // Dovecot counts mail delivered since this session's last command only once a command ends: without this NOOP, a
      // search would miss the mail just announced.
      await current.noop();
      const uids = (await current.search({ seen: false }, { uid: true })) || [];
      for (const uid of uids) {
        try {
          await handle(current, uid);
        } catch (error) {
          // Left unseen: the next fetch tries it again. A lost connection ends this fetch (the next one reads the rest).
          log.error({ err: error, uid }, 'inbound mail (IMAP) failed');
          if (!current.usable) return;
        }
      }
    } finally {
      lock.release();
    }
  }

  /** Queues a fetch after the one running; calls made while one waits share it (it will see their mail too). */
  function fetchNow() {
    if (!queued) {
      queued = queue
        .then(() => {
          queued = undefined;
          return fetchUnseen();
        })
        .catch((error: unknown) => log.error({ err: error }, 'inbound mail (IMAP) fetch failed'));
      queue = queued;
    }
    return queued;
  }

  function reconnectLater() {
    if (closed || reconnectTimer) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(failures++, RECONNECT_DELAYS_MS.length - 1)];
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void connect();
    }, delay);
  }

  async function connect() {
    const { ImapFlow } = await imapFlow();
    if (closed) return;
    const next = new ImapFlow({ ...connection, logger: false, autoIdleDelay: IDLE_AFTER_MS, maxIdleTime: IDLE_RESTART_MS });
    latest = next;
    next.on('exists', () => void fetchNow());
    next.on('error', (error: unknown) => log.warn({ err: error }, `inbound mail (IMAP): connection to ${where} failed`));
    next.on('close', () => {
      if (next !== latest || closed) return;
      client = undefined;
      log.warn(`inbound mail (IMAP): connection to ${where} closed, opening it again`);
      reconnectLater();
    });
    try {
      await next.connect();
      await next.mailboxOpen(mailbox);
    } catch (error) {
      log.error({ err: error }, `inbound mail (IMAP): cannot read ${where} (attempt ${failures + 1}), trying again`);
      next.close();
      reconnectLater();
      return;
    }
    if (closed) return void (await next.logout().catch(() => {}));
    client = next;
    failures = 0;
    log.info(`inbound mail (IMAP): reading ${where}`);
    await fetchNow();
  }

  const sweep = setInterval(() => void fetchNow(), SWEEP_MS);
  sweep.unref();
  // A mailbox that cannot be reached does not stop the start: it is tried again meanwhile, and each failure logged.
  await connect();
  return {
    fetchNow,
    async close() {
      closed = true;
      clearInterval(sweep);
      clearTimeout(reconnectTimer);
      await queue;
      const open = latest;
      client = latest = undefined;
      await open?.logout().catch(() => open.close());
    },
  };
}
