import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresNotifications, type InstanceChannel, type PostgresNotifications } from '../../server/core/events';
import { ACK_TIMEOUT_MS, NOTIFICATIONS_APPLICATION } from '../../server/core/events/postgresNotifications';
import { createTestDatabase } from './harness';
import { eventually } from './hubHarness';

/**
 * The instances' channel over PostgreSQL LISTEN/NOTIFY: a tick's messages leave in few NOTIFYs, reach the other
 * instances in order, never come back to their sender, and the channel knows whether its LISTEN link is up.
 */
const log = pino({ level: 'silent' });
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const instances: PostgresNotifications[] = [];

beforeAll(async () => {
  database = await createTestDatabase('empty');
});
afterAll(async () => {
  await Promise.all(instances.map((i) => i.close()));
  await database.drop();
});

async function twoInstances(channel: string) {
  // One after the other, so the first opened is the older link (terminate('oldest') ends it).
  const opened: PostgresNotifications[] = [];
  for (const _ of [0, 1]) opened.push(await openPostgresNotifications({ connectionString: database.databaseUrl!, log }));
  instances.push(...opened);
  const channels = await Promise.all(opened.map((i) => i.listen(channel)));
  const heard: [string[], string[]] = [[], []];
  const reconnects = [0, 0];
  channels.forEach((c, index) =>
    c.subscribe(
      (text) => heard[index].push(text),
      () => (reconnects[index] += 1),
    ),
  );
  return { opened, channels, heard, reconnects };
}

/** What PostgreSQL carries on a channel, seen by a plain listener. */
async function rawListener(channel: string) {
  const client = new pg.Client({ connectionString: database.databaseUrl });
  await client.connect();
  const payloads: string[] = [];
  client.on('notification', (n) => payloads.push(n.payload ?? ''));
  await client.query(`LISTEN ${channel}`);
  return { payloads, close: () => client.end() };
}

/** Sends a marker from `from` and waits until `to` heard it: what `to` has not heard by then was never sent to it. */
async function settle(from: InstanceChannel, heard: string[], marker: string) {
  await from.publish(marker);
  await eventually(() => heard.includes(marker), 5000, `marker ${marker}`);
}

/**
 * Ends the LISTEN connections of this database, or only the older of the two newest (the instance opened first: a
 * link of an earlier test's instances may linger a moment after they closed).
 */
async function terminate(which: 'all' | 'oldest') {
  const admin = new pg.Client({ connectionString: database.databaseUrl });
  await admin.connect();
  try {
    const links = 'select pid, backend_start from pg_stat_activity where datname = current_database() and application_name = $1';
    const chosen = which === 'oldest' ? `select pid from (${links} order by backend_start desc limit 2) newest order by backend_start limit 1` : links;
    await admin.query(`select pg_terminate_backend(pid) from (${chosen}) as listeners`, [NOTIFICATIONS_APPLICATION]);
  } finally {
    await admin.end();
  }
}

describe('the instance channel', () => {
  it("carries a tick's messages in a few NOTIFYs, in order, a long one in chunks, and never back to its sender", async () => {
    const { channels, heard } = await twoInstances('batch_test');
    const raw = await rawListener('batch_test');
    try {
      const small = Array.from({ length: 200 }, (_, i) => JSON.stringify({ i, padding: 'x'.repeat(100) }));
      // Over NOTIFY's 8000 bytes, with characters of several UTF-8 lengths across chunk borders.
      const long = 'Tiếng Việt — ✓ '.repeat(2000);
      const sent = [...small.slice(0, 100), long, ...small.slice(100)];
      await Promise.all(sent.map((text) => channels[0].publish(text)));
      await eventually(() => heard[1].length === sent.length, 5000, 'every message on the other instance');
      expect(heard[1]).toEqual(sent);
      // 200 messages of about 120 bytes fill 4 payloads; the long one takes 8 chunks of 5000 bytes (one by itself each).
      expect(raw.payloads.length).toBeLessThanOrEqual(14);
      await settle(channels[1], heard[0], 'marker');
      expect(heard[0]).toEqual(['marker']);
    } finally {
      await raw.close();
    }
  });

  it('a publish resolves once the batch holding it was sent', async () => {
    const { channels } = await twoInstances('sent_test');
    const raw = await rawListener('sent_test');
    try {
      await channels[0].publish('one');
      await eventually(() => raw.payloads.length === 1, 10_000, 'the NOTIFY');
      expect(raw.payloads[0]).toMatch(/^b\S+ \d+ 3:one$/);
    } finally {
      await raw.close();
    }
  });

  it('an acknowledged message resolves once every other instance received it, or after the timeout if one stays silent', async () => {
    const { channels, heard } = await twoInstances('ack_test');
    await channels[0].publish('access changed', { acknowledged: true });
    expect(heard[1]).toEqual(['access changed']);

    // A third connection that names itself as an instance but never acks: the publisher gives up after ACK_TIMEOUT_MS.
    const silent = new pg.Client({ connectionString: database.databaseUrl, application_name: NOTIFICATIONS_APPLICATION });
    await silent.connect();
    try {
      const started = Date.now();
      await channels[0].publish('again', { acknowledged: true });
      expect(heard[1]).toEqual(['access changed', 'again']);
      expect(Date.now() - started).toBeGreaterThanOrEqual(ACK_TIMEOUT_MS - 50);
    } finally {
      await silent.end();
    }
  });

  it('knows when its LISTEN link is down, refuses to send meanwhile, and says when it listens again', async () => {
    const { opened, channels, heard, reconnects } = await twoInstances('link_test');
    expect(opened.map((i) => i.isListening())).toEqual([true, true]);
    await terminate('all');
    await eventually(() => !opened[0].isListening() && !channels[1].isListening(), 10_000, 'both links seen down');
    await expect(channels[0].publish('lost')).rejects.toThrow(/not connected/);
    await eventually(() => opened.every((i) => i.isListening()) && reconnects.every((n) => n >= 1), 15_000, 'both listening again');
    await settle(channels[0], heard[1], 'after');
    expect(heard[1]).toEqual(['after']);
  });

  it('an instance that could not send while its link was down has the others make up for it once back', async () => {
    await Promise.all(instances.splice(0).map((i) => i.close()));
    const { opened, channels, reconnects } = await twoInstances('missed_test');
    await terminate('oldest');
    await eventually(() => !opened[0].isListening(), 10_000, 'the first link seen down');
    expect(opened[1].isListening()).toBe(true);
    await expect(channels[0].publish('lost on the way')).rejects.toThrow(/not connected/);
    // The second never lost its link: it is told by the first, once that one is back.
    await eventually(() => reconnects[0] === 1 && reconnects[1] === 1, 15_000, 'both told to make up for it');
  });
});
