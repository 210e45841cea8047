import { describe, expect, it } from 'vitest';
import { permission } from '../../contract/permissions';
import type { TicketDto, TicketMessageDto } from '../../contract/tickets';
import { useDemoServer } from './factories';

/** A file sent in a ticket's chat belongs to the chat: only those who may read the chat may download it. */
const { server, token, partnerIds, make } = useDemoServer();

const ACME = 'partner@acme.example';

async function post<T>(urlPath: string, bearer: string, fields: Record<string, string>, file?: { name: string; text: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('files', new Blob([file.text], { type: 'text/plain' }), file.name);
  const response = await fetch(server.url + urlPath, { method: 'POST', headers: { authorization: `Bearer ${bearer}` }, body: form });
  return ((await response.json()) as { data: T }).data;
}

describe('files of a ticket and of its chat', () => {
  it('a user who may read the ticket but not its chat gets the ticket’s own files and a 404 for the chat’s', async () => {
    const ticket = await post<TicketDto>('/api/v1/tickets', token(ACME), { subject: 'Files' }, { name: 'ticket.txt', text: 'ticket file' });
    const message = await post<TicketMessageDto>(
      `/api/v1/tickets/${ticket.id}/messages`,
      token(ACME),
      { body: 'see file' },
      { name: 'chat.txt', text: 'chat file' },
    );
    const ticketFile = `/api/v1/tickets/${ticket.id}/attachments/${ticket.attachments[0].id}`;
    const chatFile = `/api/v1/tickets/${ticket.id}/attachments/${message.attachments[0].id}`;

    const reader = await make.userWith([permission('Tickets', 'View'), permission('Tickets', 'Search')], { partnerId: partnerIds['Acme Logistics'] });
    expect((await server.api('GET', ticketFile, { token: reader.token })).text).toBe('ticket file');
    const refused = await server.api('GET', chatFile, { token: reader.token });
    expect(refused.status).toBe(404);
    expect(refused.body.isSuccess).toBe(false);

    const chatReader = await make.userWith([permission('Tickets', 'View'), permission('TicketConversations', 'View')], {
      partnerId: partnerIds['Acme Logistics'],
    });
    expect((await server.api('GET', chatFile, { token: chatReader.token })).text).toBe('chat file');
  });
});
