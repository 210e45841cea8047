import { useState } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TicketDto, TicketStatus } from '../../../contract/tickets';
import { created, failed, ok } from '../../../mocks/envelopes';
import { server } from '../../../mocks/server';
import { ticketRow } from '../../../mocks/tickets';
import { SatisfactionCard } from '../../../src/pages/home/staff/SatisfactionCard';
import { TicketRatingCard } from '../../../src/resources/tickets/rating/TicketRatingCard';
import { seriousAxeFindings } from '../axeFindings';
import { signInAs } from '../sessionFixtures';
import { renderWithAdmin } from './renderTickets';

let sent: unknown[];

beforeEach(() => {
  sent = [];
  server.use(
    http.post('/api/v1/tickets/:id/rating', async ({ request, params }) => {
      const body = (await request.json()) as { score: number; comment: string };
      sent.push(body);
      if (body.comment === 'twice') return failed(409, 'This ticket was already rated');
      const rating = { score: body.score, comment: body.comment || null, ratedAt: '2026-11-20T10:00:00.000Z', ratedByName: 'Bình Trần' };
      return created(ticketRow(1, { id: String(params.id), status: 'RESOLVED', rating }), 'Thank you for your rating');
    }),
  );
});

/** The card as the ticket page holds it: the ticket it was given, replaced by the answer once rated. */
function Page({ start, status = 'RESOLVED', partnerReader }: { start: TicketDto; status?: TicketStatus; partnerReader: boolean }) {
  const [ticket, setTicket] = useState(start);
  return <TicketRatingCard ticket={ticket} status={status} partnerReader={partnerReader} onRated={setTicket} />;
}

describe('the rating card', () => {
  it('lets the partner choose stars by keyboard, add a comment and send it once; then shows the rating', async () => {
    signInAs('partner');
    const user = userEvent.setup();
    renderWithAdmin(<Page start={ticketRow(1, { status: 'RESOLVED' })} partnerReader />);
    expect(await screen.findByRole('heading', { name: 'How did we do?' })).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Your rating' });
    expect(group).toBeInTheDocument();

    await user.click(screen.getByTestId('ticket-rating-submit'));
    expect(screen.getByRole('alert')).toHaveTextContent('Pick 1 to 5 stars');
    expect(sent).toEqual([]);

    // Arrow keys move along the stars as in any radio group.
    act(() => screen.getByRole('radio', { name: '3 stars' }).focus());
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '3 stars' })).toBeChecked();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await user.type(screen.getByRole('textbox', { name: 'Comment (optional)' }), 'Quick and kind');
    await user.click(screen.getByTestId('ticket-rating-submit'));

    await waitFor(() => expect(sent).toEqual([{ score: 4, comment: 'Quick and kind' }]));
    expect(await screen.findByRole('heading', { name: 'Partner rating' })).toBeInTheDocument();
    expect(screen.getByText('4 out of 5')).toBeInTheDocument();
    expect(screen.getByTestId('ticket-rating-comment')).toHaveTextContent('Quick and kind');
    expect(screen.queryByTestId('ticket-rating-submit')).toBeNull();
  });

  it('tells a refusal and keeps the form', async () => {
    signInAs('partner');
    const user = userEvent.setup();
    renderWithAdmin(<Page start={ticketRow(1, { status: 'RESOLVED' })} partnerReader />);
    await screen.findByTestId('ticket-rating');
    act(() => screen.getByRole('radio', { name: '4 stars' }).focus());
    await user.keyboard('{ArrowRight}');
    await user.type(screen.getByRole('textbox', { name: 'Comment (optional)' }), 'twice');
    await user.click(screen.getByTestId('ticket-rating-submit'));
    expect(await screen.findByText('This ticket was already rated')).toBeInTheDocument();
    expect(screen.getByTestId('ticket-rating-submit')).toBeEnabled();
  });

  it('shows staff the rating read-only, and nothing while unrated; a partner sees no form before resolution', async () => {
    signInAs('admin');
    const rating = { score: 2, comment: 'Slow', ratedAt: '2026-11-20T10:00:00.000Z', ratedByName: 'Bình Trần' };
    const { unmount } = renderWithAdmin(<Page start={ticketRow(1, { status: 'CLOSED', rating })} status="CLOSED" partnerReader={false} />);
    expect(await screen.findByText('2 out of 5')).toBeInTheDocument();
    expect(screen.getByText(/Rated by Bình Trần/)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
    unmount();

    renderWithAdmin(<Page start={ticketRow(1, { status: 'RESOLVED' })} partnerReader={false} />);
    signInAs('partner');
    renderWithAdmin(<Page start={ticketRow(2, { status: 'OPEN' })} status="OPEN" partnerReader />);
    await waitFor(() => expect(screen.queryByTestId('ticket-rating')).toBeNull());
  });

  it('the form and the rating shown have no serious or critical axe finding', async () => {
    signInAs('partner');
    const { container } = renderWithAdmin(<Page start={ticketRow(1, { status: 'RESOLVED' })} partnerReader />);
    await screen.findByTestId('ticket-rating-stars');
    expect(await seriousAxeFindings(container)).toEqual([]);
    const rating = { score: 3, comment: 'Fine', ratedAt: '2026-11-20T10:00:00.000Z', ratedByName: 'Bình Trần' };
    const shown = renderWithAdmin(<Page start={ticketRow(2, { status: 'RESOLVED', rating })} partnerReader />);
    await waitFor(() => expect(shown.container).toHaveTextContent('3 out of 5'));
    expect(await seriousAxeFindings(shown.container)).toEqual([]);
  });

  it('speaks Vietnamese', async () => {
    signInAs('partner');
    renderWithAdmin(<Page start={ticketRow(1, { status: 'RESOLVED' })} partnerReader />, { language: 'vi' });
    expect(await screen.findByRole('heading', { name: 'Chúng tôi hỗ trợ thế nào?' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '4 sao' })).toBeInTheDocument();
  });
});

describe('the satisfaction figure on staff Home', () => {
  it('shows the 30-day average and count to staff who may read ratings', async () => {
    signInAs('admin');
    server.use(http.get('/api/v1/ticket-ratings/summary', () => ok({ average: 4.5, count: 3, days: 30 })));
    renderWithAdmin(<SatisfactionCard />);
    const card = await screen.findByRole('region', { name: 'Satisfaction' });
    expect(card).toHaveTextContent('4.5 / 5');
    expect(card).toHaveTextContent('3 ratings in the last 30 days');
  });

  it('says when nobody rated, and asks nothing for a partner', async () => {
    let asked = 0;
    server.use(
      http.get('/api/v1/ticket-ratings/summary', () => {
        asked += 1;
        return ok({ average: null, count: 0, days: 30 });
      }),
    );
    signInAs('admin');
    const { unmount } = renderWithAdmin(<SatisfactionCard />);
    expect(await screen.findByTestId('dashboard-satisfaction')).toHaveTextContent('No ratings in the last 30 days');
    unmount();
    asked = 0;
    signInAs('partner');
    renderWithAdmin(<SatisfactionCard />);
    await waitFor(() => expect(screen.queryByTestId('dashboard-satisfaction')).toBeNull());
    expect(asked).toBe(0);
  });
});
