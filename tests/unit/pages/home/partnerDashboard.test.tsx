import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { partnerClaims } from '../../../../mocks/accounts';
import { inboxMock } from '../../../../mocks/inbox';
import { LOAD } from '../../renderWithRouter';
import { signInAs } from '../../sessionFixtures';
import { mockPartnerForms } from '../../resources/ownPartnerForms/partnerFormsMock';
import { mockDashboard, partnerDashboard, SUPPLIER_FORM_ID } from './dashboardMock';
import { renderHome } from './renderHome';

const section = (name: string | RegExp) => screen.findByRole('region', { name }, LOAD);

describe("a partner's Home", () => {
  it('shows the forms due with their progress and next step, each a link to the form', async () => {
    mockDashboard(() => partnerDashboard());
    signInAs('partner');
    renderHome();
    const onboarding = await section('Onboarding');
    expect(within(onboarding).getByText('1 of 3 forms submitted')).toBeInTheDocument();
    const progress = within(onboarding).getByRole('progressbar', { name: 'Progress of Know your customer' });
    expect(progress).toHaveAttribute('aria-valuenow', '50');
    expect(progress).toHaveAttribute('aria-valuetext', '3 of 6 answered');
    const [kyc, bank] = within(onboarding).getAllByRole('listitem');
    expect(kyc).toHaveTextContent('Go on filling it in · 3 of 6 answered');
    expect(bank).toHaveTextContent('Reopened by our team: correct it and submit again · 1 of 4 answered');
    expect(within(onboarding).getByRole('link', { name: 'Continue Know your customer' })).toHaveAttribute('href', '/forms');
    expect(within(onboarding).getByRole('link', { name: 'All forms' })).toHaveAttribute('href', '/forms');
  });

  it('opens a form due at its first unfinished section in one click, and the forms list when it cannot be found', async () => {
    const user = userEvent.setup();
    mockPartnerForms({ answers: { name: 'Acme', tax: '0312345678' } });
    mockDashboard(() => partnerDashboard());
    signInAs('partner');
    const first = renderHome();
    await user.click(within(await section('Onboarding')).getByRole('link', { name: 'Fix Bank details' }));
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent(`/forms/${SUPPLIER_FORM_ID}/sections/bank`), LOAD);
    first.unmount();

    renderHome();
    await user.click(within(await section('Onboarding')).getByRole('link', { name: 'Continue Know your customer' }));
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/forms$/), LOAD);
  });

  it('shows tickets awaiting the answer, files about to expire and recent notifications, each one click from its page', async () => {
    mockDashboard(() => partnerDashboard());
    signInAs('partner');
    // The inbox is the server's: a notification stored for this partner user shows on any device.
    inboxMock.add(partnerClaims.sub, {
      id: '00000000-0000-4000-d000-000000000001',
      kind: 'message',
      resource: 'tickets',
      recordId: 't-invoice',
      key: 'no.such.key',
      values: {},
      title: 'New reply',
      message: 'Support answered your ticket',
      link: '/tickets/t-invoice/detail',
      createdAt: new Date().toISOString(),
      readAt: null,
    });
    renderHome();

    const tickets = await section('Tickets waiting for your answer');
    expect(within(tickets).getByRole('link', { name: /Invoice 42 is missing/ })).toHaveAttribute('href', '/tickets/t-invoice/detail');
    expect(within(tickets).getByText('Support wrote 2 days ago')).toBeInTheDocument();
    expect(within(tickets).getByRole('link', { name: 'View all (7)' })).toHaveAttribute('href', '/tickets');

    const files = await section('Files about to expire');
    expect(within(files).getByRole('link', { name: /price-list\.xlsx/ })).toHaveAttribute('href', '/accessible-files');
    expect(within(files).getByText('Access ends in 2 days · 2 downloads left')).toBeInTheDocument();

    const notifications = await section('Recent notifications');
    expect(await within(notifications).findByRole('img', { name: 'Unread' }, LOAD)).toBeInTheDocument();
    await userEvent.click(within(notifications).getByRole('link', { name: /New reply/ }));
    expect(await screen.findByTestId('current-path')).toHaveTextContent('/tickets/t-invoice/detail');
    await waitFor(() => expect(inboxMock.of(partnerClaims.sub)[0].readAt).not.toBeNull());
  });

  it('leaves out the sections the reader may not see', async () => {
    mockDashboard(() => partnerDashboard({ ticketsAwaitingAnswer: null, expiringFiles: null }));
    signInAs('partner');
    renderHome();
    await section('Onboarding');
    expect(screen.queryByRole('region', { name: 'Tickets waiting for your answer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Files about to expire' })).not.toBeInTheDocument();
    expect(screen.getByTestId('welcome-card')).toHaveTextContent('Welcome, Pham Partner');
  });

  it('speaks Vietnamese to a Vietnamese reader', async () => {
    mockDashboard(() => partnerDashboard());
    signInAs('partner');
    renderHome('vi');
    const onboarding = await section('Hồ sơ đăng ký');
    expect(within(onboarding).getByRole('link', { name: 'Tiếp tục Know your customer' })).toHaveAttribute('href', '/forms');
    expect(within(onboarding).getByText('Đã nộp 1 trên 3 biểu mẫu')).toBeInTheDocument();
    const tickets = await section('Yêu cầu hỗ trợ đang chờ bạn trả lời');
    expect(within(tickets).getByText('Bộ phận hỗ trợ đã viết 2 ngày trước')).toBeInTheDocument();
    expect(screen.getByTestId('welcome-card')).toHaveTextContent('Xin chào, Pham Partner');
  });
});
