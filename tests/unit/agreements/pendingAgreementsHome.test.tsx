import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PendingAgreementDto } from '../../../contract/agreements';
import { agreementsMock } from '../../../mocks/agreements';
import { seriousAxeFindings } from '../axeFindings';
import { LOAD } from '../renderWithRouter';
import { signInAs } from '../sessionFixtures';
import { mockDashboard, partnerDashboard } from '../pages/home/dashboardMock';
import { renderHome } from '../pages/home/renderHome';

const TERMS: PendingAgreementDto = {
  agreementId: '00000000-0000-4000-a100-000000000001',
  nameEn: 'Partner terms',
  nameVi: 'Điều khoản đối tác',
  versionId: '00000000-0000-4000-a200-000000000002',
  versionNumber: 2,
  bodyEn: 'Keep your sign-in to yourself.\nShare only what you may.',
  bodyVi: 'Giữ thông tin đăng nhập cho riêng bạn.',
  publishedAt: '2026-12-01T08:00:00.000Z',
  acceptedBefore: true,
};

const askedToAccept = () => screen.findByRole('region', { name: 'Please review and accept' }, LOAD);

describe("a partner's Home asks for pending agreements", () => {
  it('shows the changed terms with a heading, their text and "I accept"; accepting records it and the request goes away', async () => {
    const user = userEvent.setup();
    agreementsMock.pending = [TERMS];
    mockDashboard(() => partnerDashboard());
    signInAs('partner');
    renderHome();
    const asked = await askedToAccept();
    expect(within(asked).getByRole('heading', { level: 2, name: 'Please review and accept' })).toBeInTheDocument();
    expect(within(asked).getByRole('heading', { level: 3, name: 'Partner terms' })).toBeInTheDocument();
    expect(within(asked).getByText('This agreement changed since you accepted it (now version 2).')).toBeInTheDocument();
    const text = within(asked).getByRole('region', { name: 'Partner terms' });
    expect(text).toHaveTextContent('Keep your sign-in to yourself.');
    expect(text).toHaveAttribute('tabindex', '0');
    expect(await seriousAxeFindings(asked)).toEqual([]);

    await user.click(within(asked).getByRole('button', { name: 'I accept' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Please review and accept' })).not.toBeInTheDocument(), LOAD);
    expect(agreementsMock.accepted).toEqual([TERMS.versionId]);
  });

  it('is reached and accepted with the keyboard alone', async () => {
    const user = userEvent.setup();
    agreementsMock.pending = [TERMS];
    mockDashboard(() => partnerDashboard());
    signInAs('partner');
    renderHome();
    const accept = within(await askedToAccept()).getByRole('button', { name: 'I accept' });
    accept.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(agreementsMock.accepted).toEqual([TERMS.versionId]), LOAD);
  });

  it('reads in Vietnamese for a Vietnamese reader', async () => {
    agreementsMock.pending = [{ ...TERMS, acceptedBefore: false, versionNumber: 1 }];
    mockDashboard(() => partnerDashboard());
    signInAs('partner');
    renderHome('vi');
    const asked = await screen.findByRole('region', { name: 'Vui lòng đọc và chấp nhận' }, LOAD);
    expect(within(asked).getByRole('heading', { level: 3, name: 'Điều khoản đối tác' })).toBeInTheDocument();
    expect(within(asked).getByText('Phiên bản 1')).toBeInTheDocument();
    expect(within(asked).getByRole('button', { name: 'Tôi chấp nhận' })).toBeInTheDocument();
  });

  it('says why when the version was replaced meanwhile, and keeps asking', async () => {
    const user = userEvent.setup();
    agreementsMock.pending = [TERMS];
    agreementsMock.outdated.add(TERMS.versionId);
    mockDashboard(() => partnerDashboard());
    signInAs('partner');
    renderHome();
    const asked = await askedToAccept();
    await user.click(within(asked).getByRole('button', { name: 'I accept' }));
    expect(await within(await askedToAccept()).findByText(/A newer version of this agreement has been published/, {}, LOAD)).toBeInTheDocument();
    expect(agreementsMock.accepted).toEqual([]);
  });

  it('shows nothing when nothing is pending', async () => {
    mockDashboard(() => partnerDashboard());
    signInAs('partner');
    renderHome();
    await screen.findByRole('region', { name: 'Onboarding' }, LOAD);
    expect(screen.queryByTestId('pending-agreements')).not.toBeInTheDocument();
  });
});
