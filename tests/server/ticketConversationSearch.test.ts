import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import { permission } from '../../contract/permissions';
import type { TicketDto } from '../../contract/tickets';
import type { Principal } from '../../server/core/guard';
import { ticketMessages, tickets } from '../../server/db/schema';
import { loadPrincipal } from '../../server/modules/accounts/principal';
import { conversationMatch, foldedBodyOf, idPrefixRange, seesNoteText, snippetOf } from '../../server/modules/tickets/conversationSearch';
import { expectEnvelope } from './expectations';
import { unique, useDemoServer } from './factories';

const { server, make, token, userIds, partnerIds } = useDemoServer();

const SUPPORT = 'support@example.com';
const ACME = 'partner@acme.example';
const GLOBEX = 'partner@globex.example';
const NOTES_VIEW = permission('TicketNotes', 'View');
/** What a staff reader of every ticket holds, without the notes. */
const STAFF_READER = [permission('Tickets', 'Search'), permission('Tickets', 'View'), permission('Tickets', 'AdminView'), permission('Tickets', 'Export')];

const db = () => server.built.database.db;
const search = (body: object, as = token(SUPPORT)) => server.api<PagedResult<TicketDto>>('POST', '/api/v1/tickets/search', { token: as, body });
/** The ids a keyword finds, in the order the list shows them (react-admin's `q`, newest first). */
async function found(keyword: string, as = token(SUPPORT), extra: object = {}) {
  const answer = await search({ advancedSearch: { keyword }, orderBy: ['createdAt desc'], pageSize: 50, ...extra }, as);
  expectEnvelope(answer, 200);
  return answer.body.data!.items.map((t) => t.id);
}
const say = async (ticketId: string, body: string, as: string) =>
  expectEnvelope(await server.api('POST', `/api/v1/tickets/${ticketId}/messages`, { token: as, body: { body } }), 201);
/** A word no other row holds: letters only, so it is neither an id's start nor split by folding. */
const word = (prefix: string) =>
  `${prefix}${unique('')
    .replace(/[^a-z]/g, '')
    .slice(-8)}${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 6)}`;

/** An internal note written straight into the table (as the notes' route would), its text folded for search. */
async function note(ticketId: string, text: string) {
  await db()
    .insert(ticketMessages)
    .values({ ticketId, authorId: userIds[SUPPORT], body: `<p>${text}</p>`, bodyFolded: foldedBodyOf(`<p>${text}</p>`), internal: true });
}

describe('search across conversations', () => {
  it('finds a ticket by the text of a message, its description and its subject, case and Vietnamese accents ignored', async () => {
    const tag = word('kho');
    const ticket = await make.ticket(token(ACME), { subject: 'Giao hàng chậm' });
    await say(ticket.id, `<p>Đơn hàng bị giữ ở kho Đà Nẵng ${tag} từ thứ Hai.</p>`, token(ACME));
    for (const keyword of [tag, tag.toUpperCase(), `đà nẵng ${tag}`, `DA NANG ${tag}`, `Da Nang ${tag} tu thu hai`])
      expect(await found(keyword), keyword).toEqual([ticket.id]);
    expect(await found(tag, token(ACME))).toEqual([ticket.id]);
    // Found by a message alone: the list shows the words around the match, accents kept.
    const [row] = (await search({ advancedSearch: { keyword: `da nang ${tag}` }, orderBy: ['createdAt desc'] }, token(ACME))).body.data!.items;
    expect(row.matchedText).toBe(`Đơn hàng bị giữ ở kho Đà Nẵng ${tag} từ thứ Hai.`);
    // The description and the subject, accented or not.
    const described = await make.ticket(token(ACME), { subject: 'Hóa đơn', description: `<p>Sai mã số thuế ${tag}đặc</p>` });
    expect(await found(`${tag}DAC`)).toEqual([described.id]);
    expect(await found(`thue ${tag}dac`, token(ACME))).toEqual([described.id]);
  });

  it('ranks subject hits before description hits before message hits, then by recency; a sorted column is kept as asked', async () => {
    const tag = word('rank');
    const bySubject = await make.ticket(token(ACME), { subject: `Lỗi ${tag} khi đăng nhập` });
    const byDescription = await make.ticket(token(ACME), { subject: 'Không vào được', description: `<p>Mã lỗi ${tag}</p>` });
    const byMessage = await make.ticket(token(ACME), { subject: 'Báo cáo tuần' });
    await say(byMessage.id, `<p>Có thể liên quan đến ${tag}.</p>`, token(SUPPORT));
    const newerByMessage = await make.ticket(token(ACME), { subject: 'Another report' });
    await say(newerByMessage.id, `<p>same ${tag} again</p>`, token(ACME));
    const ranked = [bySubject.id, byDescription.id, newerByMessage.id, byMessage.id];
    expect(await found(tag)).toEqual(ranked);
    expect(await found(tag, token(ACME))).toEqual(ranked);
    // No order sent: ranked too. An order by a column the user chose: that column alone.
    const unordered = await search({ keyword: tag });
    expect(unordered.body.data!.items.map((t) => t.id)).toEqual(ranked);
    const bySubjectName = await found(tag, token(SUPPORT), { orderBy: ['subject asc'] });
    expect(bySubjectName).toEqual([newerByMessage.id, byMessage.id, byDescription.id, bySubject.id]);
    // Paging walks the ranked list with the total of every match.
    const second = await search({ advancedSearch: { keyword: tag }, orderBy: ['createdAt desc'], pageSize: 3, pageNumber: 2 });
    expect(second.body.data!.items.map((t) => t.id)).toEqual([byMessage.id]);
    expect(second.body.data!.totalCount).toBe(4);
  });

  it('finds a ticket by the start of its id (hyphens and case as typed), ahead of text hits', async () => {
    const ticket = await make.ticket(token(ACME));
    const [head] = ticket.id.split('-');
    expect((await found(head))[0]).toBe(ticket.id);
    expect((await found(ticket.id.slice(0, 13).toUpperCase()))[0]).toBe(ticket.id);
    expect(await found(ticket.id)).toEqual([ticket.id]);
    expect((await found(head, token(ACME)))[0]).toBe(ticket.id);
    // Another partner's ticket is not found by its id either.
    expect(await found(ticket.id, token(GLOBEX))).toEqual([]);
    expect(idPrefixRange('0a1b')).toEqual(['0a1b0000-0000-0000-0000-000000000000', '0a1bffff-ffff-ffff-ffff-ffffffffffff']);
    expect(idPrefixRange('abc')).toBeNull();
    expect(idPrefixRange('not-hex')).toBeNull();
  });

  it('finds by subject a keyword that reads like the start of an id (a number, a date, a word of a–f letters), as the merge dialog searches', async () => {
    const digits = String(Math.floor(Math.random() * 1e9)).padStart(9, '0');
    const letters = `facade${Array.from({ length: 6 }, () => 'abcdef'[Math.floor(Math.random() * 6)]).join('')}`;
    const numbered = await make.ticket(token(ACME), { subject: `Invoice ${digits} refused` });
    const lettered = await make.ticket(token(ACME), { subject: `Shop ${letters} sign` });
    const byId = await make.ticket(token(ACME));
    const dialog = (keyword: string) => search({ partnerId: partnerIds['Acme Logistics'], keyword, orderBy: ['createdAt desc'], pageSize: 9 });
    expect((await dialog(digits)).body.data!.items.map((t) => t.id)).toEqual([numbered.id]);
    expect((await dialog(letters)).body.data!.items.map((t) => t.id)).toEqual([lettered.id]);
    expect((await dialog(byId.id.slice(0, 8))).body.data!.items[0].id).toBe(byId.id);
  });

  it("never finds another partner's ticket by its messages", async () => {
    const tag = word('globex');
    const theirs = await make.ticket(token(GLOBEX), { subject: 'Kiểm kê' });
    await say(theirs.id, `<p>Số liệu ${tag} lệch.</p>`, token(GLOBEX));
    expect(await found(tag, token(GLOBEX))).toEqual([theirs.id]);
    expect(await found(tag, token(ACME))).toEqual([]);
    const counted = await search({ keyword: tag }, token(ACME));
    expect(counted.body.data!.totalCount).toBe(0);
    // Naming the other partner does not widen a partner's reach.
    expect(await found(tag, token(ACME), { partnerId: partnerIds['Globex Trading'] })).toEqual([]);
  });

  it('matches the text of an internal note only for staff holding TicketNotes.View', async () => {
    const tag = word('note');
    const ticket = await make.ticket(token(ACME), { subject: 'Hoàn tiền' });
    await note(ticket.id, `Khách này đã được hoàn tiền một lần ${tag}`);
    expect(await found(tag, token(ACME))).toEqual([]);
    expect(await found(`hoan tien mot lan ${tag}`, token(ACME))).toEqual([]);
    expect((await search({ keyword: tag }, token(ACME))).body.data!.totalCount).toBe(0);
    // A partner's user never matches notes, whatever a role grants it (the notes are staff only).
    expect(seesNoteText({ partnerId: partnerIds['Acme Logistics'], permissions: new Set([NOTES_VIEW]) } as unknown as Principal)).toBe(false);
    const staffWithoutNotes = await make.userWith(STAFF_READER);
    expect(await found(tag, staffWithoutNotes.token)).toEqual([]);
    const staffWithNotes = await make.userWith([...STAFF_READER, NOTES_VIEW]);
    expect(await found(tag, staffWithNotes.token)).toEqual([ticket.id]);
    // A ticket found by a reply shows the reply's words, never the note's, to those without the notes.
    const both = await make.ticket(token(ACME), { subject: 'Đổi kho' });
    await say(both.id, `<p>Trả lời công khai ${tag}</p>`, token(SUPPORT));
    await note(both.id, `Ghi chú nội bộ bí mật ${tag}`); // the newest match: a reader without the notes never sees it
    for (const reader of [token(ACME), staffWithoutNotes.token]) {
      const [hit] = (await search({ keyword: tag }, reader)).body.data!.items;
      expect(hit.id).toBe(both.id);
      expect(hit.matchedText).toBe(`Trả lời công khai ${tag}`);
    }
    // The CSV export keeps to the same rule.
    const exported = await fetch(`${server.url}/api/v1/tickets/export?keyword=${tag}`, { headers: { authorization: `Bearer ${staffWithoutNotes.token}` } });
    expect(exported.status).toBe(200);
    expect(await exported.text()).not.toContain(ticket.id);
  });

  it('keeps the CSV export, the filters and react-admin’s limited fields working with a keyword', async () => {
    const tag = word('export');
    const ticket = await make.ticket(token(ACME), { subject: `Xuất ${tag}` });
    const other = await make.ticket(token(ACME), { subject: 'Chat only' });
    await say(other.id, `<p>${tag}</p>`, token(ACME));
    const exported = await fetch(`${server.url}/api/v1/tickets/export?keyword=${tag}`, { headers: { authorization: `Bearer ${token(SUPPORT)}` } });
    const csv = await exported.text();
    expect(csv).toContain(ticket.id);
    expect(csv).toContain(other.id);
    expect(await found(tag, token(SUPPORT), { status: 'CLOSED' })).toEqual([]);
    expect(await found(tag, token(SUPPORT), { status: 'OPEN' })).toEqual([ticket.id, other.id]);
    const subjectOnly = await search({ advancedSearch: { keyword: tag, fields: ['subject'] } });
    expect(subjectOnly.body.data!.items.map((t) => t.id)).toEqual([ticket.id]);
  });

  it('answers odd keywords with 200 or 400, never 500, and treats LIKE characters as text', async () => {
    const all = (await search({})).body.data!.totalCount;
    for (const keyword of ['toString', '__proto__', 'constructor', 'hasOwnProperty', '%', '_', '\\', '%_%', "'; drop table tickets; --", 'ab', 'đ', '😀'])
      for (const as of [token(SUPPORT), token(ACME)]) {
        const answer = await search({ advancedSearch: { keyword } }, as);
        expectEnvelope(answer, 200);
        if (['%', '_', '\\', '%_%'].includes(keyword)) expect(answer.body.data!.totalCount, keyword).toBeLessThan(all);
      }
    for (const keyword of ['a\u0000b', 'x\ud800y', 'q'.repeat(100_000)]) {
      for (const body of [{ advancedSearch: { keyword } }, { keyword }]) {
        const answer = await search(body);
        expect(answer.status, answer.text.slice(0, 200)).toBe(400);
        expect(answer.body.isSuccess).toBe(false);
      }
    }
    expectEnvelope(await search({ advancedSearch: { keyword: 'x', fields: ['__proto__'] } }), 400);
    expectEnvelope(await search({ advancedSearch: { keyword: 'x', fields: ['toString'] } }), 400);
  });

  it('reads messages through the trigram index, and not at all for keywords too short to hold a trigram', async () => {
    const principal = (await loadPrincipal(db(), userIds[SUPPORT]))!;
    const planOf = async (keyword: string) =>
      db().transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const query = tx.select({ id: tickets.id }).from(tickets).where(conversationMatch(principal, keyword)!.where);
        const rows = await tx.execute(sql`explain ${query}`);
        return (rows as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']).join('\n');
      });
    const long = await planOf('hóa đơn');
    expect(long).toContain('ticket_messages_body_trgm_idx');
    expect(long).toContain('tickets_search_trgm_idx');
    expect(await planOf('hđ')).not.toContain('ticket_messages');
    // A 2-letter keyword still finds subjects, not message text.
    const tag = word('zz');
    const ticket = await make.ticket(token(ACME), { subject: 'Short keyword' });
    await say(ticket.id, `<p>qy ${tag}</p>`, token(ACME));
    expect(await found('qy', token(ACME))).not.toContain(ticket.id);
  });

  it('cuts a snippet around the match in the text’s own letters', () => {
    const text = `${'Mở đầu '.repeat(20)}Đơn hàng bị giữ ở kho Đà Nẵng từ thứ Hai ${'kết thúc '.repeat(20)}`;
    const snippet = snippetOf(text, 'da nang')!;
    expect(snippet).toContain('kho Đà Nẵng từ');
    expect(snippet.startsWith('… ')).toBe(true);
    expect(snippet.endsWith(' …')).toBe(true);
    expect(snippet.length).toBeLessThan(150);
    expect(snippetOf('Ngắn gọn', 'ngan')).toBe('Ngắn gọn');
    expect(snippetOf('nothing here', 'absent')).toBeNull();
    expect(snippetOf('😀😀 x 😀', 'x')).toBe('😀😀 x 😀');
  });
});
