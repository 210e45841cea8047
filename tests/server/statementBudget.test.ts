import { describe, expect, it, vi } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import type { TicketDto } from '../../contract/tickets';
import { expectEnvelope } from './expectations';
import { useDemoServer } from './factories';
import type { RequestOptions } from './harness';
import { partnerWithForm } from './partnerFormsFixtures';

/**
 * The round trips to PostgreSQL of each hot request on the real server (issue 36, item 1), counted from its first
 * hook to the work it leaves for after the answer, the events it sends to other instances included. Each route is
 * warmed by one request first (caches of who is asking, of the sign-in, of versions), then the next is counted: a
 * change that adds a round trip to one of them fails here and says which statements it now sends.
 */
const demo = useDemoServer({ countStatements: true });
const { server, make, partnerIds, token } = demo;
const ACME = 'partner@acme.example';
const ADMIN = 'admin@example.com';
const SUPPORT = 'support@example.com';

/** The statements one request sent (it must answer `status`). */
async function statementsOfRequest(method: string, url: string, options: RequestOptions, status: number) {
  const counter = server.built.statements!;
  counter.take();
  const answer = await server.api(method, url, options);
  expectEnvelope(answer, status);
  const counted = counter.take().filter((request) => request.method === method && request.url === url);
  expect(counted).toHaveLength(1);
  return { answer, statements: counted[0].statements };
}

/** The statements one request sent, checked to be exactly `budget` (the list is shown when it is not). */
async function expectRoundTrips(method: string, url: string, options: RequestOptions, budget: number, status = 200) {
  const { answer, statements } = await statementsOfRequest(method, url, options, status);
  expect(statements, `${method} ${url}:\n${statements.join('\n')}`).toHaveLength(budget);
  return answer;
}

const isSend = (statement: string) => statement.startsWith('select pg_notify(');

/**
 * Exactly `budget` statements besides the sends to other instances, and from one to `sends` of those: what one tick
 * queues goes in one NOTIFY, and sends of two ticks join when the first waits behind another in flight (under load).
 */
async function expectRoundTripsAndSends(method: string, url: string, options: RequestOptions, budget: number, sends: number, status = 200) {
  const { statements } = await statementsOfRequest(method, url, options, status);
  const shown = () => `${method} ${url}:\n${statements.join('\n')}`;
  // The send goes on the tick after the publish, behind any send in flight: it may follow the answer.
  await vi.waitFor(() => expect(statements.filter(isSend).length, shown()).toBeGreaterThanOrEqual(1));
  expect(
    statements.filter((statement) => !isSend(statement)),
    shown(),
  ).toHaveLength(budget);
  expect(statements.filter(isSend).length, shown()).toBeLessThanOrEqual(sends);
}

/** Warms with one request, then counts the same one. */
async function expectWarmRoundTrips(method: string, url: string, options: RequestOptions, budget: number, status = 200) {
  expectEnvelope(await server.api(method, url, options), status);
  return expectRoundTrips(method, url, options, budget, status);
}

describe('round trips of the hot requests, warm', () => {
  it('a signed-in GET that reads nothing of its own: the principal and the sign-in come from the caches', async () => {
    await expectWarmRoundTrips('GET', '/api/v1/users/permissions', { token: token(ACME) }, 0);
  });

  it("a sign-in's first request, cold: who is asking and whether the sign-in lasts, read together, then kept", async () => {
    const user = await make.user({ roleId: demo.roleIds.Partner, partnerId: partnerIds['Acme Logistics'] });
    await expectRoundTrips('GET', '/api/v1/users/permissions', { token: user.token }, 1);
  });

  it('GET a ticket by id: one statement', async () => {
    const ticket = await make.ticket(token(ACME));
    await expectWarmRoundTrips('GET', `/api/v1/tickets/${ticket.id}`, { token: token(ACME) }, 1);
  });

  it('GET a partner by id', async () => {
    await expectWarmRoundTrips('GET', `/api/v1/partners/${partnerIds['Acme Logistics']}`, { token: token(ADMIN) }, 1);
  });

  it('a search page of tickets with a filter and paging', async () => {
    const body = { pageNumber: 2, pageSize: 5, status: 'OPEN', orderBy: ['createdAt desc'] };
    const answer = await expectWarmRoundTrips('POST', '/api/v1/tickets/search', { token: token(SUPPORT), body }, 1);
    expect((answer.body.data as PagedResult<TicketDto>).currentPage).toBe(2);
  });

  it('Save Draft of a partner form: the row read, one write with its audit, the event sent', async () => {
    const form = await partnerWithForm(demo);
    expectEnvelope(await form.save({ companyName: 'Warm' }), 200);
    await expectRoundTripsAndSends('PUT', `${form.url}/sections/company`, { token: form.user.token, body: { answers: { companyName: 'Counted' } } }, 2, 1);
  });

  it('a chat message: one write, the notification stored, up to two sends to other instances; the relay reads nothing (its event carries the line)', async () => {
    const ticket = await make.ticket(token(ACME));
    const url = `/api/v1/tickets/${ticket.id}/messages`;
    expectEnvelope(await server.api('POST', url, { token: token(ACME), body: { body: '<p>Warm</p>' } }), 201);
    await expectRoundTripsAndSends('POST', url, { token: token(ACME), body: { body: '<p>Counted</p>' } }, 2, 2, 201);
  });

  it("an internal note: the status check, one write (the chat's own), one send to other instances; the relay reads nothing", async () => {
    const ticket = await make.ticket(token(ACME));
    const url = `/api/v1/tickets/${ticket.id}/messages`;
    expectEnvelope(await server.api('POST', url, { token: token(SUPPORT), body: { body: 'Warm', internal: true } }), 201);
    await expectRoundTripsAndSends('POST', url, { token: token(SUPPORT), body: { body: 'Counted', internal: true } }, 2, 1, 201);
  });

  it("a ticket's status change: the read and the write, then as a chat message", async () => {
    const warm = await make.ticket(token(ACME));
    const counted = await make.ticket(token(ACME));
    const close = { token: token(ACME), body: { status: 'CLOSED' } };
    expectEnvelope(await server.api('PUT', `/api/v1/tickets/${warm.id}`, close), 200);
    await expectRoundTripsAndSends('PUT', `/api/v1/tickets/${counted.id}`, close, 4, 2);
  });

  it('the inbox: a page of notifications with its total, and the unread count, one statement each', async () => {
    await expectWarmRoundTrips('GET', '/api/v1/inbox?pageNumber=1&pageSize=20', { token: token(ACME) }, 1);
    await expectWarmRoundTrips('GET', '/api/v1/inbox/unread-count', { token: token(ACME) }, 1);
  });
});
