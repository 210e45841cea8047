import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOAD } from '../../renderWithRouter';
import { signInAs } from '../../sessionFixtures';
import { mockDashboard, partnerDashboard } from './dashboardMock';
import { renderHome } from './renderHome';

const section = (name: string) => screen.findByRole('region', { name }, LOAD);

/** Due dates on a partner's Home (issue 24): an overdue form says so in words, a form without one says nothing. */
describe("due dates on a partner's Home", () => {
  it('marks the overdue form in words, with its date, and leaves the form without a due date alone', async () => {
    mockDashboard(() => partnerDashboard());
    signInAs('partner');
    renderHome();
    const onboarding = await section('Onboarding');
    const [kyc, bank] = within(onboarding).getAllByRole('listitem');
    const due = within(kyc).getByTestId('dashboard-onboarding-due');
    expect(due).toHaveTextContent(/^Overdue: was due \d{1,2} \w{3} \d{4}$/);
    expect(due).toHaveAttribute('data-overdue', 'true');
    expect(within(bank).queryByTestId('dashboard-onboarding-due')).toBeNull();
  });

  it('says it in Vietnamese too', async () => {
    mockDashboard(() => partnerDashboard());
    signInAs('partner');
    renderHome('vi');
    const onboarding = await section('Hồ sơ đăng ký');
    expect(within(onboarding).getByTestId('dashboard-onboarding-due')).toHaveTextContent(/^Quá hạn: hạn nộp là /);
  });
});
