import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { failed, ok } from '../../../mocks/envelopes';
import { server } from '../../../mocks/server';
import { ticketRow } from '../../../mocks/tickets';
import { TicketMergeDialog } from '../../../src/resources/tickets/merge/TicketMergeDialog';
import { seriousAxeFindings } from '../axeFindings';
import { signInAs } from '../sessionFixtures';
import { renderWithAdmin } from './renderTickets';

const source = ticketRow(1, { subject: 'Printer offline again' });
const candidates = [
  source,
  ticketRow(2, { subject: 'Printer offline' }),
  ticketRow(3, { subject: 'Printer toner' }),
  ticketRow(4, { subject: 'Closed printer ticket', status: 'CLOSED' }),
  ticketRow(5, { subject: 'Merged printer ticket', mergedIntoId: ticketRow(2).id }),
];

let searches: Record<string, unknown>[];
let merges: { path: string; body: unknown }[];

beforeEach(() => {
  signInAs('admin');
  searches = [];
  merges = [];
  server.use(
    http.post('/api/v1/tickets/search', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      searches.push(body);
      const keyword = String(body.keyword ?? '').toLowerCase();
      return ok({ items: candidates.filter((t) => t.subject.toLowerCase().includes(keyword)), totalCount: 5, currentPage: 1, pageSize: 9 });
    }),
    http.post('/api/v1/tickets/:id/merge', async ({ request, params }) => {
      merges.push({ path: `/tickets/${String(params.id)}/merge`, body: await request.json() });
      const intoId = (merges.at(-1)!.body as { intoId: string }).intoId;
      if (intoId === candidates[2].id) return failed(409, 'That ticket is closed: reopen it first, or pick another one');
      return ok(
        candidates.find((t) => t.id === intoId),
        'Ticket merged',
      );
    }),
  );
});

const renderDialog = (onMerged = vi.fn()) => {
  renderWithAdmin(<TicketMergeDialog source={source} open onClose={() => {}} onMerged={onMerged} />);
  return onMerged;
};

describe('the merge dialog', () => {
  it('offers the partner’s other open tickets, picks by keyboard, and merges into the one chosen', async () => {
    const user = userEvent.setup();
    const onMerged = renderDialog();
    const options = await screen.findAllByRole('radio');
    // Not the ticket itself, not a closed one, not one merged already.
    expect(options.map((o) => o.closest('label')!.textContent)).toEqual([
      `#${candidates[1].id.slice(0, 8)}Printer offline`,
      `#${candidates[2].id.slice(0, 8)}Printer toner`,
    ]);
    expect(searches[0]).toMatchObject({ partnerId: source.partnerId });
    expect(options[0]).toBeChecked();
    expect(screen.getByTestId('ticket-merge-selected')).toHaveTextContent('Into #' + candidates[1].id.slice(0, 8));

    // The search box has focus: Tab reaches the chosen radio, arrows move the choice.
    expect(screen.getByTestId('ticket-merge-search')).toHaveFocus();
    await user.tab();
    expect(options[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('radio')[1]).toBeChecked();
    await user.keyboard('{ArrowUp}');
    expect(screen.getAllByRole('radio')[0]).toBeChecked();

    await user.click(screen.getByTestId('ticket-merge-confirm'));
    await waitFor(() => expect(onMerged).toHaveBeenCalledWith(expect.objectContaining({ id: candidates[1].id })));
    expect(merges).toEqual([{ path: `/tickets/${source.id}/merge`, body: { intoId: candidates[1].id } }]);
  });

  it('searches by subject, or by id when the text reads like one, and says when nothing matches', async () => {
    const user = userEvent.setup();
    renderDialog();
    await screen.findAllByRole('radio');
    await user.type(screen.getByTestId('ticket-merge-search'), 'toner');
    await waitFor(() => expect(screen.getAllByRole('radio')).toHaveLength(1));
    expect(searches.at(-1)).toMatchObject({ keyword: 'toner' });
    await user.clear(screen.getByTestId('ticket-merge-search'));
    await user.type(screen.getByTestId('ticket-merge-search'), 'zzz');
    expect(await screen.findByTestId('ticket-merge-none')).toHaveTextContent('No other open ticket of this partner matches.');
    expect(screen.getByTestId('ticket-merge-confirm')).toBeDisabled();
    await user.clear(screen.getByTestId('ticket-merge-search'));
    await user.type(screen.getByTestId('ticket-merge-search'), candidates[2].id.slice(0, 8));
    await waitFor(() => expect(searches.at(-1)).toMatchObject({ id: candidates[2].id.slice(0, 8) }));
  });

  it('has no serious or critical axe finding', async () => {
    renderDialog();
    await screen.findAllByRole('radio');
    expect(await seriousAxeFindings(screen.getByTestId('ticket-merge-dialog'))).toEqual([]);
  });

  it('a refused merge is told and leaves the dialog open for another pick', async () => {
    const user = userEvent.setup();
    const onMerged = renderDialog();
    await user.click((await screen.findAllByRole('radio'))[1]);
    await user.click(screen.getByTestId('ticket-merge-confirm'));
    expect(await screen.findByText('That ticket is closed: reopen it first, or pick another one')).toBeInTheDocument();
    expect(onMerged).not.toHaveBeenCalled();
    expect(screen.getByTestId('ticket-merge-dialog')).toBeInTheDocument();
  });
});
