import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ticketsMock } from '../../../mocks/tickets';
import { TicketDescriptionCell } from '../../../src/resources/tickets/manager/TicketDescriptionCell';
import { TicketIdCell, shortTicketId } from '../../../src/resources/tickets/manager/TicketIdCell';
import { TicketAttachmentIcons } from '../../../src/resources/tickets/manager/TicketAttachmentIcons';
import { TicketStatusDialog } from '../../../src/resources/tickets/TicketStatusDialog';
import { signInAs } from '../sessionFixtures';
import { renderWithAdmin } from './renderTickets';

const ID = '3f2b9c1e-7a6d-4c1b-9e8f-0a1b2c3d4e5f';

afterEach(() => vi.restoreAllMocks());

describe('the ticket id column', () => {
  it('shows the first 8 characters and an ellipsis', async () => {
    renderWithAdmin(<TicketIdCell id={ID} />);
    expect(await screen.findByTestId('ticket-id')).toHaveTextContent(/^3f2b9c1e…$/);
    expect(shortTicketId('short')).toBe('short');
  });

  it('copies the whole id on a click and says so', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithAdmin(<TicketIdCell id={ID} />);
    await user.click(await screen.findByTestId('ticket-id'));
    expect(writeText).toHaveBeenCalledWith(ID);
    expect(await screen.findByTestId('toast-success')).toHaveTextContent(`Copied the ticket id ${ID}`);
  });
});

describe('the description column', () => {
  it('shows the sanitised HTML on one line, with an <img onerror> inert', async () => {
    const win = window as unknown as { __xss?: number };
    renderWithAdmin(<TicketDescriptionCell html={'<p>Hello <b>world</b></p><img src=x onerror="window.__xss=1"><script>window.__xss=2</script>'} />);
    const cell = await screen.findByTestId('ticket-description-cell');
    expect(cell).toHaveTextContent('Hello world');
    expect(cell.querySelector('b')).toHaveTextContent('world');
    expect(cell.querySelector('img, script')).toBeNull();
    expect(cell).toHaveStyle({ maxWidth: '350px', overflow: 'hidden' });
    expect(win.__xss).toBeUndefined();
  });
});

describe('the attachments column', () => {
  it('shows a dash without attachments and a file icon for each one', async () => {
    const { unmount } = renderWithAdmin(<TicketAttachmentIcons ticketId={ID} attachments={[]} />);
    expect(await screen.findByTestId('ticket-attachments-none')).toHaveTextContent('—');
    unmount();
    const files = ['a.pdf', 'b.png'].map((fileName, i) => ({ id: `att-${i}`, fileName, contentType: 'application/pdf', size: 10 }));
    renderWithAdmin(<TicketAttachmentIcons ticketId={ID} attachments={files} />);
    expect(await screen.findAllByTestId('ticket-attachment-icon')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Download b.png' })).toBeInTheDocument();
  });
});

describe('the edit dialog', () => {
  const ticket = () => ticketsMock.tickets[0];

  function renderDialog() {
    signInAs('admin');
    const onChanged = vi.fn();
    const onClose = vi.fn();
    renderWithAdmin(<TicketStatusDialog record={ticket()} onChanged={onChanged} onClose={onClose} />);
    return { onChanged, onClose };
  }

  it('offers the four statuses labelled as their values', async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.click(await screen.findByTestId('ticket-status-select'));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => [o.getAttribute('data-value'), o.textContent])).toEqual([
      ['OPEN', 'Open'],
      ['PENDING', 'Pending'],
      ['RESOLVED', 'Resolved'],
      ['CLOSED', 'Closed'],
    ]);
  });

  it('asks for confirmation and changes nothing when it is cancelled', async () => {
    const user = userEvent.setup();
    const { onChanged } = renderDialog();
    await user.click(await screen.findByTestId('ticket-status-select'));
    await user.click(await screen.findByTestId('ticket-status-option-CLOSED'));
    await user.click(screen.getByTestId('ticket-status-save'));
    const confirm = await screen.findByTestId('ticket-status-confirm');
    expect(confirm).toHaveTextContent('Change the status?');
    expect(
      within(confirm)
        .getAllByTestId('ticket-status')
        .map((chip) => chip.textContent),
    ).toEqual(['Open', 'Closed']);
    await user.click(within(confirm).getByTestId('ticket-status-confirm-cancel'));
    expect(await screen.findByTestId('ticket-status-dialog')).toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();
    expect(ticket().status).toBe('OPEN');
    expect(ticketsMock.writes).toEqual([]);
  });

  it('sends PUT /tickets/admin/{id} with ticketId and status once confirmed', async () => {
    const user = userEvent.setup();
    const { onChanged, onClose } = renderDialog();
    await user.click(await screen.findByTestId('ticket-status-select'));
    await user.click(await screen.findByTestId('ticket-status-option-RESOLVED'));
    await user.click(screen.getByTestId('ticket-status-save'));
    await user.click(await screen.findByTestId('ticket-status-confirm-confirm'));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ id: ticket().id, status: 'RESOLVED' })));
    expect(onClose).toHaveBeenCalled();
    expect(ticketsMock.writes).toEqual([{ method: 'PUT', path: `/api/v1/tickets/admin/${ticket().id}`, body: { ticketId: ticket().id, status: 'RESOLVED' } }]);
    expect(ticket().status).toBe('RESOLVED');
    expect(await screen.findByTestId('toast-success')).toHaveTextContent('The ticket is now Resolved');
  });

  it('keeps the status when the server refuses, and shows why', async () => {
    const user = userEvent.setup();
    ticketsMock.failNext = { status: 409, message: 'The request conflicts with the current state' };
    const { onChanged, onClose } = renderDialog();
    await user.click(await screen.findByTestId('ticket-status-select'));
    await user.click(await screen.findByTestId('ticket-status-option-PENDING'));
    await user.click(screen.getByTestId('ticket-status-save'));
    await user.click(await screen.findByTestId('ticket-status-confirm-confirm'));
    expect(await screen.findByTestId('toast-error')).toHaveTextContent('The request conflicts with the current state');
    expect(onChanged).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(ticket().status).toBe('OPEN');
    expect(await screen.findByTestId('ticket-status-dialog')).toBeInTheDocument();
  });
});
