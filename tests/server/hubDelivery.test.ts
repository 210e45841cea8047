import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { HttpTransportType } from '@microsoft/signalr';
import type { InstanceChannel } from '../../server/core/events';
import { backplaneOver } from '../../server/hub/postgresBackplane';
import { startServer, type TestServer } from './harness';
import { eventually, hubClient, nextCall, startHubApp } from './hubHarness';

/**
 * How the hub hands records to connections: this instance's at once (whatever the channel to the others does),
 * one write per connection per tick, and a Resync to every connection once the link to the others is back.
 */
const RECORD_SEPARATOR = '\x1e';
let main: TestServer;

beforeAll(async () => {
  main = await startServer();
});
afterAll(() => main?.close());

/** A channel to other instances that never reaches them: it keeps what it was given, and can say it listens again. */
function fakeChannel(sending: 'fails' | 'hangs') {
  const published: string[] = [];
  let reconnected = () => {};
  const channel: InstanceChannel = {
    publish(text) {
      published.push(text);
      return sending === 'fails' ? Promise.reject(new Error('PostgreSQL is down')) : new Promise(() => {});
    },
    subscribe(_receive, onReconnected) {
      reconnected = onReconnected ?? (() => {});
    },
    isListening: () => true,
    async close() {},
  };
  return { channel, published, listeningAgain: () => reconnected() };
}

/** A WebSocket past its handshake that keeps every frame it receives as it came. */
async function rawSocket(hubUrl: string, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const negotiated = (await (await fetch(`${hubUrl}/negotiate?negotiateVersion=1`, { method: 'POST', headers })).json()) as { connectionToken: string };
  const socket = new WebSocket(`${hubUrl.replace(/^http/, 'ws')}?id=${negotiated.connectionToken}`, { headers });
  const frames: string[] = [];
  socket.on('message', (data) => frames.push(data.toString()));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(`${JSON.stringify({ protocol: 'json', version: 1 })}${RECORD_SEPARATOR}`);
  await eventually(() => frames.length > 0, 3000, 'the handshake answer');
  frames.length = 0;
  return { frames, close: () => socket.close() };
}

const userIdOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
const notification = (id: string) => ({ id, title: 'Coalesced', message: id, createdAt: new Date(0).toISOString() });

describe('hub delivery', () => {
  it('records for one connection sent in one tick go out in one WebSocket frame', async () => {
    const instance = await startHubApp(main);
    const token = (await main.signIn('partner@acme.example')).token;
    const socket = await rawSocket(instance.hubUrl, token);
    try {
      for (let i = 0; i < 5; i += 1) instance.realtime.sendToUser(userIdOf(token), 'ReceiveNotification', notification(`n${i}`));
      await eventually(() => socket.frames.join('').split(RECORD_SEPARATOR).filter(Boolean).length >= 5, 3000, 'five records');
      expect(socket.frames).toHaveLength(1);
      const records = socket.frames[0]!.split(RECORD_SEPARATOR)
        .filter(Boolean)
        .map((r) => JSON.parse(r) as { arguments: { id: string }[] });
      expect(records.map((r) => r.arguments[0]!.id)).toEqual(['n0', 'n1', 'n2', 'n3', 'n4']);
    } finally {
      socket.close();
      await instance.close();
    }
  });

  it.each(['fails', 'hangs'] as const)('reaches the connections of this instance at once when sending to the others %s', async (sending) => {
    const fake = fakeChannel(sending);
    const instance = await startHubApp(main, { backplane: backplaneOver(fake.channel) });
    const token = (await main.signIn('partner@acme.example')).token;
    const connection = hubClient(instance.hubUrl, HttpTransportType.WebSockets, () => token);
    await connection.start();
    try {
      const received = nextCall(connection, 'ReceiveNotification');
      instance.realtime.sendToUser(userIdOf(token), 'ReceiveNotification', notification('local'));
      expect(await received).toEqual(notification('local'));
      expect(fake.published.map((text) => (JSON.parse(text) as { groups: string[] }).groups)).toEqual([[`user:${userIdOf(token)}`]]);
    } finally {
      await connection.stop();
      await instance.close();
    }
  });

  it('tells every connection to Resync once the link to the other instances is back', async () => {
    const fake = fakeChannel('hangs');
    const instance = await startHubApp(main, { backplane: backplaneOver(fake.channel) });
    const tokens = await Promise.all(['partner@acme.example', 'admin@example.com'].map(async (email) => (await main.signIn(email)).token));
    const connections = tokens.map((token) => hubClient(instance.hubUrl, HttpTransportType.WebSockets, () => token));
    await Promise.all(connections.map((c) => c.start()));
    try {
      const resyncs = connections.map((c) => nextCall(c, 'Resync'));
      fake.listeningAgain();
      expect(await Promise.all(resyncs)).toEqual([undefined, undefined]);
    } finally {
      await Promise.all(connections.map((c) => c.stop()));
      await instance.close();
    }
  });
});
