import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TicketMessageDto } from '../../contract/tickets';
import { formVersions, ticketMessages, tickets } from '../../server/db/schema';
import { awaitingOf, partnerWithUser } from './dashboardFixtures';
import { expectEnvelope } from './expectations';
import { useDemoServer } from './factories';
import { makeFormVersion, partnerWithForm, validAnswers } from './partnerFormsFixtures';

const demo = useDemoServer();
const { server, make, token } = demo;
const admin = () => token('admin@example.com');
const support = () => token('support@example.com');

const write = async (ticketId: string, as: string, body = 'A message') =>
  expectEnvelope(await server.api<TicketMessageDto>('POST', `/api/v1/tickets/${ticketId}/messages`, { token: as, body: { body } }), 201).body.data!;

describe('whose answer a ticket awaits', () => {
  it('a ticket raised by a partner user awaits staff from its creation; one raised by staff awaits the partner', async () => {
    const { partner, user } = await partnerWithUser(demo);
    const byPartner = await make.ticket(user.token);
    expect(await awaitingOf(demo, byPartner.id)).toEqual({ side: 'staff', since: new Date(byPartner.createdAt) });
    const byStaff = await make.ticket(admin(), { partnerId: partner.id });
    expect(await awaitingOf(demo, byStaff.id)).toEqual({ side: 'partner', since: new Date(byStaff.createdAt) });
  });

  it("flips on the awaited side's first message and keeps its time through that side's further messages", async () => {
    const { user } = await partnerWithUser(demo);
    const ticket = await make.ticket(user.token);
    const created = await awaitingOf(demo, ticket.id);

    // The partner writes again: still staff's turn, waiting since the creation.
    await write(ticket.id, user.token, 'Any news?');
    expect(await awaitingOf(demo, ticket.id)).toEqual(created);

    const answer = await write(ticket.id, support(), 'We are on it');
    expect(await awaitingOf(demo, ticket.id)).toEqual({ side: 'partner', since: new Date(answer.createdAt) });
    // Another staff member adds a word: still the partner's turn since staff's first.
    await write(ticket.id, admin(), 'And one more detail');
    expect(await awaitingOf(demo, ticket.id)).toEqual({ side: 'partner', since: new Date(answer.createdAt) });

    const reply = await write(ticket.id, user.token, 'Thanks, here it is');
    expect(await awaitingOf(demo, ticket.id)).toEqual({ side: 'staff', since: new Date(reply.createdAt) });
  });

  it('the demo tickets await the side that did not write last, since its first unanswered word', async () => {
    const db = server.built.database.db;
    const demoTickets = await db.select().from(tickets).where(eq(tickets.subject, 'Cannot upload the signed contract'));
    expect(demoTickets.length).toBeGreaterThan(0);
    const sides = [];
    for (const ticket of demoTickets) {
      const chat = await db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, ticket.id)).orderBy(ticketMessages.createdAt);
      // The seed's OPEN tickets: the partner wrote, support answered; Globex's partner wrote again since (it waits for us).
      const last = chat.at(-1)!;
      const side = last.authorId === ticket.createdBy ? 'staff' : 'partner';
      expect({ side: ticket.awaitingSide, since: ticket.awaitingSince }).toEqual({ side, since: last.createdAt });
      sides.push(side);
    }
    expect(sides.sort()).toEqual(['partner', 'staff']);
  });
});

describe('a partner form sent back stays "reopened" until submitted again', () => {
  it('a reopen sets reopened_at, a submit clears it', async () => {
    const form = await partnerWithForm(demo);
    expect((await form.row()).reopenedAt).toBeNull();
    expectEnvelope(await form.submit(validAnswers()), 200);
    expectEnvelope(await server.api('POST', `${form.url}/reopen`, { token: admin(), body: { note: 'Check the tax number' } }), 200);
    expect((await form.row()).reopenedAt).toBeInstanceOf(Date);
    expectEnvelope(await form.save({ companyName: 'Still reopened while filling' }), 200);
    expect((await form.row()).reopenedAt).toBeInstanceOf(Date);
    expectEnvelope(await form.submit(validAnswers()), 200);
    expect((await form.row()).reopenedAt).toBeNull();
  });

  it('reopening a submitted form on a newer version (the migration) sets reopened_at', async () => {
    const form = await partnerWithForm(demo);
    expectEnvelope(await form.submit(validAnswers()), 200);
    const db = server.built.database.db;
    await db.update(formVersions).set({ status: 'Outdate' }).where(eq(formVersions.id, form.version.id));
    await makeFormVersion(db, make, { definitionId: form.version.definitionId, versionNumber: 2, name: form.version.name });
    const migrated = await server.api<{ outcome: string }[]>('POST', '/api/v1/partner-forms/migrate', {
      token: admin(),
      body: { ids: [form.partnerForm.id], action: 'reopen' },
    });
    expect(expectEnvelope(migrated, 200).body.data![0].outcome).toBe('reopened');
    expect(await form.row()).toMatchObject({ status: 'OPEN', reopenedAt: expect.any(Date) });
  });
});
