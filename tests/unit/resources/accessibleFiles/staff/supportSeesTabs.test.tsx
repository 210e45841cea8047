import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AccessibleFilesPage from '../../../../../src/resources/accessibleFiles/AccessibleFilesPage';
import { renderInAdmin, rows } from '../../../entityTable/renderEntityTable';
import { LOAD } from '../../../renderWithRouter';
import { requestOf, signInAsSupport, useStaffFilesApi } from './staffFilesApiMock';

describe('/accessible-files for staff', { timeout: 30_000 }, () => {
  it('a Support user (AccessibleFile.AdminView) sees the three tabs, the requests first', async () => {
    signInAsSupport();
    useStaffFilesApi({ requests: [requestOf({ id: 'r1', requestText: 'The 2025 price list' })] });
    renderInAdmin(<AccessibleFilesPage />, { url: '/accessible-files', path: '/accessible-files' });
    const tabs = await screen.findByRole('tablist', { name: 'File access sections' }, LOAD);
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['File request access', 'File manager', 'File accessible type']);
    expect(within(tabs).getByRole('tab', { name: 'File request access' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Asked in words: “The 2025 price list”');
  });
});
