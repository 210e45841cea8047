import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import type { NotificationDto } from '../../contract/notifications';
import { permission } from '../../contract/permissions';
import type { TicketDto, TicketMessageDto } from '../../contract/tickets';
import i18nEn from '../../i18n/ticketMerge.en';
import { auditTrails, ticketAttachments, ticketMessages, tickets } from '../../server/db/schema';
import { expectEnvelope, expectFieldErrors, refused } from './expectations';
import { recordEvents } from './eventRecorder';
import { useDemoServer } from './factories';

const { server, token, userIds, make } = useDemoServer();

const SUPPORT = 'support@example.com';
const ACME = 'partner@acme.example';
const GLOBEX = 'partner@globex.example';
const db = () => server.built.database.db;

const merge = (id: string, body: unknown, as = token(SUPPORT)) => server.api<TicketDto>('POST', `/api/v1/tickets/${id}/merge`, { token: as, body });
const messagesOf = async (id: string, as = token(SUPPORT)) =>
  (await server.api<TicketMessageDto[]>('GET', `/api/v1/tickets/${id}/messages`, { token: as })).body.data!;
const ticketAs = async (id: string, as: string) => (await server.api<TicketDto>('GET', `/api/v1/tickets/${id}`, { token: as })).body.data!;

/** A multipart POST (a ticket or a chat message with one text file). */
async function postWithFile<T>(urlPath: string, fields: Record<string, string>, fileName: string, as = token(ACME)) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('files', new Blob([`${fileName} bytes`], { type: 'text/plain' }), fileName);
  const response = await fetch(`${server.url}${urlPath}`, { method: 'POST', headers: { authorization: `Bearer ${as}` }, body: form });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: T }).data;
}

const say = async (ticketId: string, body: string, as = token(ACME)) => {
  const answer = await server.api<TicketMessageDto>('POST', `/api/v1/tickets/${ticketId}/messages`, { token: as, body: { body } });
  expect(answer.status, answer.text).toBe(201);
  return answer.body.data!;
};

/** An internal note, written as the notes' route would store it (the merge must carry its flag, whoever wrote it). */
async function internalNote(ticketId: string, body: string) {
  const [row] = await db().insert(ticketMessages).values({ ticketId, authorId: userIds[SUPPORT], body, internal: true }).returning();
  return row;
}

describe('merging a duplicate ticket', () => {
  it('moves every message and file of the source to the target once, in time order, notes still internal; the source leads there; the partner is told', async () => {
    const target = await make.ticket(token(ACME), { subject: 'Printer offline' });
    await say(target.id, 'First report');
    const source = await postWithFile<TicketDto>('/api/v1/tickets', { subject: 'Printer still offline', description: '<p>Same printer</p>' }, 'source.txt');
    const partnerWords = await say(source.id, 'Any news?');
    const withFile = await postWithFile<TicketMessageDto>(`/api/v1/tickets/${source.id}/messages`, { body: 'Log attached' }, 'chat.txt');
    const note = await internalNote(source.id, 'Duplicate of the printer ticket');
    const staffReply = await say(source.id, 'Looking into it', token(SUPPORT));
    await say(target.id, 'Second report');
    const filesBefore = await db()
      .select()
      .from(ticketAttachments)
      .where(inArray(ticketAttachments.ticketId, [source.id, target.id]));

    const recorder = recordEvents(server.built.ctx.events, 'ResourceChanged', 'TicketMerged');
    const answer = await merge(source.id, { intoId: target.id });
    recorder.stop();
    expectEnvelope(answer, 200, i18nEn.ticketMerge.merged);
    // Announced after it committed: both tickets changed for lists, and the merge for the hub.
    expect(
      recorder
        .events()
        .map((e) => (e.type === 'ResourceChanged' ? `${e.type} ${e.id}` : e.type))
        .sort(),
    ).toEqual([`ResourceChanged ${source.id}`, `ResourceChanged ${target.id}`, 'TicketMerged'].sort());
    expect(answer.body.data).toMatchObject({ id: target.id, mergedIntoId: null });

    const chat = await messagesOf(target.id);
    const ids = chat.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const moved of [partnerWords.id, withFile.id, note.id, staffReply.id]) expect(ids.filter((id) => id === moved)).toHaveLength(1);
    expect(chat).toHaveLength(7); // two of the target, four of the source, the merge's line
    expect(chat.map((m) => m.createdAt)).toEqual(chat.map((m) => m.createdAt).sort());
    expect(chat.find((m) => m.id === note.id)?.internal).toBe(true);
    expect(chat.filter((m) => m.internal).map((m) => m.id)).toEqual([note.id]);
    const [noteRow] = await db().select().from(ticketMessages).where(eq(ticketMessages.id, note.id));
    expect(noteRow).toMatchObject({ ticketId: target.id, internal: true });
    expect(chat.find((m) => m.id === withFile.id)?.attachments.map((f) => f.fileName)).toEqual(['chat.txt']);
    const line = chat.at(-1)!;
    expect(line.system).toEqual({ kind: 'merged', ticketId: source.id, subject: 'Printer still offline' });
    expect(line.body).toContain('Same printer');
    expect(line.attachments.map((f) => f.fileName)).toEqual(['source.txt']);
    expect(await messagesOf(source.id)).toEqual([]);

    // Every file once, all on the target now, and still downloadable from it.
    const filesAfter = await db()
      .select()
      .from(ticketAttachments)
      .where(inArray(ticketAttachments.ticketId, [source.id, target.id]));
    expect(filesAfter.map((f) => f.id).sort()).toEqual(filesBefore.map((f) => f.id).sort());
    expect(new Set(filesAfter.map((f) => f.ticketId))).toEqual(new Set([target.id]));
    const sourceFile = line.attachments[0];
    expect((await server.api('GET', `/api/v1/tickets/${target.id}/attachments/${sourceFile.id}`, { token: token(ACME) })).text).toBe('source.txt bytes');

    // The source answers with where it went, CLOSED for good: the partner cannot reopen it.
    expect(await ticketAs(source.id, token(ACME))).toMatchObject({ status: 'CLOSED', mergedIntoId: target.id });
    const reopen = await server.api('PUT', `/api/v1/tickets/${source.id}`, { token: token(ACME), body: { status: 'OPEN' } });
    expectEnvelope(reopen, 409, i18nEn.ticketMerge.sourceMerged);

    // Audited on both tickets.
    const audits = await db()
      .select()
      .from(auditTrails)
      .where(and(eq(auditTrails.tableName, 'tickets'), inArray(auditTrails.primaryKey, [source.id, target.id]), eq(auditTrails.type, 'Update')));
    expect(audits.find((a) => a.primaryKey === source.id)?.newValues).toMatchObject({ status: 'CLOSED', mergedIntoId: target.id });
    expect(audits.find((a) => a.primaryKey === target.id)?.newValues).toMatchObject({ mergedFrom: source.id, movedMessages: 4, movedAttachments: 2 });

    // The partner is told in the inbox, with a link to the target.
    const inbox = () => server.api<PagedResult<NotificationDto>>('GET', '/api/v1/inbox', { token: token(ACME) });
    await expect
      .poll(async () => (await inbox()).body.data!.items.filter((n) => n.kind === 'merged' && n.recordId === target.id).map((n) => n.link))
      .toEqual([`/tickets/${target.id}/detail`]);
  });

  it('a ticket closed by a merge has no SLA of its own: not "Met", on its page nor in the manager', async () => {
    const [source, target] = [await make.ticket(token(ACME), { subject: 'Merged away' }), await make.ticket(token(ACME))];
    expect((await ticketAs(source.id, token(SUPPORT))).sla?.resolution?.state).toBe('ok');
    expectEnvelope(await merge(source.id, { intoId: target.id }), 200);
    expect((await ticketAs(source.id, token(SUPPORT))).sla).toEqual({ firstResponse: null, resolution: null });
    const listed = await server.api<PagedResult<TicketDto>>('POST', '/api/v1/tickets/search', {
      token: token(SUPPORT),
      body: { subject: 'Merged away', pageSize: 50 },
    });
    expect(listed.body.data!.items.find((t) => t.id === source.id)?.sla).toEqual({ firstResponse: null, resolution: null });
  });

  it('a ticket merged earlier into the source follows it, so a redirect is never a chain', async () => {
    const [first, second, third] = [await make.ticket(token(ACME)), await make.ticket(token(ACME)), await make.ticket(token(ACME))];
    expectEnvelope(await merge(first.id, { intoId: second.id }), 200);
    expectEnvelope(await merge(second.id, { intoId: third.id }), 200);
    const rows = await db()
      .select({ id: tickets.id, mergedIntoId: tickets.mergedIntoId })
      .from(tickets)
      .where(inArray(tickets.id, [first.id, second.id]));
    expect(rows.map((r) => r.mergedIntoId)).toEqual([third.id, third.id]);
  });

  it('two staff merging A into B and B into A at once: one wins, the other is refused, no cycle', async () => {
    for (let round = 0; round < 4; round += 1) {
      const [a, b] = [await make.ticket(token(ACME)), await make.ticket(token(ACME))];
      await say(a.id, 'from A');
      await say(b.id, 'from B');
      const answers = await Promise.all([merge(a.id, { intoId: b.id }), merge(b.id, { intoId: a.id }, token('admin@example.com'))]);
      expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
      const rows = await db()
        .select({ id: tickets.id, mergedIntoId: tickets.mergedIntoId })
        .from(tickets)
        .where(inArray(tickets.id, [a.id, b.id]));
      expect(rows.filter((r) => r.mergedIntoId !== null)).toHaveLength(1);
      const winner = answers.find((x) => x.status === 200)!.body.data!;
      expect(
        (await messagesOf(winner.id))
          .filter((m) => !m.system)
          .map((m) => m.body)
          .sort(),
      ).toEqual(['from A', 'from B']);
    }
  });

  it('refuses odd ids, itself, another partner’s ticket, merged or closed ones and partners, changing nothing', async () => {
    const source = await make.ticket(token(ACME));
    const target = await make.ticket(token(ACME));
    await say(source.id, 'stays here');
    const globex = await make.ticket(token(GLOBEX));
    const unknown = '00000000-0000-4000-8000-000000000000';

    expectEnvelope(await refused(server, () => merge('not-a-ticket', { intoId: target.id })), 404);
    expectEnvelope(await refused(server, () => merge(unknown, { intoId: target.id })), 404);
    for (const intoId of ['not-a-ticket', '', 12, null, '__proto__']) expectFieldErrors(await refused(server, () => merge(source.id, { intoId })), ['intoId']);
    expectFieldErrors(await refused(server, () => merge(source.id, {})), ['intoId']);
    expectFieldErrors(await refused(server, () => merge(source.id, { intoId: source.id.toUpperCase() })), ['intoId']);
    expectFieldErrors(await refused(server, () => merge(source.id, { intoId: unknown })), ['intoId'], 404);
    expectFieldErrors(await refused(server, () => merge(source.id, { intoId: globex.id })), ['intoId'], 404);
    expectEnvelope(await refused(server, () => merge(globex.id, { intoId: source.id })), 404);
    // Partners never merge, not even their own tickets; nor staff who do not hold TicketMerges.
    expectEnvelope(await refused(server, () => merge(source.id, { intoId: target.id }, token(ACME))), 403);
    const reader = await make.userWith([permission('Tickets', 'View'), permission('Tickets', 'AdminView')]);
    expectEnvelope(await refused(server, () => merge(source.id, { intoId: target.id }, reader.token)), 403);

    const closed = await make.ticket(token(ACME));
    expectEnvelope(await server.api('PUT', `/api/v1/tickets/${closed.id}`, { token: token(ACME), body: { status: 'CLOSED' } }), 200);
    expectEnvelope(await refused(server, () => merge(source.id, { intoId: closed.id })), 409, i18nEn.ticketMerge.targetClosed);

    const merged = await make.ticket(token(ACME));
    expectEnvelope(await merge(merged.id, { intoId: target.id }), 200);
    expectEnvelope(await refused(server, () => merge(source.id, { intoId: merged.id })), 409, i18nEn.ticketMerge.targetMerged);
    expectEnvelope(await refused(server, () => merge(merged.id, { intoId: source.id })), 409, i18nEn.ticketMerge.sourceMerged);
    expect((await messagesOf(source.id)).map((m) => m.body)).toEqual(['stays here']);
  });
});
