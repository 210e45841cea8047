import { describe, expect, it } from 'vitest';
import type { FileGrantDto } from '../../contract/files';
import type { TicketDto, TicketMessageDto } from '../../contract/tickets';
import { useDemoServer } from './factories';
import { makeManagedFile } from './fileFixtures';
import { partnerWithForm } from './partnerFormsFixtures';

/** The hot writes' plain SQL runs on the PGlite fallback too (no pool there: the statements go by text). */
const demo = useDemoServer({ databaseEngine: 'pglite' });
const { server, make, token, partnerIds } = demo;
const ACME = 'partner@acme.example';
const ADMIN = 'admin@example.com';
const HOUR = 60 * 60 * 1000;

describe('the hot writes on PGlite', () => {
  it('Save Draft, a chat message, a status change and the grant writes answer as on PostgreSQL', async () => {
    expect(server.built.database.kind).toBe('pglite');
    const form = await partnerWithForm(demo);
    expect((await form.save({ companyName: 'On PGlite' })).body.data).toMatchObject({ answers: { companyName: 'On PGlite' } });

    const ticket = await make.ticket(token(ACME));
    const message = await server.api<TicketMessageDto>('POST', `/api/v1/tickets/${ticket.id}/messages`, { token: token(ACME), body: { body: 'Hello' } });
    expect(message.status).toBe(201);
    expect(message.body.data).toMatchObject({ ticketId: ticket.id, body: 'Hello', authorIsStaff: false });
    const closed = await server.api<TicketDto>('PUT', `/api/v1/tickets/${ticket.id}`, { token: token(ACME), body: { status: 'CLOSED' } });
    expect(closed.body.data).toMatchObject({ status: 'CLOSED', lastMessageAt: message.body.data!.createdAt });

    const file = await makeManagedFile(demo);
    const from = new Date(Date.now() - HOUR).toISOString();
    const to = new Date(Date.now() + HOUR).toISOString();
    const created = await server.api<FileGrantDto>('POST', '/api/v1/file-grants', {
      token: token(ADMIN),
      body: { fileId: file.id, conditionType: 'partner', targetId: partnerIds['Acme Logistics'], from, to },
    });
    expect(created.status).toBe(201);
    const changed = await server.api<FileGrantDto>('PUT', `/api/v1/file-grants/${created.body.data!.id}`, {
      token: token(ADMIN),
      body: { from, to, note: 'Changed' },
    });
    expect(changed.body.data).toMatchObject({ note: 'Changed', partnerId: partnerIds['Acme Logistics'] });
  });
});
