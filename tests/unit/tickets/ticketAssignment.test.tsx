import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { PagedResult } from '../../../contract/envelope';
import { TICKET_PRIORITIES, type TicketDto } from '../../../contract/tickets';
import { adminClaims } from '../../../mocks/accounts';
import { ok } from '../../../mocks/envelopes';
import { server } from '../../../mocks/server';
import { assignmentMock } from '../../../mocks/ticketAssignment';
import { ticketsMock } from '../../../mocks/tickets';
import { AssignmentSettingsCard } from '../../../src/pages/supportDesk/AssignmentSettingsCard';
import { AssignTicketDialog } from '../../../src/resources/tickets/assignment/AssignTicketDialog';
import { AvailabilitySwitch } from '../../../src/resources/tickets/assignment/AvailabilitySwitch';
import { TicketAssignmentPanel } from '../../../src/resources/tickets/assignment/TicketAssignmentPanel';
import { TicketPriorityChip } from '../../../src/resources/tickets/assignment/TicketPriorityChip';
import TicketListPage from '../../../src/resources/tickets/TicketListPage';
import { TicketCreateDialog } from '../../../src/resources/tickets/TicketCreateDialog';
import { ticketRow } from '../../../mocks/tickets';
import { created } from '../../../mocks/envelopes';
import { signInAs } from '../sessionFixtures';
import { renderWithAdmin } from './renderTickets';

const writesTo = (suffix: string) => assignmentMock.writes.filter((w) => w.path.endsWith(suffix)).map((w) => w.body);

describe('the priority chip', () => {
  it.each([
    ['LOW', 'Low', 'Thấp'],
    ['NORMAL', 'Normal', 'Bình thường'],
    ['HIGH', 'High', 'Cao'],
    ['URGENT', 'Urgent', 'Khẩn cấp'],
  ])('shows %s as an icon with the label %s (vi %s)', async (priority, en, vi) => {
    const { unmount } = renderWithAdmin(<TicketPriorityChip priority={priority} />);
    const chip = await screen.findByTestId('ticket-priority');
    expect(chip).toHaveTextContent(en);
    expect(chip.querySelector('svg')).not.toBeNull();
    unmount();
    renderWithAdmin(<TicketPriorityChip priority={priority} />, { language: 'vi' });
    expect(await screen.findByTestId('ticket-priority')).toHaveTextContent(vi);
  });

  it('shows an unknown value as normal', async () => {
    renderWithAdmin(<TicketPriorityChip priority="SOON" />);
    expect(await screen.findByTestId('ticket-priority')).toHaveAttribute('data-priority', 'NORMAL');
  });
});

describe("the ticket page's assignment panel", () => {
  it('staff assign the ticket to themselves and set its priority', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    const onChanged = vi.fn();
    const ticket = ticketsMock.tickets[0];
    renderWithAdmin(<TicketAssignmentPanel ticket={ticket} onChanged={onChanged} />);
    expect(await screen.findByTestId('ticket-assignee')).toHaveTextContent('Unassigned');
    await user.click(await screen.findByRole('button', { name: 'Assign to me' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(writesTo('/assignee')).toEqual([{ assigneeId: 'me', note: '' }]);
    expect(ticketsMock.tickets[0]).toMatchObject({ assigneeId: adminClaims.sub, assigneeName: adminClaims.fullName });

    await user.click(screen.getByTestId('ticket-priority-select'));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.getAttribute('data-value'))).toEqual([...TICKET_PRIORITIES]);
    await user.click(options[3]);
    await waitFor(() => expect(writesTo('/priority')).toEqual([{ priority: 'URGENT' }]));
    expect(await screen.findByTestId('toast-success')).toBeInTheDocument();
  });

  it('a partner reads the assignee and priority without any control', async () => {
    signInAs('partner');
    renderWithAdmin(<TicketAssignmentPanel ticket={{ ...ticketsMock.tickets[0], assigneeName: 'An Nguyễn', priority: 'HIGH' }} onChanged={vi.fn()} />);
    expect(await screen.findByTestId('ticket-assignee')).toHaveTextContent('An Nguyễn');
    expect(screen.getByTestId('ticket-priority')).toHaveTextContent('High');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByTestId('ticket-priority-select')).toBeNull();
  });
});

describe('the reassign dialog', () => {
  it('lists who handles tickets (available ones marked) and sends the choice with a note', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    const onChanged = vi.fn();
    const onClose = vi.fn();
    renderWithAdmin(<AssignTicketDialog record={ticketsMock.tickets[0]} onChanged={onChanged} onClose={onClose} />);
    const save = await screen.findByTestId('assign-ticket-save');
    expect(save).toBeDisabled();
    await user.click(screen.getByTestId('assign-ticket-select'));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Nobody (unassigned)', 'An Nguyễn (available)', 'Bảo Lê']);
    await user.click(options[2]);
    await user.type(screen.getByTestId('assign-ticket-note'), 'Knows the billing system');
    await user.click(save);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writesTo('/assignee')).toEqual([{ assigneeId: assignmentMock.assignees[1].id, note: 'Knows the billing system' }]);
    expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ assigneeName: 'Bảo Lê' }));
  });
});

describe('teams', () => {
  it('the reassign dialog hands the ticket to a team, sending teamId only when it changes', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    const onClose = vi.fn();
    renderWithAdmin(<AssignTicketDialog record={ticketsMock.tickets[0]} onChanged={vi.fn()} onClose={onClose} />);
    await user.click(await screen.findByTestId('assign-team-select'));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Billing' }));
    await user.click(screen.getByTestId('assign-ticket-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writesTo('/assignee')).toEqual([{ assigneeId: null, note: '', teamId: assignmentMock.teams[0].id }]);
    expect(ticketsMock.tickets[0].teamName).toBe('Billing');
  });

  it('the settings card adds and removes a team', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    renderWithAdmin(<AssignmentSettingsCard />);
    await user.type(await screen.findByTestId('support-team-name'), 'Tier 2');
    await user.click(screen.getByTestId('support-team-add'));
    const teams = await screen.findByTestId('support-teams');
    await waitFor(() =>
      expect(
        within(teams)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['Billing', 'Tier 2']),
    );
    await user.click(within(teams).getByLabelText('Remove team Billing'));
    await waitFor(() =>
      expect(
        within(teams)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['Tier 2']),
    );
    expect(assignmentMock.writes.filter((w) => w.path.includes('/teams')).map((w) => w.method)).toEqual(['POST', 'DELETE']);
  });
});

describe('availability', () => {
  it('reads my availability and switches it', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    renderWithAdmin(<AvailabilitySwitch />);
    const toggle = await screen.findByRole('switch', { name: 'Available for new tickets' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(writesTo('/availability')).toEqual([{ available: true }]);
  });

  it('is not there for a partner (no request either)', async () => {
    signInAs('partner');
    const { container } = renderWithAdmin(<AvailabilitySwitch />);
    await waitFor(() => expect(container).toBeEmptyDOMElement());
    expect(screen.queryByRole('switch')).toBeNull();
  });
});

describe('the assignment settings card', () => {
  it('turns auto-assignment on and maps a category to a priority', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    renderWithAdmin(<AssignmentSettingsCard />);
    expect(await screen.findByTestId('assignment-available')).toHaveTextContent('Available now: An Nguyễn');
    await user.click(screen.getByRole('switch', { name: 'Assign new tickets automatically' }));
    await user.click(screen.getByRole('combobox', { name: 'Service down' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Urgent' }));
    await user.click(screen.getByTestId('assignment-settings-save'));
    await waitFor(() => expect(writesTo('/assignment')).toEqual([{ autoAssign: true, categoryPriorities: { OUTAGE: 'URGENT' } }]));
    expect(await screen.findByTestId('toast-success')).toHaveTextContent('Assignment settings saved');
  });

  it('is in Vietnamese', async () => {
    signInAs('admin');
    renderWithAdmin(<AssignmentSettingsCard />, { language: 'vi' });
    expect(await screen.findByRole('heading', { name: 'Phân công' })).toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: 'Tự động phân công yêu cầu mới' })).toBeInTheDocument();
  });
});

describe('the ticket list views', () => {
  it('"Mine" and "Unassigned" ask the server for assigneeId me / none; my availability is beside them', async () => {
    const user = userEvent.setup();
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/v1/tickets/search', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        const items = ticketsMock.tickets.filter((t) =>
          body.assigneeId === 'none' ? !t.assigneeId : body.assigneeId === 'me' ? t.assigneeId === adminClaims.sub : true,
        );
        return ok<PagedResult<TicketDto>>({ items, totalCount: items.length, currentPage: 1, pageSize: 10 });
      }),
    );
    ticketsMock.tickets[1] = { ...ticketsMock.tickets[1], assigneeId: adminClaims.sub, assigneeName: adminClaims.fullName };
    signInAs('admin');
    renderWithAdmin(<TicketListPage />);
    const subjects = () => screen.getAllByTestId('ticket-row-subject').map((s) => s.textContent);
    await waitFor(() => expect(subjects()).toEqual(['Ticket 1', 'Ticket 2', 'Ticket 3']));
    await user.click(screen.getByRole('button', { name: 'Mine' }));
    await waitFor(() => expect(subjects()).toEqual(['Ticket 2']));
    expect(bodies.at(-1)).toMatchObject({ assigneeId: 'me' });
    await user.click(screen.getByRole('button', { name: 'Unassigned' }));
    await waitFor(() => expect(subjects()).toEqual(['Ticket 1', 'Ticket 3']));
    expect(bodies.at(-1)).toMatchObject({ assigneeId: 'none' });
    expect(screen.getByRole('switch', { name: 'Available for new tickets' })).toBeInTheDocument();
  });

  it('a partner sees the priority of each ticket but no views', async () => {
    signInAs('partner');
    renderWithAdmin(<TicketListPage />);
    await waitFor(() => expect(screen.getAllByTestId('ticket-priority')).toHaveLength(3));
    expect(screen.queryByTestId('ticket-views')).toBeNull();
  });
});

describe('the category of a new ticket', () => {
  it('is optional, offered in the partner’s language, and sent with the ticket', async () => {
    const user = userEvent.setup();
    const categories: (FormDataEntryValue | null)[] = [];
    server.use(
      http.post('/api/v1/tickets', async ({ request }) => {
        categories.push((await request.formData()).get('category'));
        return created(ticketRow(9, { priority: 'URGENT' }), 'The ticket has been created');
      }),
    );
    signInAs('partner');
    const onCreated = vi.fn();
    renderWithAdmin(<TicketCreateDialog needsPartner={false} onClose={() => undefined} onCreated={onCreated} />, { language: 'vi' });
    await user.type(await screen.findByTestId('ticket-subject'), 'Mất kết nối');
    await user.click(screen.getByTestId('ticket-category'));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Không chọn',
      'Câu hỏi chung',
      'Thanh toán',
      'Sự cố kỹ thuật',
      'Tài khoản và truy cập',
      'Dịch vụ ngừng hoạt động',
    ]);
    await user.click(options[5]);
    await user.click(screen.getByTestId('ticket-create-submit'));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(categories).toEqual(['OUTAGE']);
  });
});
