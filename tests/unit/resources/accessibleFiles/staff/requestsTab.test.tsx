import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { rows } from '../../../entityTable/renderEntityTable';
import { LOAD } from '../../../renderWithRouter';
import { renderStaffTabs } from './renderStaffFiles';
import { bodiesSentTo, fileOf, requestOf, signInAsSupport, staffFilesMock, useStaffFilesApi } from './staffFilesApiMock';

const ISO_INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const PRICE_LIST_ID = '00000000-0000-4000-8000-0000000000f7';
const freeText = requestOf({ id: 'r1', requestText: 'The 2025 price list', reason: 'Quarterly audit' });
const priceList = fileOf({ id: PRICE_LIST_ID, fileName: 'price-list-2025.xlsx' });

async function openAction(action: 'approve' | 'reject') {
  const user = userEvent.setup();
  await waitFor(() => expect(rows()).toHaveLength(1), LOAD);
  await user.click(within(rows()[0]).getByTestId('row-actions'));
  await user.click(await screen.findByTestId(`row-action-${action}`));
  return { user, dialog: within(await screen.findByTestId(`${action}-request-dialog`)) };
}

describe('file request access', { timeout: 30_000 }, () => {
  it('approving a free-text request sends the chosen file and the window as ISO instants, a week from now by default', async () => {
    signInAsSupport();
    useStaffFilesApi({ requests: [freeText], files: [priceList] });
    renderStaffTabs('requests');
    const { user, dialog } = await openAction('approve');
    expect(dialog.getByText('Pat Partner (Acme Logistics) asks: “The 2025 price list”')).toBeInTheDocument();

    await user.click(dialog.getByTestId('approve-request-dialog-submit'));
    expect(await dialog.findByText('This field is required')).toBeInTheDocument();
    expect(bodiesSentTo('POST', '/api/v1/file-requests/r1/approve')).toHaveLength(0);

    await user.click(dialog.getByTestId('approve-file-picker'));
    await user.click(await screen.findByRole('option', { name: 'price-list-2025.xlsx' }));
    await user.type(dialog.getByTestId('grant-download-limit'), '3');
    await user.click(dialog.getByTestId('approve-request-dialog-submit'));

    await waitFor(() => expect(bodiesSentTo('POST', '/api/v1/file-requests/r1/approve')).toHaveLength(1));
    const [sent] = bodiesSentTo('POST', '/api/v1/file-requests/r1/approve') as { from: string; to: string }[];
    expect(sent).toMatchObject({ fileId: PRICE_LIST_ID, conditionType: 'partner', downloadLimit: 3, viewOnly: false });
    expect(sent.from).toMatch(ISO_INSTANT);
    expect(sent.to).toMatch(ISO_INSTANT);
    expect(Date.parse(sent.to) - Date.parse(sent.from)).toBe(7 * 24 * 60 * 60 * 1000);
    expect(Math.abs(Date.parse(sent.from) - Date.now())).toBeLessThan(2 * 60 * 1000);
    await waitFor(() => expect(within(rows()[0]).getByTestId('request-status')).toHaveTextContent('Approved'));
  });

  it('says plainly when another admin has already decided the request', async () => {
    signInAsSupport();
    useStaffFilesApi({ requests: [requestOf({ id: 'r2', fileId: priceList.id, fileName: priceList.fileName })] });
    renderStaffTabs('requests');
    const { user, dialog } = await openAction('reject');
    staffFilesMock.requests[0].status = 'APPROVED';
    await user.type(dialog.getByTestId('reject-reason'), 'Not for this partner');
    await user.click(dialog.getByTestId('reject-request-dialog-submit'));
    expect(await dialog.findByTestId('request-already-decided')).toHaveTextContent('Someone has already decided this request.');
    expect(bodiesSentTo('POST', '/api/v1/file-requests/r2/reject')).toEqual([{ reason: 'Not for this partner' }]);
    await waitFor(() => expect(within(rows()[0]).getByTestId('request-status')).toHaveTextContent('Approved'));
  });
});
