import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ok } from '../../../mocks/envelopes';
import { helpCenterMock } from '../../../mocks/helpCenter';
import { server } from '../../../mocks/server';
import { ticketsMock } from '../../../mocks/tickets';
import { TicketCreateDialog } from '../../../src/resources/tickets/TicketCreateDialog';
import { signInAs } from '../sessionFixtures';
import { renderWithAdmin } from '../tickets/renderTickets';

/** Issue 39: the help center's suggestions beside a partner's ticket draft, and "This answered my question". */
function renderDraft(needsPartner = false) {
  signInAs(needsPartner ? 'admin' : 'partner');
  const onClose = vi.fn();
  const onCreated = vi.fn();
  renderWithAdmin(<TicketCreateDialog needsPartner={needsPartner} onClose={onClose} onCreated={onCreated} />);
  return { onClose, onCreated };
}

describe('suggestions while a partner writes a ticket', () => {
  it('shows the best articles for the subject once typing pauses; one that answers ends the draft with nothing created', async () => {
    const user = userEvent.setup();
    const { onClose, onCreated } = renderDraft();
    await user.type(await screen.findByTestId('ticket-subject'), 'forgot my password');
    const suggestions = within(await screen.findByTestId('ticket-suggestions'));
    expect(suggestions.getByRole('heading', { name: 'These articles may answer your question' })).toBeInTheDocument();
    expect(suggestions.getAllByRole('listitem')).toHaveLength(1);
    expect(helpCenterMock.writes.filter((w) => w.path === '/api/v1/help/suggestions').map((w) => w.body)).toEqual([
      { subject: 'forgot my password', description: '', lang: 'en' },
    ]);

    await user.click(suggestions.getByRole('button', { name: 'Read Reset your password' }));
    const article = within(await screen.findByRole('dialog', { name: 'Reset your password' }));
    expect(await article.findByText('Profile', { selector: 'strong' })).toBeInTheDocument();
    await user.click(article.getByRole('button', { name: 'This answered my question' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('Glad it helped: no ticket was created.')).toBeInTheDocument();
    expect(helpCenterMock.writes.at(-1)).toEqual({
      method: 'POST',
      path: '/api/v1/help/deflections',
      body: { articleId: '0a000000-0000-4000-8000-000000000001', query: 'forgot my password' },
    });
    expect(ticketsMock.writes).toEqual([]);
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('cancels the request of a draft the partner has typed past', async () => {
    const asked: { subject: string; aborted: boolean }[] = [];
    server.use(
      http.post('/api/v1/help/suggestions', async ({ request }) => {
        const entry = { subject: ((await request.clone().json()) as { subject: string }).subject, aborted: false };
        asked.push(entry);
        if (asked.length === 1) {
          // The first draft's answer never comes: only its cancellation ends the request.
          await new Promise((resolve) => request.signal.addEventListener('abort', resolve));
          entry.aborted = true;
        }
        return ok([
          { id: '0a000000-0000-4000-8000-000000000002', slug: 'pay-an-invoice', language: 'en', title: 'Pay an invoice', snippet: 'Invoices', rank: 1 },
        ]);
      }),
    );
    const user = userEvent.setup();
    renderDraft();
    const subject = await screen.findByTestId('ticket-subject');
    await user.type(subject, 'invoice');
    await waitFor(() => expect(asked).toHaveLength(1));
    await user.type(subject, ' unpaid');
    expect(await screen.findByRole('button', { name: 'Read Pay an invoice' })).toBeInTheDocument();
    expect(asked).toEqual([
      { subject: 'invoice', aborted: true },
      { subject: 'invoice unpaid', aborted: false },
    ]);
  });
});
