import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../mocks/server';
import { ticketsMock } from '../../../mocks/tickets';
import { PartnerTicketDetailPage } from '../../../src/resources/tickets/TicketDetailPage';
import { hub } from '../realtime/fakeSignalr';
import { signInAs } from '../sessionFixtures';
import { renderWithAdmin } from './renderTickets';

vi.mock('@microsoft/signalr', () => import('../realtime/fakeSignalr'));

const { realtime } = await import('../../../src/realtime/realtime');
let deactivate: () => void;
let saved: string[] = [];

beforeEach(async () => {
  hub.connection!.reset();
  signInAs('partner');
  deactivate = realtime.activate();
  await waitFor(() => expect(realtime.getState()).toBe('Connected'));
  saved = [];
  URL.createObjectURL = vi.fn(() => 'blob:test/1');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  deactivate();
  vi.restoreAllMocks();
});

describe('a ticket’s files', () => {
  it('show as chips and download with the token under the name the server gives', async () => {
    const ticket = ticketsMock.tickets[0];
    ticket.attachments = [{ id: '00000000-0000-4000-e000-000000000001', fileName: 'bao-cao.pdf', contentType: 'application/pdf', size: 2048 }];
    let authorization: string | null = null;
    server.use(
      http.get('/api/v1/tickets/:id/attachments/:attachmentId', ({ request }) => {
        authorization = request.headers.get('authorization');
        return new HttpResponse('%PDF-1.4', {
          headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="bao-cao.pdf"; filename*=UTF-8''B%C3%A1o%20c%C3%A1o.pdf` },
        });
      }),
    );
    renderWithAdmin(<PartnerTicketDetailPage />, { url: `/tickets/${ticket.id}/detail`, path: '/tickets/:id/detail' });

    const chip = await screen.findByTestId('attachment-chip');
    expect(chip).toHaveTextContent('bao-cao.pdf (2 KB)');
    await userEvent.setup().click(chip);
    await waitFor(() => expect(saved).toEqual(['Báo cáo.pdf']));
    expect(authorization).toMatch(/^Bearer /);
  });
});
