import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../contract/envelope';
import { IDEMPOTENCY_KEY_HEADER } from '../../contract/http';
import type { TicketMessageDto } from '../../contract/tickets';
import apiEn from '../../i18n/api.en';
import { acceptsIdempotencyKey } from '../../server/core/idempotency';
import { idempotencyKeys, partners, ticketMessages, tickets, users } from '../../server/db/schema';
import { expectEnvelope, expectFieldErrors, fieldMessage } from './expectations';
import { unique, useDemoServer } from './factories';
import type { ApiAnswer } from './harness';

const { server, token, make } = useDemoServer();

const ADMIN = 'admin@example.com';
const ACME = 'partner@acme.example';
const ACME_ADMIN = 'partner.admin@acme.example';
const db = () => server.built.database.db;
const newKey = () => `key-${unique()}`;
const withKey = (key: string) => ({ [IDEMPOTENCY_KEY_HEADER]: key });

type FileSpec = { name: string; text: string };

/** A multipart POST as a browser's FormData makes it (a new random boundary each time). */
async function multipart<T>(
  urlPath: string,
  as: string,
  fields: Record<string, string>,
  files: FileSpec[],
  headers: Record<string, string> = {},
): Promise<ApiAnswer<T>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('files', new Blob([file.text], { type: 'text/plain' }), file.name);
  const response = await fetch(server.url + urlPath, { method: 'POST', headers: { authorization: `Bearer ${token(as)}`, ...headers }, body: form });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as Envelope<T>, text, headers: response.headers };
}

const partnerBody = () => {
  const tag = unique('idem');
  return { name: `Idempotent Partner ${tag}`, email: `${tag}@idem.example`, type: 'Logistics', address: `${tag} Road`, phone: '+84 90 000 4321' };
};
const createPartner = (body: object, key?: string, prefix = '/api/v1') =>
  server.api<{ id: string }>('POST', `${prefix}/partners`, { token: token(ADMIN), body, headers: key === undefined ? {} : withKey(key) });
const partnersNamed = async (name: string) => db().select({ id: partners.id }).from(partners).where(eq(partners.name, name));
/** Deletes partners this test made directly, whichever answers it got. */
const dropPartnersNamed = (name: string) => make.onCleanup(() => db().delete(partners).where(eq(partners.name, name)));

const storedFiles = () => {
  const dir = path.join(server.config.dataDir, 'files', 'attachments');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};

/** The second answer is the first one (status and body); the database and the stored files are as the first left them. */
async function expectReplay<T>(first: ApiAnswer<T>, again: () => Promise<ApiAnswer<T>>) {
  const before = await server.snapshot();
  const files = storedFiles();
  const second = await again();
  expect(second.status, second.text).toBe(first.status);
  expect(second.body).toEqual(first.body);
  expect(second.headers.get('idempotent-replayed')).toBe('true');
  expect(await server.snapshot()).toBe(before);
  expect(storedFiles()).toEqual(files);
  return second;
}

/** Every create route, each with one request to send twice under the same key. */
function createRequests() {
  const tag = unique('c');
  const partner = partnerBody();
  return [
    {
      name: 'POST /partners (JSON)',
      send: (key: string) => createPartner({ ...partner, name: `Idempotent Partner ${tag}` }, key),
      cleanup: () =>
        db()
          .delete(partners)
          .where(eq(partners.name, `Idempotent Partner ${tag}`)),
    },
    {
      name: 'POST /users/register',
      send: (key: string) =>
        server.api('POST', '/api/v1/users/register', {
          token: token(ADMIN),
          headers: withKey(key),
          body: { firstName: 'Idem', lastName: 'Potent', email: `${tag}@register.example` },
        }),
      cleanup: () =>
        db()
          .update(users)
          .set({ deletedAt: new Date(), isActive: false })
          .where(eq(users.email, `${tag}@register.example`)),
    },
    {
      name: 'POST /partner-users (invite)',
      send: (key: string) =>
        server.api('POST', '/api/v1/partner-users', {
          token: token(ACME_ADMIN),
          headers: withKey(key),
          body: { firstName: 'Invited', lastName: 'Once', email: `${tag}@invite.example` },
        }),
      cleanup: () =>
        db()
          .update(users)
          .set({ deletedAt: new Date(), isActive: false })
          .where(eq(users.email, `${tag}@invite.example`)),
    },
    {
      name: 'POST /tickets (multipart with a file)',
      send: (key: string) =>
        multipart(
          '/api/v1/tickets',
          ACME,
          { subject: `Printer ${tag}`, description: '<p>Offline</p>' },
          [{ name: 'printer.log', text: `log ${tag}` }],
          withKey(key),
        ),
      cleanup: async () => undefined,
    },
    {
      name: 'POST /tickets (JSON)',
      send: (key: string) =>
        server.api('POST', '/api/tickets', { token: token(ACME), headers: withKey(key), body: { subject: `Scanner ${tag}`, description: 'Jammed' } }),
      cleanup: async () => undefined,
    },
  ];
}

describe('Idempotency-Key on creates', () => {
  it.each(createRequests().map((r) => [r.name, r] as const))('%s: the same key again answers the first result and writes nothing', async (_name, request) => {
    make.onCleanup(request.cleanup);
    const key = newKey();
    const first = await request.send(key);
    expect([200, 201]).toContain(first.status);
    await expectReplay(first, () => request.send(key));
  });

  it('a chat message posted twice with the same key (JSON, then multipart with a file) is stored once', async () => {
    const ticket = await make.ticket(token(ACME));
    const count = async () => (await db().select({ id: ticketMessages.id }).from(ticketMessages).where(eq(ticketMessages.ticketId, ticket.id))).length;
    const jsonKey = newKey();
    const post = () =>
      server.api<TicketMessageDto>('POST', `/api/v1/tickets/${ticket.id}/messages`, {
        token: token(ACME),
        headers: withKey(jsonKey),
        body: { body: 'Hello once' },
      });
    const first = expectEnvelope(await post(), 201);
    await expectReplay(first, post);

    const fileKey = newKey();
    const postFile = () =>
      multipart<TicketMessageDto>(
        `/api/v1/tickets/${ticket.id}/messages`,
        ACME,
        { body: 'With a file' },
        [{ name: 'trace.txt', text: 'stack trace' }],
        withKey(fileKey),
      );
    const withFile = expectEnvelope(await postFile(), 201);
    expect(withFile.body.data!.attachments).toHaveLength(1);
    await expectReplay(withFile, postFile);
    expect(await count()).toBe(2);
  });

  it('without a key, the same message twice is stored twice, as before', async () => {
    const message = await make.ticket(token(ACME));
    for (let i = 0; i < 2; i++)
      expectEnvelope(await server.api('POST', `/api/v1/tickets/${message.id}/messages`, { token: token(ACME), body: { body: 'Twice' } }), 201);
    expect((await db().select().from(ticketMessages).where(eq(ticketMessages.ticketId, message.id))).length).toBe(2);
  });

  it('one key covers /api and /api/v1, and a key of one user is not another user’s', async () => {
    const body = partnerBody();
    dropPartnersNamed(body.name);
    const key = newKey();
    const first = expectEnvelope(await createPartner(body, key, '/api/v1'), 201);
    await expectReplay(first, () => createPartner(body, key, '/api'));

    const ticketKey = newKey();
    const subject = `Shared key ${unique()}`;
    for (const email of [ACME, ACME_ADMIN])
      expectEnvelope(await server.api('POST', '/api/v1/tickets', { token: token(email), headers: withKey(ticketKey), body: { subject } }), 201);
    expect((await db().select().from(tickets).where(eq(tickets.subject, subject))).length).toBe(2);
  });

  it('the same key with another body or on another route answers 422 naming the header, and changes nothing', async () => {
    const body = partnerBody();
    dropPartnersNamed(body.name);
    const key = newKey();
    expectEnvelope(await createPartner(body, key), 201);
    const before = await server.snapshot();
    const otherBody = expectFieldErrors(await createPartner({ ...body, address: 'Another road' }, key), [IDEMPOTENCY_KEY_HEADER], 422);
    expect(otherBody.body.message).toBe(apiEn.api.idempotencyKeyReused);
    expect(fieldMessage(otherBody, IDEMPOTENCY_KEY_HEADER)).toBe(apiEn.api.idempotencyKeyReused);
    expectFieldErrors(
      await server.api('POST', '/api/v1/roles', { token: token(ADMIN), headers: withKey(key), body: { name: `Role ${unique()}`, priority: 400 } }),
      [IDEMPOTENCY_KEY_HEADER],
      422,
    );
    expect(await server.snapshot()).toBe(before);
  });

  it('a multipart retry with the same fields but another file is another request: 422, and its file is not kept', async () => {
    const ticket = await make.ticket(token(ACME));
    const key = newKey();
    const send = (text: string) => multipart(`/api/v1/tickets/${ticket.id}/messages`, ACME, { body: 'Same words' }, [{ name: 'a.txt', text }], withKey(key));
    expectEnvelope(await send('first content'), 201);
    const before = await server.snapshot();
    const files = storedFiles();
    expectFieldErrors(await send('other content'), [IDEMPOTENCY_KEY_HEADER], 422);
    expect(await server.snapshot()).toBe(before);
    expect(storedFiles()).toEqual(files);
  });

  it('a key that is empty, too long or not printable ASCII is a 400 naming the header, and nothing is written', async () => {
    for (const key of ['', 'k'.repeat(256), 'clé-1', 'tab\there']) {
      const body = partnerBody();
      const before = await server.snapshot();
      const answer = expectFieldErrors(await createPartner(body, key), [IDEMPOTENCY_KEY_HEADER]);
      expect(answer.body.message, JSON.stringify(key)).toBe(apiEn.api.idempotencyKeyInvalid);
      expect(await server.snapshot()).toBe(before);
    }
    const longest = partnerBody();
    dropPartnersNamed(longest.name);
    expectEnvelope(await createPartner(longest, '~'.repeat(255)), 201);
  });

  it('while the first request is still being answered, the same key answers 409 with Retry-After and writes nothing', async () => {
    const body = partnerBody();
    dropPartnersNamed(body.name);
    const key = newKey();
    expectEnvelope(await createPartner(body, key), 201);
    // As the row looks between the first request's claim and its answer.
    await db().update(idempotencyKeys).set({ statusCode: null, response: null }).where(eq(idempotencyKeys.key, key));
    const before = await server.snapshot();
    const answer = expectFieldErrors(await createPartner(body, key), [IDEMPOTENCY_KEY_HEADER], 409);
    expect(answer.body.message).toBe(apiEn.api.idempotencyKeyInProgress);
    expect(answer.headers.get('retry-after')).toBe('1');
    expect(await server.snapshot()).toBe(before);
  });

  it('concurrent requests with one key: exactly one writes; each other one gets its answer or a 409 to retry', async () => {
    const body = partnerBody();
    dropPartnersNamed(body.name);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 6 }, () => createPartner(body, key)));
    expect(await partnersNamed(body.name)).toHaveLength(1);
    const written = answers.filter((a) => a.status === 201);
    expect(written.length).toBeGreaterThanOrEqual(1);
    for (const a of written) expect(a.body).toEqual(written[0].body);
    for (const a of answers.filter((x) => x.status !== 201)) expectFieldErrors(a, [IDEMPOTENCY_KEY_HEADER], 409);
  });

  it('a refused first attempt is not kept: the same key runs again once the cause is gone', async () => {
    const ticket = await make.ticket(token(ACME));
    expectEnvelope(await server.api('PUT', `/api/v1/tickets/${ticket.id}`, { token: token(ACME), body: { status: 'CLOSED' } }), 200);
    const key = newKey();
    const post = () =>
      server.api('POST', `/api/v1/tickets/${ticket.id}/messages`, { token: token(ACME), headers: withKey(key), body: { body: 'After reopening' } });
    expectEnvelope(await post(), 409);
    expect(await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
    expectEnvelope(await server.api('PUT', `/api/v1/tickets/${ticket.id}`, { token: token(ACME), body: { status: 'OPEN' } }), 200);
    const sent = expectEnvelope(await post(), 201);
    await expectReplay(sent, post);
  });

  it('a key older than 24 hours is forgotten: the same key runs again, even with another body', async () => {
    const first = partnerBody();
    const second = partnerBody();
    dropPartnersNamed(first.name);
    dropPartnersNamed(second.name);
    const key = newKey();
    expectEnvelope(await createPartner(first, key), 201);
    await db()
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, key));
    expectEnvelope(await createPartner(second, key), 201);
    expect(await partnersNamed(second.name)).toHaveLength(1);
    const [row] = await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(Date.now() - row.createdAt.getTime()).toBeLessThan(60 * 60 * 1000);
  });

  it('a claim left unanswered for minutes (its server stopped mid-request) is taken over', async () => {
    const body = partnerBody();
    dropPartnersNamed(body.name);
    const key = newKey();
    const userId = (await db().select({ id: users.id }).from(users).where(eq(users.email, ADMIN)))[0].id;
    await db()
      .insert(idempotencyKeys)
      .values({ userId, key, route: 'POST /api/partners', requestHash: 'left behind', createdAt: sql`now() - interval '3 minutes'` });
    expectEnvelope(await createPartner(body, key), 201);
    expect(await partnersNamed(body.name)).toHaveLength(1);
    const [row] = await db()
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    expect(row.statusCode).toBe(201);
  });

  it('every create route of the route table takes the key: each POST whose permission is a Create', () => {
    const creates = server.built.routes.filter((r) => acceptsIdempotencyKey(r)).map((r) => `${String(r.method)} ${r.url}`);
    for (const path of [
      '/api/v1/partners',
      '/api/v1/roles',
      '/api/v1/users/register',
      '/api/v1/partner-users',
      '/api/v1/tickets',
      '/api/v1/tickets/:id/messages',
    ]) {
      expect(creates).toContain(`POST ${path}`);
      expect(creates).toContain(`POST ${path.replace('/api/v1/', '/api/')}`);
    }
    expect(creates.filter((c) => /\/search$|\/token/.test(c))).toEqual([]);
  });
});
