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
  ticketRow(3, { subject: 'Printer toner', id: '3b7e01aa-0000-4000-c000-000000000003' }),
  ticketRow(4, { subject: 'Closed printer ticket', status: 'CLOSED' }),
  ticketRow(5, { subject: 'Merged printer ticket', mergedIntoId: ticketRow(2).id }),
  ticketRow(6, { subject: 'Invoice 20261202 refused' }),
  ticketRow(7, { subject: 'Shop facade sign' }),
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
      // As the server does: a keyword finds a subject holding it, or an id starting with it.
      const keyword = String(body.keyword ?? '').toLowerCase();
      const items = candidates.filter((t) => t.subject.toLowerCase().includes(keyword) || t.id.startsWith(keyword));
      return ok({ items, totalCount: items.length, currentPage: 1, pageSize: 9 });
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
      `#${candidates[5].id.slice(0, 8)}Invoice 20261202 refused`,
      `#${candidates[6].id.slice(0, 8)}Shop facade sign`,
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

  it('finds a ticket by its subject or the start of its id, also when the subject words read like an id, and says when nothing matches', async () => {
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
    const search = async (query: string) => {
      await user.clear(screen.getByTestId('ticket-merge-search'));
      await user.type(screen.getByTestId('ticket-merge-search'), query);
      await waitFor(() => expect(searches.at(-1)).toMatchObject({ keyword: query }));
      return (await screen.findAllByRole('radio')).map((option) => option.closest('label')!.textContent);
    };
    // A number, a date and a word of a–f letters in a subject look like an id's start: they still find the subject.
    expect(await search('20261202')).toEqual([`#${candidates[5].id.slice(0, 8)}Invoice 20261202 refused`]);
    expect(await search('facade')).toEqual([`#${candidates[6].id.slice(0, 8)}Shop facade sign`]);
    expect(await search(candidates[2].id.slice(0, 8))).toEqual([`#${candidates[2].id.slice(0, 8)}Printer toner`]);
    // The number as the dialog shows it, "#" included.
    await user.clear(screen.getByTestId('ticket-merge-search'));
    await user.type(screen.getByTestId('ticket-merge-search'), `#${candidates[2].id.slice(0, 8)}`);
    await waitFor(() => expect(searches.at(-1)).toMatchObject({ keyword: candidates[2].id.slice(0, 8) }));
    expect(searches.some((body) => 'id' in body)).toBe(false);
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
