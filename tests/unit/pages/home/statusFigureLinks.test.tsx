import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TICKET_STATUSES } from '../../../../contract/tickets';
import { ticketsWithStatusRoute } from '../../../../src/pages/home/staff/TicketsByStatusCard';
import { LOAD } from '../../renderWithRouter';
import { signInAs } from '../../sessionFixtures';
import { mockDashboard, staffDashboard } from './dashboardMock';
import { renderHome } from './renderHome';

const figuresOf = async (title: string, listName = title) =>
  within(within(await screen.findByRole('region', { name: title }, LOAD)).getByRole('list', { name: listName }));

describe("staff Home's ticket figures", () => {
  it('are links that say what they open, each to the ticket manager filtered on its status', async () => {
    mockDashboard(() => staffDashboard());
    signInAs('admin');
    renderHome();
    const figures = await figuresOf('Tickets by status');
    const counts = { OPEN: 12, PENDING: 3, RESOLVED: 20, CLOSED: 5 };
    const words = { OPEN: 'Open', PENDING: 'Pending', RESOLVED: 'Resolved', CLOSED: 'Closed' };
    for (const status of TICKET_STATUSES) {
      const link = figures.getByRole('link', { name: `${words[status]} tickets: ${counts[status]}` });
      expect(link).toHaveAttribute('href', `/ticket-management?filter=${encodeURIComponent(`{"status":"${status}"}`)}`);
    }
  });

  it('open the filtered ticket manager from the keyboard', async () => {
    const user = userEvent.setup();
    mockDashboard(() => staffDashboard());
    signInAs('admin');
    renderHome();
    const pending = (await figuresOf('Tickets by status')).getByRole('link', { name: 'Pending tickets: 3' });
    pending.focus();
    await user.keyboard('{Enter}');
    expect(ticketsWithStatusRoute('PENDING')).toBe('/ticket-management?filter=%7B%22status%22%3A%22PENDING%22%7D');
    expect(await screen.findByTestId('current-path')).toHaveTextContent(ticketsWithStatusRoute('PENDING'));
  });

  it('speak Vietnamese to a Vietnamese reader', async () => {
    mockDashboard(() => staffDashboard());
    signInAs('admin');
    renderHome('vi');
    const figures = await figuresOf('Yêu cầu hỗ trợ theo trạng thái');
    expect(figures.getByRole('link', { name: 'Mở: 12 yêu cầu' })).toHaveAttribute('href', ticketsWithStatusRoute('OPEN'));
    expect(figures.getByRole('link', { name: 'Đã đóng: 5 yêu cầu' })).toHaveAttribute('href', ticketsWithStatusRoute('CLOSED'));
  });
});
