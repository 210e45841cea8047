import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LOAD } from '../../renderWithRouter';
import { signInAs } from '../../sessionFixtures';
import { mockDashboard, partnerDashboard, staffDashboard } from './dashboardMock';
import { renderHome } from './renderHome';

const none = { total: 0, items: [] };
const section = (name: string) => screen.findByRole('region', { name }, LOAD);

describe('Home with nothing to show or no answer', () => {
  it('tells a partner with nothing due what comes next and lets them raise a ticket', async () => {
    mockDashboard(() => partnerDashboard({ onboarding: { assigned: 2, submitted: 2, due: none }, ticketsAwaitingAnswer: none, expiringFiles: none }));
    signInAs('partner');
    renderHome();
    expect(within(await section('Onboarding')).getByText("No forms due — you're all caught up")).toBeInTheDocument();
    const tickets = await section('Tickets waiting for your answer');
    expect(within(tickets).getByText('Need help? Raise a ticket and support will answer here.')).toBeInTheDocument();
    expect(within(await section('Files about to expire')).getByText('Access that ends within 7 days shows here.')).toBeInTheDocument();
    expect(within(await section('Recent notifications')).getByText('No notifications yet')).toBeInTheDocument();
    await userEvent.click(within(tickets).getByRole('button', { name: 'Raise a ticket' }));
    expect(await screen.findByRole('dialog', {}, LOAD)).toBeInTheDocument();
  });

  it('tells staff with empty sections where new items will come from', async () => {
    mockDashboard(() =>
      staffDashboard({
        ticketsByStatus: { OPEN: 0, PENDING: 0, RESOLVED: 0, CLOSED: 0 },
        ticketsWaitingForUs: none,
        funnel: [],
        fileRequestsWaiting: none,
        recentActivity: [],
      }),
    );
    signInAs('admin');
    renderHome('vi');
    expect(within(await section('Yêu cầu hỗ trợ theo trạng thái')).getByText('Chưa có yêu cầu hỗ trợ nào')).toBeInTheDocument();
    expect(within(await section('Tiến trình đăng ký')).getByText('Hãy giao biểu mẫu cho đối tác để theo dõi tiến trình đăng ký tại đây.')).toBeInTheDocument();
    expect(within(await section('Chờ chúng ta lâu nhất')).getByText('Không có đối tác nào đang chờ trả lời')).toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-chart')).not.toBeInTheDocument();
  });

  it('offers to try again when the dashboard cannot be loaded, and shows it once it answers', async () => {
    const sent = mockDashboard(() => staffDashboard(), { status: 503 });
    signInAs('admin');
    renderHome();
    const failed = await screen.findByTestId('dashboard-load-failed', {}, LOAD);
    expect(failed).toHaveTextContent('Your dashboard could not be loaded');
    sent.status = undefined;
    await userEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await section('Tickets by status')).toBeInTheDocument();
  });

  it('shows card-shaped skeletons while the dashboard loads, not a spinner', async () => {
    mockDashboard(() => staffDashboard());
    signInAs('admin');
    renderHome();
    expect(screen.getByRole('status', { name: 'Loading your dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await section('Tickets by status');
    await waitFor(() => expect(screen.queryByTestId('dashboard-skeleton')).not.toBeInTheDocument());
  });
});
