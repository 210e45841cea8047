import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TicketStatusChip } from '../../../src/resources/tickets/TicketStatusChip';
import { TicketStatusIcon } from '../../../src/resources/tickets/TicketStatusIcon';
import { displayStatus } from '../../../src/resources/tickets/ticketStatus';
import { renderWithAdmin } from './renderTickets';

const CASES = [
  ['OPEN', 'Open', 'Info'],
  ['PENDING', 'Pending', 'Warning'],
  ['RESOLVED', 'Resolved', 'Success'],
  ['CLOSED', 'Closed', 'Error'],
] as const;

describe('ticket status', () => {
  it.each(CASES)('shows %s as a chip labelled %s in the %s colour', async (status, label, colour) => {
    renderWithAdmin(<TicketStatusChip status={status} />);
    const chip = await screen.findByTestId('ticket-status');
    expect(chip).toHaveTextContent(label);
    expect(chip).toHaveClass(`MuiChip-color${colour}`);
  });

  it('shows an unknown status as open', async () => {
    renderWithAdmin(<TicketStatusChip status="IN_PROGRESS" />);
    const chip = await screen.findByTestId('ticket-status');
    expect(chip).toHaveTextContent('Open');
    expect(chip).toHaveClass('MuiChip-colorInfo');
    expect([displayStatus(undefined), displayStatus(null), displayStatus('closed')]).toEqual(['OPEN', 'OPEN', 'CLOSED']);
  });

  it('labels the chip in Vietnamese', async () => {
    renderWithAdmin(<TicketStatusChip status="RESOLVED" />, { language: 'vi' });
    expect(await screen.findByTestId('ticket-status')).toHaveTextContent('Đã giải quyết');
  });

  it.each(CASES)('shows %s in the manager as an icon in its colour with the label %s as tooltip', async (status, label, colour) => {
    renderWithAdmin(<TicketStatusIcon status={status} />);
    const icon = await screen.findByTestId('ticket-status-icon');
    expect(icon.querySelector('svg')).toHaveClass(`MuiSvgIcon-color${colour}`);
    expect(icon).toHaveAccessibleName(label);
    await userEvent.hover(icon);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(label);
  });
});
