import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { afterEach, describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import { permission } from '../../contract/permissions';
import { HUB_PATH } from '../../contract/realtime';
import type { SupportTeamDto } from '../../contract/ticketAssignment';
import type { TicketDto } from '../../contract/tickets';
import { expectEnvelope } from './expectations';
import { unique, useDemoServer } from './factories';
import { heardBefore } from './hubHarness';

/**
 * Issue 33: a ticket's SLA (internal targets) and team are staff's business. A partner's reads, searches, answers to
 * its own changes, exports and hub events carry neither; staff's carry both.
 */
const { server, make, token, partnerIds, userIds } = useDemoServer();
const clients: HubConnection[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.stop().catch(() => {})));
});

const ADMIN = 'admin@example.com';
const SUPPORT = 'support@example.com';
const ACME = 'partner@acme.example';
const STAFF_ONLY = ['sla', 'teamId', 'teamName'];

/** A ticket Acme raised, handed by Support to a new team. */
async function ticketWithTeam(subject = `Staff fields ${unique('s')}`) {
  const team = expectEnvelope(
    await server.api<SupportTeamDto>('POST', '/api/v1/support-desk/teams', { token: token(ADMIN), body: { name: `Tier two ${unique('t')}` } }),
    201,
  ).body.data!;
  make.onCleanup(() => server.api('DELETE', `/api/v1/support-desk/teams/${team.id}`, { token: token(ADMIN) }));
  const raised = await make.ticket(token(ACME), { subject });
  expectEnvelope(await server.api('PUT', `/api/v1/tickets/${raised.id}/assignee`, { token: token(SUPPORT), body: { assigneeId: 'me', teamId: team.id } }), 200);
  return { raised, team };
}

const staffOnlyOf = (dto: object) => STAFF_ONLY.filter((field) => Object.hasOwn(dto, field));
const read = (id: string, email: string) => server.api<TicketDto>('GET', `/api/v1/tickets/${id}`, { token: token(email) });
const search = (subject: string, email: string) =>
  server.api<PagedResult<TicketDto>>('POST', '/api/v1/tickets/search', { token: token(email), body: { subject } });

async function csvOf(bearer: string, subject: string) {
  const answer = await fetch(`${server.url}/api/v1/tickets/export?subject=${encodeURIComponent(subject)}`, { headers: { authorization: `Bearer ${bearer}` } });
  expect(answer.status).toBe(200);
  const [header, ...lines] = (await answer.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  return { header: header.split(','), lines };
}

describe("a ticket's SLA and team are staff's", () => {
  it("a partner's answer to raising, reading, searching and closing its ticket carries neither; staff's read and search carry both", async () => {
    const { raised, team } = await ticketWithTeam();
    expect(staffOnlyOf(raised)).toEqual([]);

    const partnerRead = expectEnvelope(await read(raised.id, ACME), 200).body.data!;
    expect(staffOnlyOf(partnerRead)).toEqual([]);
    expect(partnerRead).toMatchObject({ id: raised.id, assigneeName: expect.any(String), priority: raised.priority });
    const partnerFound = expectEnvelope(await search(raised.subject, ACME), 200).body.data!.items;
    expect(partnerFound.map((t) => [t.id, staffOnlyOf(t)])).toEqual([[raised.id, []]]);

    const staffRead = expectEnvelope(await read(raised.id, SUPPORT), 200).body.data!;
    expect(staffRead).toMatchObject({ teamId: team.id, teamName: team.name, sla: { resolution: { state: expect.any(String) } } });
    const staffFound = expectEnvelope(await search(raised.subject, SUPPORT), 200).body.data!.items;
    expect(staffFound.map((t) => [t.id, t.teamName, t.sla?.resolution?.state])).toEqual([[raised.id, team.name, expect.any(String)]]);

    const closed = expectEnvelope(await server.api<TicketDto>('PUT', `/api/v1/tickets/${raised.id}`, { token: token(ACME), body: { status: 'CLOSED' } }), 200)
      .body.data!;
    expect(closed.status).toBe('CLOSED');
    expect(staffOnlyOf(closed)).toEqual([]);
    const reopened = expectEnvelope(
      await server.api<TicketDto>('PUT', `/api/v1/tickets/admin/${raised.id}`, { token: token(SUPPORT), body: { ticketId: raised.id, status: 'OPEN' } }),
      200,
    ).body.data!;
    expect(reopened).toMatchObject({ teamName: team.name, sla: { resolution: { state: expect.any(String) } } });
  });

  it("a partner's export has no team or SLA columns; staff's has both", async () => {
    const { raised, team } = await ticketWithTeam();
    const exporter = await make.userWith([permission('Tickets', 'View'), permission('Tickets', 'Search'), permission('Tickets', 'Export')], {
      partnerId: partnerIds['Acme Logistics'],
    });
    const partnerCsv = await csvOf(exporter.token, raised.subject);
    expect(partnerCsv.lines).toHaveLength(1);
    expect(partnerCsv.header).toEqual(['id', 'subject', 'status', 'partnerName', 'createdByName', 'createdAt', 'updatedAt', 'lastMessageAt', 'description']);
    expect(partnerCsv.lines[0]).not.toContain(team.name);

    const staffCsv = await csvOf(token(SUPPORT), raised.subject);
    expect(staffCsv.header.slice(9)).toEqual(['teamName', 'firstResponseState', 'firstResponseDueAt', 'resolutionState', 'resolutionDueAt']);
    const cells = staffCsv.lines[0].split(',');
    expect(cells[9]).toBe(team.name);
    expect(['ok', 'near', 'breached']).toContain(cells[12]);
  });

  it("a partner's hub events about its ticket carry neither", async () => {
    const { raised } = await ticketWithTeam();
    const connection = new HubConnectionBuilder()
      .withUrl(`${server.url}${HUB_PATH}`, { transport: HttpTransportType.WebSockets, accessTokenFactory: () => token(ACME) })
      .configureLogging(LogLevel.None)
      .build();
    clients.push(connection);
    await connection.start();
    expect(await connection.invoke('JoinTicket', raised.id)).toBe(true);
    const heard = heardBefore(server.built.app.realtime, connection, userIds[ACME], [
      'TicketMessageCreated',
      'TicketStatusChanged',
      'ReceiveNotification',
      'ResourceChanged',
    ]);
    expectEnvelope(await server.api('POST', `/api/v1/tickets/${raised.id}/messages`, { token: token(SUPPORT), body: { body: '<p>Looking</p>' } }), 201);
    expectEnvelope(
      await server.api('PUT', `/api/v1/tickets/admin/${raised.id}`, { token: token(SUPPORT), body: { ticketId: raised.id, status: 'PENDING' } }),
      200,
    );
    const events = await heard.settle();
    expect(new Set(events.map((e) => e.method))).toEqual(new Set(['TicketMessageCreated', 'TicketStatusChanged', 'ReceiveNotification', 'ResourceChanged']));
    const text = JSON.stringify(events);
    for (const field of STAFF_ONLY) expect(text).not.toContain(`"${field}"`);
  });
});
