import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failed } from '../../../../../mocks/envelopes';
import { atPhoneWidth } from '../../../entityTable/phoneWidth';
import { rows } from '../../../entityTable/renderEntityTable';
import { LOAD } from '../../../renderWithRouter';
import { renderStaffTabs } from './renderStaffFiles';
import { bodiesSentTo, grantOf, signInAsSupport, staffFilesMock, useStaffFilesApi } from './staffFilesApiMock';

/** This year's 3 December, so the sentence leaves the year out. */
const THIRD_OF_DECEMBER = `${new Date().getFullYear()}-12-03T10:00:00.000Z`;
const acmeGrant = grantOf({ id: 'g1', to: THIRD_OF_DECEMBER, downloadLimit: 5, downloadCount: 0 });

describe('file accessible type (grants)', { timeout: 30_000 }, () => {
  it('says a grant in words in English, with its state', async () => {
    signInAsSupport();
    useStaffFilesApi({ grants: [acmeGrant] });
    renderStaffTabs('grants', 'en');
    await waitFor(() => expect(rows()).toHaveLength(1), LOAD);
    const sentence = within(rows()[0]).getByTestId('grant-sentence');
    expect(sentence.textContent).toMatch(/^Acme Logistics can open tax-form\.pdf until 3 Dec, \d\d:\d\d, 5 downloads left$/);
    expect(within(rows()[0]).getByTestId('grant-state')).toHaveAccessibleName('State: Active');
  });

  it('says a grant in words in Vietnamese, with its state', async () => {
    signInAsSupport();
    useStaffFilesApi({ grants: [{ ...acmeGrant, viewOnly: true, state: 'scheduled', from: `${new Date().getFullYear()}-12-01T10:00:00.000Z` }] });
    renderStaffTabs('grants', 'vi');
    await waitFor(() => expect(rows()).toHaveLength(1), LOAD);
    const sentence = within(rows()[0]).getByTestId('grant-sentence');
    expect(sentence.textContent).toMatch(/^Acme Logistics được mở tax-form\.pdf từ .*1 thg 12 đến .*3 thg 12, còn 5 lượt tải, chỉ xem$/);
    expect(within(rows()[0]).getByTestId('grant-state')).toHaveTextContent('Đã lên lịch');
  });

  it('shows each grant card on a phone with one state chip', async () => {
    atPhoneWidth();
    signInAsSupport();
    useStaffFilesApi({ grants: [acmeGrant] });
    renderStaffTabs('grants', 'vi');
    const card = await screen.findByTestId('entity-card', undefined, LOAD);
    expect(within(card).getByTestId('grant-sentence')).toBeInTheDocument();
    expect(within(card).getAllByTestId('grant-state')).toHaveLength(1);
  });

  it('extends a grant in one click, and says so when it is already at the maximum', async () => {
    const user = userEvent.setup();
    signInAsSupport();
    useStaffFilesApi({ grants: [acmeGrant] });
    renderStaffTabs('grants');
    await waitFor(() => expect(rows()).toHaveLength(1), LOAD);
    staffFilesMock.overrides.set('POST /api/v1/file-grants/g1/extend', () => failed(409, 'This grant already lasts as long as it may (90 days).'));
    await user.click(within(rows()[0]).getByTestId('row-actions'));
    await user.click(await screen.findByTestId('row-action-extend'));
    expect(await screen.findByText('This grant already lasts as long as it may (90 days).')).toBeInTheDocument();
    expect(bodiesSentTo('POST', '/api/v1/file-grants/g1/extend')).toHaveLength(1);
  });
});
