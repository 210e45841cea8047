import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import Fastify from 'fastify';
import pino from 'pino';
import { and, eq, gt, sql } from 'drizzle-orm';
import { HttpTransportType, type HubConnection } from '@microsoft/signalr';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HUB_PATH } from '../../contract/realtime';
import type { TicketMessageDto } from '../../contract/tickets';
import { registerErrorHandlers } from '../../server/core/errorHandlers';
import { createEventBus } from '../../server/core/events';
import { registerRealtimeHub, type RealtimeHub } from '../../server/hub';
import { createPresence, type PresenceTiming } from '../../server/hub/presence';
import { hubPresence } from '../../server/hub/presence.schema';
import { expectEnvelope } from './expectations';
import { useDemoServer } from './factories';
import { TEST_TIMING, hubClient, sleep } from './hubHarness';

/**
 * "Is this partner online" answered for every instance (hub_presence): the staff-reply mail goes only to a
 * creator with no connection anywhere, and an instance that dies leaves nobody online for longer than the expiry.
 */
const { server: first, token, make, userIds } = useDemoServer();
const ACME = 'partner@acme.example';
const SUPPORT = 'support@example.com';
const TIMING: PresenceTiming = { heartbeatMs: 200, ttlMs: 1000 };

/** Another instance with only the hub, on the first one's database and secret, presence timers shrunk. */
async function startHubInstance() {
  const app = Fastify({ logger: false });
  registerErrorHandlers(app);
  const realtime = await registerRealtimeHub(app, {
    ctx: { config: first.config, db: first.built.database.db, events: createEventBus(), log: app.log },
    timing: TEST_TIMING,
    presenceTiming: TIMING,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const hubUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${HUB_PATH}`;
  return {
    hubUrl,
    realtime,
    async close() {
      app.server.closeAllConnections();
      await app.close();
    },
  };
}

let second: Awaited<ReturnType<typeof startHubInstance>>;
beforeAll(async () => {
  second = await startHubInstance();
});
afterAll(() => second?.close());

const clients: HubConnection[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.stop().catch(() => {})));
  // The other instance writes a connection's removal a moment after the client stopped: the next test starts with nobody online.
  await untilOnlineAnywhere(userIds[ACME], false);
});

async function connect(hubUrl: string, email: string) {
  const connection = hubClient(hubUrl, HttpTransportType.WebSockets, () => token(email));
  clients.push(connection);
  await connection.start();
  return connection;
}

const realtimeOfFirst = (): RealtimeHub => first.built.app.realtime;

/** Resolves once the first instance answers `online` for the user. */
async function untilOnlineAnywhere(userId: string, online: boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while ((await realtimeOfFirst().isUserOnlineAnywhere(userId)) !== online) {
    if (Date.now() > deadline) throw new Error(`the user was not ${online ? 'online' : 'offline'} within ${timeoutMs} ms`);
    await sleep(20);
  }
}

const reply = async (ticketId: string, body: string) => {
  const answer = await first.api<TicketMessageDto>('POST', `/api/v1/tickets/${ticketId}/messages`, { token: token(SUPPORT), body: { body } });
  expectEnvelope(answer, 201);
};

/**
 * The answers the first instance gives to "is this user online anywhere" from now on (the reply mail's decision is
 * taken after the reply answered): resolves with the first of them.
 */
function nextPresenceAnswer() {
  const realtime = realtimeOfFirst();
  const asked = realtime.isUserOnlineAnywhere;
  return new Promise<boolean>((resolve) => {
    realtime.isUserOnlineAnywhere = async (userId) => {
      const online = await asked(userId);
      realtime.isUserOnlineAnywhere = asked;
      resolve(online);
      return online;
    };
  });
}

/** Reply mails to the partner about the ticket (mails of other tests may be landing too). */
const mailsAbout = (ticketId: string) =>
  first
    .outbox()
    .map((mail) => mail.replace(/=\r?\n/g, ''))
    .filter((mail) => /^To: partner@acme\.example/m.test(mail) && mail.includes(ticketId));

async function untilMailAbout(ticketId: string, text: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!mailsAbout(ticketId).some((mail) => mail.includes(text))) {
    if (Date.now() > deadline) throw new Error(`no mail with "${text}" within ${timeoutMs} ms`);
    await sleep(20);
  }
}

describe('presence across instances', () => {
  it('a partner connected to another instance gets no mail for a staff reply; once gone, the next reply mails', async () => {
    const ticket = await make.ticket(token(ACME));
    const partner = await connect(second.hubUrl, ACME);
    await untilOnlineAnywhere(userIds[ACME], true);
    // Not here: only the other instance knows of the partner.
    expect(realtimeOfFirst().isUserOnline(userIds[ACME])).toBe(false);
    const decided = nextPresenceAnswer();
    await reply(ticket.id, '<p>While you are online elsewhere</p>');
    expect(await decided).toBe(true);

    await partner.stop();
    await untilOnlineAnywhere(userIds[ACME], false);
    await reply(ticket.id, '<p>While you are away</p>');
    await untilMailAbout(ticket.id, 'While you are away');
    // One mail, the second reply's: it quotes the first one above it among the chat's last lines.
    expect(mailsAbout(ticket.id)).toHaveLength(1);
    const [mail] = mailsAbout(ticket.id);
    expect(mail.indexOf('While you are online elsewhere')).toBeLessThan(mail.indexOf('While you are away'));
  });

  it("an instance's heartbeat keeps a long connection present past the expiry", async () => {
    await connect(second.hubUrl, ACME);
    await untilOnlineAnywhere(userIds[ACME], true);
    await sleep(TIMING.ttlMs * 2);
    expect(await realtimeOfFirst().isUserOnlineAnywhere(userIds[ACME])).toBe(true);
    const live = await first.built.database.db
      .select()
      .from(hubPresence)
      .where(and(eq(hubPresence.userId, userIds[ACME]), gt(hubPresence.expiresAt, sql`now()`)));
    expect(live.length).toBeGreaterThan(0);
  });

  it('an instance that stops removes its connections from presence at once', async () => {
    const third = await startHubInstance();
    try {
      await connect(third.hubUrl, ACME);
      await untilOnlineAnywhere(userIds[ACME], true);
    } finally {
      await third.close();
    }
    // Gone with the stop, not after the expiry.
    expect(await realtimeOfFirst().isUserOnlineAnywhere(userIds[ACME])).toBe(false);
  });

  it("a removal that failed (the database restarting) is tried again: the instance's heartbeat does not keep the row alive", async () => {
    const { db } = first.built.database;
    let failingDeletes = 0;
    // The instance's database, whose next delete fails as during a restart.
    const flaky = new Proxy(db, {
      get(target, key) {
        if (key === 'delete' && failingDeletes > 0) {
          failingDeletes -= 1;
          return () => ({ where: () => Promise.reject(new Error('the database system is starting up')) });
        }
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const presence = createPresence({ db: flaky, log: pino({ level: 'silent' }), timing: TIMING });
    const connection = { id: 'through-a-restart', user: { id: userIds[ACME] } };
    try {
      presence.online(connection);
      await untilOnlineAnywhere(userIds[ACME], true);
      failingDeletes = 1;
      presence.offline(connection);
      // Well past the expiry: a row the heartbeat kept refreshing would still be there.
      await sleep(TIMING.ttlMs * 2);
      expect(await realtimeOfFirst().isUserOnlineAnywhere(userIds[ACME])).toBe(false);
      expect(failingDeletes).toBe(0);
    } finally {
      await presence.close();
    }
  });

  describe('an instance killed with kill -9', () => {
    let doomed: ChildProcess | undefined;
    afterEach(() => {
      doomed?.kill('SIGKILL');
    });

    it('holds its users online while it beats; after the kill they lapse within the expiry, and a reply mails', async () => {
      const ticket = await make.ticket(token(ACME));
      const script = path.join(import.meta.dirname, 'presenceInstance.ts');
      // Node itself with tsx's loader: tsx's own command would run the script in a child that outlives a kill of it.
      const args = ['--import', 'tsx', script, first.config.databaseUrl!, userIds[ACME], String(TIMING.heartbeatMs), String(TIMING.ttlMs)];
      doomed = spawn(process.execPath, args, {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      await new Promise<void>((resolve, reject) => {
        doomed!.stdout!.on('data', (data: Buffer) => (data.toString().includes('ready') ? resolve() : undefined));
        doomed!.once('exit', (code) => reject(new Error(`the doomed instance exited (${code}) before it was ready`)));
      });
      await sleep(TIMING.ttlMs * 1.5);
      expect(await realtimeOfFirst().isUserOnlineAnywhere(userIds[ACME])).toBe(true);

      doomed.kill('SIGKILL');
      const killedAt = Date.now();
      await untilOnlineAnywhere(userIds[ACME], false, TIMING.ttlMs * 3);
      expect(Date.now() - killedAt).toBeLessThanOrEqual(TIMING.ttlMs + 500);
      await reply(ticket.id, '<p>After the instance died</p>');
      await untilMailAbout(ticket.id, 'After the instance died');
    });
  });
});
