import fs from 'node:fs';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Envelope, PagedResult } from '../../contract/envelope';
import { TICKET_MAX_FILE_BYTES, TICKET_STATUSES, type TicketDto, type TicketMessageDto, type TicketStatus } from '../../contract/tickets';
import apiEn from '../../i18n/api.en';
import { auditTrails, ticketMessages, tickets } from '../../server/db/schema';
import { expectEnvelope, expectFieldErrors, refused } from './expectations';
import { useDemoServer, whileAuditRefuses } from './factories';
import type { ApiAnswer } from './harness';
import { demoTickets } from '../../server/modules/tickets/tickets.demo';

const { server, make, token, partnerIds } = useDemoServer();
const attachmentsDir = () => path.join(server.config.dataDir, 'files', 'attachments');

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** The start of a Windows executable: "MZ", then the bytes of a DOS header (NULs among them). */
const EXECUTABLE = Buffer.concat([
  Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff, 0x00, 0x00]),
  Buffer.alloc(200, 0),
]);

const SUPPORT = 'support@example.com';
const ACME = 'partner@acme.example';
const GLOBEX = 'partner@globex.example';
const as = (email: string) => token(email);

type FileSpec = { name: string; bytes: Buffer; type?: string };

/** A multipart call as a browser's FormData makes it: text fields, then each file under `files`. */
async function multipart<T>(method: string, urlPath: string, token: string, fields: Record<string, string>, files: FileSpec[] = []): Promise<ApiAnswer<T>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('files', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const response = await fetch(server.url + urlPath, { method, headers: { authorization: `Bearer ${token}` }, body: form });
  const text = await response.text();
  let body: Envelope<T> | null = null;
  try {
    body = JSON.parse(text) as Envelope<T>;
  } catch {
    body = null;
  }
  return { status: response.status, body: body as Envelope<T>, text, headers: response.headers };
}

const createTicket = (token: string, fields: Record<string, string>, files: FileSpec[] = []) =>
  multipart<TicketDto>('POST', '/api/v1/tickets', token, fields, files);
const postMessage = (token: string, ticketId: string, fields: Record<string, string>, files: FileSpec[] = []) =>
  multipart<TicketMessageDto>('POST', `/api/v1/tickets/${ticketId}/messages`, token, fields, files);
const search = (body: object, token = as(SUPPORT)) => server.api<PagedResult<TicketDto>>('POST', '/api/v1/tickets/search', { token, body });
const storedFiles = () => (fs.existsSync(attachmentsDir()) ? fs.readdirSync(attachmentsDir()).sort() : []);

/** The seeded ticket of a partner in a status. */
async function seeded(partnerName: string, status: TicketStatus) {
  const [row] = await server.built.database.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.partnerId, partnerIds[partnerName]), eq(tickets.status, status)))
    .orderBy(tickets.createdAt)
    .limit(1);
  return row;
}

/** Refused, with neither a row nor a stored file changed. */
async function refusedWithoutFiles<T>(call: () => Promise<ApiAnswer<T>>) {
  const before = storedFiles();
  const answer = await refused(server, call);
  expect(storedFiles()).toEqual(before);
  return answer;
}

describe('the demo seed', () => {
  // Tests run in any order: tickets other tests made for Acme are told apart by their subjects.
  const seededSubjects = new Set(demoTickets({ partnerName: '', chases: false }).map((t) => t.subject));

  it('gives Acme and Globex a ticket in every status, with chat from both sides and attachments', async () => {
    for (const partnerName of ['Acme Logistics', 'Globex Trading']) {
      const answer = await search({ partnerId: partnerIds[partnerName], pageSize: 1000 });
      expectEnvelope(answer, 200);
      const seededTickets = answer.body.data!.items.filter((t) => seededSubjects.has(t.subject));
      expect(seededTickets.map((t) => t.status).sort()).toEqual([...TICKET_STATUSES].sort());
      for (const ticket of seededTickets) {
        const chat = await server.api<TicketMessageDto[]>('GET', `/api/v1/tickets/${ticket.id}/messages`, { token: as(SUPPORT) });
        expect(chat.body.data!.length).toBeGreaterThanOrEqual(2);
        expect(chat.body.data!.length).toBeLessThanOrEqual(4);
        expect(new Set(chat.body.data!.map((m) => m.authorIsStaff))).toEqual(new Set([true, false]));
      }
    }
    const open = await server.api<TicketDto>('GET', `/api/v1/tickets/${(await seeded('Acme Logistics', 'OPEN')).id}`, { token: as(ACME) });
    expect(open.body.data!.attachments).toEqual([expect.objectContaining({ fileName: 'upload-error.png', contentType: 'image/png', size: PNG.length })]);
  });
});

describe('POST /api/v1/tickets', () => {
  it('a partner raises a ticket as multipart with files, typed by their content; it is audited and readable', async () => {
    const answer = await createTicket(as(ACME), { subject: 'Invoice portal is slow', description: '<p>Pages take <strong>a minute</strong>.</p>' }, [
      { name: 'screen.png', bytes: PNG, type: 'application/octet-stream' },
      { name: 'timings.csv', bytes: Buffer.from('page,seconds\nhome,61\n'), type: 'text/csv' },
    ]);
    expectEnvelope(answer, 201, apiEn.tickets.created);
    const ticket = answer.body.data!;
    expect(ticket).toMatchObject({
      subject: 'Invoice portal is slow',
      description: '<p>Pages take <strong>a minute</strong>.</p>',
      status: 'OPEN',
      partnerId: partnerIds['Acme Logistics'],
      partnerName: 'Acme Logistics',
      createdByName: 'Bình Trần',
      lastMessageAt: null,
    });
    expect(ticket.attachments.map((a) => [a.fileName, a.contentType, a.size]).sort()).toEqual([
      ['screen.png', 'image/png', PNG.length],
      ['timings.csv', 'text/csv', 21],
    ]);
    const [audit] = await server.built.database.db.select().from(auditTrails).where(eq(auditTrails.primaryKey, ticket.id));
    expect(audit).toMatchObject({ type: 'Create', tableName: 'tickets' });
    expect((audit.newValues as { attachments: unknown[] }).attachments).toHaveLength(2);

    for (const prefix of ['/api', '/api/v1']) {
      const read = await server.api<TicketDto>('GET', `${prefix}/tickets/${ticket.id}`, { token: as(ACME) });
      expectEnvelope(read, 200);
      expect(read.body.data).toEqual(ticket);
    }
    const png = ticket.attachments.find((a) => a.fileName === 'screen.png')!;
    const download = await fetch(`${server.url}/api/v1/tickets/${ticket.id}/attachments/${png.id}`, { headers: { authorization: `Bearer ${as(SUPPORT)}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="screen.png"; filename*=UTF-8''screen.png`);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('takes JSON without files too; staff raise one for a partner they name', async () => {
    const mine = await server.api<TicketDto>('POST', '/api/tickets', {
      token: as(GLOBEX),
      body: { subject: 'Question about fees', description: 'Which fee applies?\nThanks' },
    });
    expectEnvelope(mine, 201);
    expect(mine.body.data).toMatchObject({ partnerName: 'Globex Trading', description: 'Which fee applies?<br>Thanks', attachments: [] });

    const forPartner = await server.api<TicketDto>('POST', '/api/v1/tickets', {
      token: as(SUPPORT),
      body: { subject: 'Please confirm your address', partnerId: partnerIds['Globex Trading'] },
    });
    expectEnvelope(forPartner, 201);
    expect(forPartner.body.data).toMatchObject({ partnerId: partnerIds['Globex Trading'], createdByName: 'Sam Support', description: '' });
    expectFieldErrors(await refused(server, () => server.api('POST', '/api/v1/tickets', { token: as(SUPPORT), body: { subject: 'For whom?' } })), [
      'partnerId',
    ]);
  });

  it('strips scripts and event handlers from the description, in what is stored and what is answered', async () => {
    const answer = await createTicket(as(ACME), {
      subject: 'Sanitised',
      description: '<p onclick="steal()">Hi <a href="javascript:alert(1)">there</a></p><img src=x onerror=alert(1)><script>alert(2)</script><b>bold</b>',
    });
    expectEnvelope(answer, 201);
    const [row] = await server.built.database.db.select().from(tickets).where(eq(tickets.id, answer.body.data!.id));
    for (const html of [answer.body.data!.description, row.description]) {
      expect(html).toBe('<p>Hi <a rel="noopener noreferrer nofollow" target="_blank">there</a></p><b>bold</b>');
      expect(html).not.toMatch(/onerror|onclick|<script|<img|javascript:/i);
    }
  });

  it('refuses a missing or too long subject (400 on the field), changing nothing', async () => {
    expectFieldErrors(await refusedWithoutFiles(() => createTicket(as(ACME), { description: 'no subject' }, [{ name: 'a.png', bytes: PNG }])), ['subject']);
    expectFieldErrors(await refusedWithoutFiles(() => createTicket(as(ACME), { subject: '   ' })), ['subject']);
    const long = await refusedWithoutFiles(() => createTicket(as(ACME), { subject: 's'.repeat(201) }, [{ name: 'a.png', bytes: PNG }]));
    expectFieldErrors(long, ['subject']);
    expect(long.body.errors![0].message).toBe('At most 200 characters');
    expectFieldErrors(await refused(server, () => server.api('POST', '/api/v1/tickets', { token: as(ACME), body: { subject: 42 } })), ['subject']);
    expectEnvelope(await createTicket(as(ACME), { subject: 's'.repeat(200) }), 201);
  });

  it('refuses a file over 10 MB (413) and an eleventh file, changing nothing', async () => {
    const big = await refusedWithoutFiles(() =>
      createTicket(as(ACME), { subject: 'Big' }, [
        { name: 'ok.png', bytes: PNG },
        { name: 'big.txt', bytes: Buffer.alloc(TICKET_MAX_FILE_BYTES + 1, 'a') },
      ]),
    );
    expectFieldErrors(big, ['files'], 413);
    expect(big.body.message).toBe('big.txt is too large: each file may be at most 10 MB');

    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `shot-${i}.png`, bytes: PNG }));
    const many = await refusedWithoutFiles(() => createTicket(as(ACME), { subject: 'Many' }, eleven));
    expectFieldErrors(many, ['files']);
    expect(many.body.message).toBe('At most 10 files');
    expectEnvelope(await createTicket(as(ACME), { subject: 'Ten is fine' }, eleven.slice(0, 10)), 201);
  });

  it('tells types by content: a renamed executable, a plain zip and an empty file are refused', async () => {
    const exe = await refusedWithoutFiles(() => createTicket(as(ACME), { subject: 'Photo' }, [{ name: 'photo.png', bytes: EXECUTABLE, type: 'image/png' }]));
    expectFieldErrors(exe, ['files'], 415);
    expect(exe.body.message).toMatch(/^photo\.png is not an accepted file/);
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40, 0)]);
    expectEnvelope(await refusedWithoutFiles(() => createTicket(as(ACME), { subject: 'Zip' }, [{ name: 'report.docx', bytes: zip }])), 415);
    expectFieldErrors(await refusedWithoutFiles(() => createTicket(as(ACME), { subject: 'Empty' }, [{ name: 'empty.txt', bytes: Buffer.alloc(0) }])), [
      'files',
    ]);
    const latin1 = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]);
    expectEnvelope(await refusedWithoutFiles(() => createTicket(as(ACME), { subject: 'Latin-1' }, [{ name: 'notes.txt', bytes: latin1 }])), 415);
  });

  it('needs Tickets.Create and a sign-in', async () => {
    expectEnvelope(await refused(server, () => server.api('POST', '/api/v1/tickets', { body: { subject: 'x' } })), 401);
  });
});

describe('POST /api/v1/tickets/search', () => {
  it('pages, and filters by subject (or title), id prefix, partner, status and keyword, ignoring accents and case', async () => {
    const firstSix = await search({ pageSize: 6, orderBy: ['subject asc'] });
    const total = firstSix.body.data!.totalCount;
    expect(total).toBeGreaterThanOrEqual(8);
    const seen: string[] = [];
    for (const pageNumber of [1, 2]) {
      const page = await search({ pageNumber, pageSize: 3, orderBy: ['subject asc'] });
      expectEnvelope(page, 200);
      expect(page.body.data).toMatchObject({ totalCount: total, currentPage: pageNumber, pageSize: 3 });
      seen.push(...page.body.data!.items.map((t) => t.id));
    }
    expect(seen).toEqual(firstSix.body.data!.items.map((t) => t.id));
    const newestFirst = (await search({ pageSize: 100 })).body.data!.items.map((t) => t.createdAt);
    expect(newestFirst).toEqual([...newestFirst].sort().reverse());
    const all = await search({ pageSize: 100 });

    const subjects = async (body: object, token?: string) => (await search(body, token)).body.data!.items.map((t) => `${t.partnerName}: ${t.subject}`).sort();
    expect(await subjects({ subject: 'BANK' })).toEqual(['Acme Logistics: Update of our bank details', 'Globex Trading: Update of our bank details']);
    expect(await subjects({ title: 'bank' }, as(ACME))).toEqual(['Acme Logistics: Update of our bank details']);
    expect(await subjects({ subject: 'bank', partnerId: partnerIds['Globex Trading'] })).toEqual(['Globex Trading: Update of our bank details']);
    expect(await subjects({ keyword: 'twice', status: 'RESOLVED' })).toEqual([
      'Acme Logistics: Shipment report shows wrong totals',
      'Globex Trading: Shipment report shows wrong totals',
    ]);
    expect(await subjects({ subject: '%' })).toEqual([]);

    const one = all.body.data!.items[0];
    const byId = await search({ id: one.id.slice(0, 8).toUpperCase() });
    expect(byId.body.data!.items.map((t) => t.id)).toContain(one.id);
  });

  it("a partner's search holds its own tickets only, whatever partnerId it asks for", async () => {
    const mine = await search({ pageSize: 100 }, as(ACME));
    expect(new Set(mine.body.data!.items.map((t) => t.partnerName))).toEqual(new Set(['Acme Logistics']));
    expect((await search({ partnerId: partnerIds['Globex Trading'] }, as(ACME))).body.data!.totalCount).toBe(0);
  });

  it('refuses bad filters and sorts on the field at fault', async () => {
    expectFieldErrors(await refused(server, () => search({ status: 'IN_PROGRESS' })), ['status']);
    expectFieldErrors(await refused(server, () => search({ orderBy: ['attachments asc'] })), ['orderBy']);
    expectFieldErrors(await refused(server, () => search({ id: "x' or 1=1" })), ['id']);
    expectFieldErrors(await refused(server, () => search({ subject: 's'.repeat(201) })), ['subject']);
  });
});

describe('GET /api/v1/tickets/export', () => {
  it('answers the search as CSV for staff holding Tickets.Export; a Partner gets 403', async () => {
    const answer = await fetch(`${server.url}/api/v1/tickets/export?subject=bank&orderBy=partnerName%20asc`, {
      headers: { authorization: `Bearer ${as(SUPPORT)}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('x-total-count')).toBe('2');
    const lines = (await answer.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    // Staff's export adds the team and the SLA (a partner's never has them: ticketStaffFields.test.ts).
    expect(lines[0]).toBe(
      'id,subject,status,partnerName,createdByName,createdAt,updatedAt,lastMessageAt,description,teamName,firstResponseState,firstResponseDueAt,resolutionState,resolutionDueAt',
    );
    expect(lines.slice(1).map((l) => l.split(',')[3])).toEqual(['Acme Logistics', 'Globex Trading']);
    expect(lines[1]).toContain('Acme Logistics has a new bank account. Which form should we fill in?');
    expectEnvelope(await refused(server, () => server.api('GET', '/api/v1/tickets/export', { token: as(ACME) })), 403);
  });
});

describe('partner isolation', () => {
  it("another partner's ticket answers 404: the ticket, its chat, its files, its status and a new message", async () => {
    const globexTicket = await seeded('Globex Trading', 'OPEN');
    const globexFiles = (
      await server.api<TicketMessageDto[]>('GET', `/api/v1/tickets/${(await seeded('Globex Trading', 'RESOLVED')).id}/messages`, { token: as(GLOBEX) })
    ).body.data!;
    const resolved = await seeded('Globex Trading', 'RESOLVED');
    const attachment = globexFiles.flatMap((m) => m.attachments)[0];
    for (const email of [ACME, 'partner.admin@acme.example']) {
      const token = as(email);
      const calls = [
        () => server.api('GET', `/api/v1/tickets/${globexTicket.id}`, { token }),
        () => server.api('GET', `/api/v1/tickets/${globexTicket.id}/messages`, { token }),
        () => server.api('POST', `/api/v1/tickets/${globexTicket.id}/messages`, { token, body: { body: 'hello' } }),
        () => postMessage(token, globexTicket.id, { body: 'with a file' }, [{ name: 'a.png', bytes: PNG }]),
        () => server.api('PUT', `/api/v1/tickets/${globexTicket.id}`, { token, body: { status: 'CLOSED' } }),
        () => server.api('GET', `/api/v1/tickets/${resolved.id}/attachments/${attachment.id}`, { token }),
      ];
      for (const call of calls) expectEnvelope(await refusedWithoutFiles(call), 404, apiEn.tickets.notFound);
    }
  });

  it('an attachment is reached only through its own ticket; unknown ids answer 404', async () => {
    const acmeOpen = await seeded('Acme Logistics', 'OPEN');
    const acmeResolved = (await server.api<TicketDto>('GET', `/api/v1/tickets/${(await seeded('Acme Logistics', 'RESOLVED')).id}`, { token: as(ACME) })).body
      .data!;
    const csv = acmeResolved.attachments[0];
    expectEnvelope(await server.api('GET', `/api/v1/tickets/${acmeOpen.id}/attachments/${csv.id}`, { token: as(ACME) }), 404, apiEn.tickets.attachmentNotFound);
    expectEnvelope(await server.api('GET', `/api/v1/tickets/${acmeOpen.id}/attachments/nope`, { token: as(ACME) }), 404);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'abc', "1' or '1'='1"]) {
      expectEnvelope(await server.api('GET', `/api/v1/tickets/${encodeURIComponent(id)}`, { token: as(SUPPORT) }), 404, apiEn.tickets.notFound);
    }
    const text = await fetch(`${server.url}/api/tickets/${acmeResolved.id}/attachments/${csv.id}`, { headers: { authorization: `Bearer ${as(ACME)}` } });
    expect(text.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await text.text()).toMatch(/^date,reference,total/);
  });

  it('staff without Tickets.AdminView see no ticket at all', async () => {
    const trainee = await make.userWith(['Permissions.Tickets.Search', 'Permissions.Tickets.View'], { priority: 70 });
    expect((await search({}, trainee.token)).body.data!.totalCount).toBe(0);
    expectEnvelope(await server.api('GET', `/api/v1/tickets/${(await seeded('Acme Logistics', 'OPEN')).id}`, { token: trainee.token }), 404);
  });
});

describe('PUT /api/v1/tickets/{id}', () => {
  it('the owner closes its ticket and reopens it; each change is audited', async () => {
    const ticket = (await createTicket(as(ACME), { subject: 'To close' })).body.data!;
    const closed = await server.api<TicketDto>('PUT', `/api/v1/tickets/${ticket.id}`, { token: as(ACME), body: { status: 'CLOSED' } });
    expectEnvelope(closed, 200, apiEn.tickets.statusChanged);
    expect(closed.body.data!.status).toBe('CLOSED');
    const reopened = await server.api<TicketDto>('PUT', `/api/tickets/${ticket.id}`, { token: as('partner.admin@acme.example'), body: { status: 'OPEN' } });
    expect(reopened.body.data!.status).toBe('OPEN');
    const audits = await server.built.database.db
      .select()
      .from(auditTrails)
      .where(and(eq(auditTrails.primaryKey, ticket.id), eq(auditTrails.type, 'Update')))
      .orderBy(desc(auditTrails.dateTime));
    expect(audits.map((a) => a.newValues)).toEqual(expect.arrayContaining([{ status: 'CLOSED' }, { status: 'OPEN' }]));
  });

  it('a partner may not set PENDING or RESOLVED (403); staff holding AdminUpdate may', async () => {
    const ticket = (await createTicket(as(ACME), { subject: 'Partner statuses' })).body.data!;
    for (const status of ['PENDING', 'RESOLVED']) {
      expectEnvelope(
        await refused(server, () => server.api('PUT', `/api/v1/tickets/${ticket.id}`, { token: as(ACME), body: { status } })),
        403,
        apiEn.tickets.statusNotAllowed,
      );
    }
    expectFieldErrors(await refused(server, () => server.api('PUT', `/api/v1/tickets/${ticket.id}`, { token: as(ACME), body: { status: 'DONE' } })), [
      'status',
    ]);
    expectFieldErrors(await refused(server, () => server.api('PUT', `/api/v1/tickets/${ticket.id}`, { token: as(ACME), body: {} })), ['status']);
    const bySupport = await server.api<TicketDto>('PUT', `/api/v1/tickets/${ticket.id}`, { token: as(SUPPORT), body: { status: 'RESOLVED' } });
    expect(bySupport.body.data!.status).toBe('RESOLVED');
  });
});

describe('PUT /api/v1/tickets/admin/{id}', () => {
  it('staff set any status with { ticketId, status }', async () => {
    const ticket = (await createTicket(as(GLOBEX), { subject: 'Admin statuses' })).body.data!;
    for (const status of ['PENDING', 'RESOLVED', 'CLOSED', 'OPEN'] as const) {
      const answer = await server.api<TicketDto>('PUT', `/api/v1/tickets/admin/${ticket.id}`, { token: as(SUPPORT), body: { ticketId: ticket.id, status } });
      expectEnvelope(answer, 200);
      expect(answer.body.isSuccess).toBe(true);
      expect(answer.body.data!.status).toBe(status);
    }
  });

  it('needs Tickets.AdminUpdate (a Partner gets 403), a ticketId equal to the path and a known status', async () => {
    const ticket = await seeded('Acme Logistics', 'PENDING');
    expectEnvelope(
      await refused(server, () =>
        server.api('PUT', `/api/v1/tickets/admin/${ticket.id}`, { token: as(ACME), body: { ticketId: ticket.id, status: 'RESOLVED' } }),
      ),
      403,
      apiEn.api.forbidden,
    );
    const other = await seeded('Globex Trading', 'PENDING');
    expectFieldErrors(
      await refused(server, () =>
        server.api('PUT', `/api/v1/tickets/admin/${ticket.id}`, { token: as(SUPPORT), body: { ticketId: other.id, status: 'RESOLVED' } }),
      ),
      ['ticketId'],
    );
    expectFieldErrors(
      await refused(server, () =>
        server.api('PUT', `/api/v1/tickets/admin/${ticket.id}`, { token: as(SUPPORT), body: { ticketId: ticket.id, status: 'IN_PROGRESS' } }),
      ),
      ['status'],
    );
    expectEnvelope(
      await refused(server, () =>
        server.api('PUT', '/api/v1/tickets/admin/00000000-0000-4000-8000-000000000000', {
          token: as(SUPPORT),
          body: { ticketId: '00000000-0000-4000-8000-000000000000', status: 'OPEN' },
        }),
      ),
      404,
    );
  });
});

describe('ticket messages', () => {
  it('lists the seeded chat oldest first with authors', async () => {
    const ticket = await seeded('Acme Logistics', 'PENDING');
    const chat = await server.api<TicketMessageDto[]>('GET', `/api/v1/tickets/${ticket.id}/messages`, { token: as(ACME) });
    expectEnvelope(chat, 200);
    const seededChat = chat.body.data!;
    expect(seededChat.map((m) => [m.authorName, m.authorIsStaff])).toEqual([
      ['Bình Trần', false],
      ['Sam Support', true],
      ['Bình Trần', false],
    ]);
    expect(seededChat.map((m) => m.createdAt)).toEqual([...seededChat.map((m) => m.createdAt)].sort());
  });

  it('takes JSON and multipart messages, listed after the chat so far', async () => {
    const ticket = await make.ticket(as(ACME));
    const seededChat: TicketMessageDto[] = [];

    const plain = await server.api<TicketMessageDto>('POST', `/api/v1/tickets/${ticket.id}/messages`, {
      token: as(ACME),
      body: { body: 'Line one\nLine <two>' },
    });
    expectEnvelope(plain, 201, apiEn.tickets.messageSent);
    expect(plain.body.data).toMatchObject({
      ticketId: ticket.id,
      authorName: 'Bình Trần',
      authorIsStaff: false,
      body: 'Line one<br>Line &lt;two&gt;',
      attachments: [],
    });

    const withFile = await postMessage(as(SUPPORT), ticket.id, { body: '<p>See the file <script>x()</script></p>' }, [
      { name: 'Báo cáo; tháng.txt', bytes: Buffer.from('xin chào\n') },
    ]);
    expectEnvelope(withFile, 201);
    expect(withFile.body.data).toMatchObject({ authorName: 'Sam Support', authorIsStaff: true, body: '<p>See the file </p>' });
    const [file] = withFile.body.data!.attachments;
    expect(file).toMatchObject({ fileName: 'Báo cáo; tháng.txt', contentType: 'text/plain', size: 10 });
    const download = await fetch(`${server.url}/api/v1/tickets/${ticket.id}/attachments/${file.id}`, { headers: { authorization: `Bearer ${as(ACME)}` } });
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="B_o c_o_ th_ng.txt"; filename*=UTF-8''B%C3%A1o%20c%C3%A1o%3B%20th%C3%A1ng.txt`,
    );
    // Read to its end: a body left unread holds the connection open, and the server's close with it.
    expect((await download.arrayBuffer()).byteLength).toBe(10);

    const onlyFile = await postMessage(as(ACME), ticket.id, {}, [{ name: 'only.png', bytes: PNG }]);
    expectEnvelope(onlyFile, 201);
    expect(onlyFile.body.data!.body).toBe('');

    const after = await server.api<TicketMessageDto[]>('GET', `/api/tickets/${ticket.id}/messages`, { token: as(SUPPORT) });
    expect(after.body.data!.map((m) => m.id)).toEqual([...seededChat.map((m) => m.id), plain.body.data!.id, withFile.body.data!.id, onlyFile.body.data!.id]);
    const read = await server.api<TicketDto>('GET', `/api/v1/tickets/${ticket.id}`, { token: as(ACME) });
    expect(read.body.data!.lastMessageAt).toBe(onlyFile.body.data!.createdAt);
    const [audit] = await server.built.database.db.select().from(auditTrails).where(eq(auditTrails.primaryKey, withFile.body.data!.id));
    expect(audit).toMatchObject({ type: 'Create', tableName: 'ticket_messages' });
  });

  it('needs a body or a file (400), refuses bad files like tickets do, and changes nothing', async () => {
    const ticket = await make.ticket(as(GLOBEX));
    for (const body of [{}, { body: '' }, { body: '   ' }, { body: '<p> </p><script>alert(1)</script>' }]) {
      expectFieldErrors(await refused(server, () => server.api('POST', `/api/v1/tickets/${ticket.id}/messages`, { token: as(GLOBEX), body })), ['body']);
    }
    expectFieldErrors(
      await refusedWithoutFiles(() => postMessage(as(GLOBEX), ticket.id, { body: 'x' }, [{ name: 'photo.png', bytes: EXECUTABLE }])),
      ['files'],
      415,
    );
    expectFieldErrors(
      await refused(server, () => server.api('POST', `/api/v1/tickets/${ticket.id}/messages`, { token: as(GLOBEX), body: { body: 'b'.repeat(20_001) } })),
      ['body'],
    );
  });

  it('a CLOSED ticket takes no message (409), with or without files', async () => {
    const ticket = await seeded('Acme Logistics', 'CLOSED');
    expectEnvelope(
      await refused(server, () => server.api('POST', `/api/v1/tickets/${ticket.id}/messages`, { token: as(ACME), body: { body: 'hello?' } })),
      409,
      apiEn.tickets.closed,
    );
    expectEnvelope(
      await refusedWithoutFiles(() => postMessage(as(SUPPORT), ticket.id, { body: 'file' }, [{ name: 'a.png', bytes: PNG }])),
      409,
      apiEn.tickets.closed,
    );
    const chat = await server.api<TicketMessageDto[]>('GET', `/api/v1/tickets/${ticket.id}/messages`, { token: as(ACME) });
    expectEnvelope(chat, 200);
  });

  it('a ticket closed after the first check but before the message is stored refuses it (409) and stores nothing', async () => {
    const ticket = await make.ticket(as(ACME));
    const db = server.built.database.db;
    const messagesOf = () => db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, ticket.id));
    const pool = (db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
    const original = pool.query;
    // The statement that stores the message: the ticket closes (through the API) just before it is sent.
    pool.query = async (...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string }).text ?? '');
      if (text.includes('insert into ticket_messages')) {
        pool.query = original;
        expectEnvelope(await server.api('PUT', `/api/v1/tickets/${ticket.id}`, { token: as(SUPPORT), body: { status: 'CLOSED' } }), 200);
      }
      return original.apply(pool, args);
    };
    try {
      const answer = await server.api('POST', `/api/v1/tickets/${ticket.id}/messages`, { token: as(ACME), body: { body: 'Sent as it closed' } });
      expectEnvelope(answer, 409, apiEn.tickets.closed);
    } finally {
      pool.query = original;
    }
    expect(await messagesOf()).toEqual([]);
    expect((await server.api<TicketDto>('GET', `/api/v1/tickets/${ticket.id}`, { token: as(ACME) })).body.data).toMatchObject({
      status: 'CLOSED',
      lastMessageAt: null,
    });
  });

  it('a message whose audit row cannot be written is not stored (500)', async () => {
    const ticket = await make.ticket(as(ACME));
    await whileAuditRefuses(server, 'AUDIT-REFUSED-MESSAGE', async () => {
      expectEnvelope(
        await refused(server, () => server.api('POST', `/api/v1/tickets/${ticket.id}/messages`, { token: as(ACME), body: { body: 'AUDIT-REFUSED-MESSAGE' } })),
        500,
      );
    });
  });
});

// A second connection holds the ticket's row while it closes.
describe('a message racing a close on PostgreSQL', () => {
  it('waits for the closing transaction and is refused (409), never stored on the CLOSED ticket', async () => {
    const ticket = await make.ticket(as(ACME));
    const client = new pg.Client({ connectionString: server.config.databaseUrl });
    await client.connect();
    try {
      await client.query('begin');
      await client.query(`update tickets set status = 'CLOSED' where id = $1`, [ticket.id]);
      const posting = server.api('POST', `/api/v1/tickets/${ticket.id}/messages`, { token: as(ACME), body: { body: 'Sent as it closed' } });
      // Commit the close only once the message's transaction is waiting for the row (by lock or by its update).
      for (;;) {
        const waiting = await client.query(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
        );
        if (waiting.rows[0].n > 0) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      await client.query('commit');
      expectEnvelope(await posting, 409, apiEn.tickets.closed);
    } finally {
      await client.query('rollback').catch(() => undefined);
      await client.end();
    }
    const stored = await server.built.database.db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, ticket.id));
    expect(stored).toEqual([]);
  });
});
