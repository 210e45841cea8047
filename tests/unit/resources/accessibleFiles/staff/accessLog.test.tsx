import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FileAccessLogDto } from '../../../../../contract/files';
import { LOAD } from '../../../renderWithRouter';
import { renderStaffTabs } from './renderStaffFiles';
import { ACME, bodiesSentTo, fileOf, queriesSentTo, signInAsSupport, useStaffFilesApi } from './staffFilesApiMock';

afterEach(() => vi.restoreAllMocks());

const GLOBEX = '00000000-0000-4000-9000-000000000002';
const taxForm = fileOf({ id: '00000000-0000-4000-8000-0000000000a1', fileName: 'tax-form.pdf' });
const entry = (id: string, partnerId: string, partnerName: string, kind: FileAccessLogDto['kind']): FileAccessLogDto => ({
  id,
  fileId: taxForm.id,
  fileName: taxForm.fileName,
  kind,
  userId: 'u9',
  userName: `${partnerName} user`,
  partnerId,
  partnerName,
  grantId: 'aaaaaaaa-0000-4000-8000-000000000001',
  address: '203.0.113.7',
  client: 'Mozilla/5.0 (X11; Linux x86_64)',
  at: '2026-11-21T08:30:00.000Z',
});

describe('access log', { timeout: 30_000 }, () => {
  it('shows who opened files, filters by partner and exports that partner’s log as CSV', async () => {
    const user = userEvent.setup();
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:test/1');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    signInAsSupport();
    useStaffFilesApi({ files: [taxForm], log: [entry('l1', ACME, 'Acme Logistics', 'download'), entry('l2', GLOBEX, 'Globex Trading', 'visit')] });
    renderStaffTabs('files');
    await user.click(await screen.findByTestId('files-access-log', {}, LOAD));
    const dialog = within(await screen.findByTestId('access-log-dialog'));
    await waitFor(() => expect(dialog.getAllByTestId('entity-row')).toHaveLength(2));
    expect(dialog.getAllByTestId('entity-row')[0]).toHaveTextContent('Acme Logistics user');
    expect(dialog.getAllByTestId('entity-row')[0]).toHaveTextContent('Download');

    await user.click(dialog.getByTestId('partner-picker'));
    await user.click(await screen.findByRole('option', { name: 'Acme Logistics' }));
    await waitFor(() => expect(dialog.getAllByTestId('entity-row')).toHaveLength(1));
    expect(bodiesSentTo('POST', '/api/v1/file-access-log/search').at(-1)).toMatchObject({ partnerId: ACME });

    await user.click(dialog.getByTestId('entity-export'));
    await waitFor(() => expect(saved).toEqual(['file-access-log.csv']));
    expect(queriesSentTo('/api/v1/file-access-log/export')).toEqual([{ partnerId: ACME }]);
  });
});
