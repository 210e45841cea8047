import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOAD } from '../../renderWithRouter';
import { signInAs } from '../../sessionFixtures';
import { mockDashboard, staffDashboard } from './dashboardMock';
import { renderHome } from './renderHome';

const section = (name: string) => screen.findByRole('region', { name }, LOAD);
const cellsOf = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);

describe("staff's Home", () => {
  it('counts tickets by status in words beside the chart', async () => {
    mockDashboard(() => staffDashboard());
    signInAs('admin');
    renderHome();
    const byStatus = await section('Tickets by status');
    expect(within(byStatus).getByText('40 tickets in all')).toBeInTheDocument();
    const figures = within(byStatus).getByRole('list', { name: 'Tickets by status' });
    const names = ['Open tickets: 12', 'Pending tickets: 3', 'Resolved tickets: 20', 'Closed tickets: 5'];
    within(figures)
      .getAllByRole('link')
      .forEach((link, i) => expect(link).toHaveAccessibleName(names[i]));
    expect(within(byStatus).getByTestId('dashboard-chart')).toHaveAttribute('aria-hidden', 'true');
  });

  it('tells the onboarding funnel of each form as a table of its stages', async () => {
    mockDashboard(() => staffDashboard());
    signInAs('admin');
    renderHome();
    const funnel = await section('Onboarding funnel');
    const table = within(funnel).getByRole('table', { name: 'Partner forms of each form by stage' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map(cellsOf)).toEqual([
      ['Form', 'Assigned', 'In progress', 'Submitted', 'Reopened'],
      ['Know your customer', '4', '6', '9', '2'],
      ['Bank details', '1', '0', '3', '0'],
    ]);
  });

  it('links the tickets waiting for us, the file requests and the activity to their pages', async () => {
    mockDashboard(() => staffDashboard());
    signInAs('admin');
    renderHome();
    const waiting = await section('Waiting longest for us');
    expect(within(waiting).getByRole('link', { name: /Where is my refund\?/ })).toHaveAttribute('href', '/ticket-management/t-late/detail');
    expect(within(waiting).getByText('Globex · waiting since 3 days ago')).toBeInTheDocument();
    const requests = await section('File requests waiting');
    expect(within(requests).getByRole('link', { name: /The 2025 audit report/ })).toHaveAttribute('href', '/accessible-files?tab=requests');
    const activity = await section('Recent activity');
    expect(within(activity).getByRole('link', { name: /Changed a ticket: Invoice missing/ })).toHaveAttribute('href', '/ticket-management/t-late/detail');
    expect(within(activity).getByText('Deleted a user')).not.toHaveAttribute('href');
    expect(within(activity).getByText(/^System · /)).toBeInTheDocument();
  });

  it('leaves out the sections the reader may not see', async () => {
    mockDashboard(() => staffDashboard({ funnel: null, recentActivity: null, fileRequestsWaiting: null }));
    signInAs('admin');
    renderHome();
    await section('Tickets by status');
    for (const name of ['Onboarding funnel', 'Recent activity', 'File requests waiting'])
      expect(screen.queryByRole('region', { name })).not.toBeInTheDocument();
  });

  it('shows the funnel and figures in Vietnamese', async () => {
    mockDashboard(() => staffDashboard());
    signInAs('admin');
    renderHome('vi');
    const funnel = await section('Tiến trình đăng ký');
    const table = within(funnel).getByRole('table', { name: 'Biểu mẫu đối tác của từng biểu mẫu theo giai đoạn' });
    expect(cellsOf(within(table).getAllByRole('row')[0])).toEqual(['Biểu mẫu', 'Đã giao', 'Đang điền', 'Đã nộp', 'Đã mở lại']);
    expect(within(await section('Yêu cầu hỗ trợ theo trạng thái')).getByText('Tổng cộng 40 yêu cầu')).toBeInTheDocument();
  });
});
