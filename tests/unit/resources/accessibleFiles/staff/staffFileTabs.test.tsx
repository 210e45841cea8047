import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { rows } from '../../../entityTable/renderEntityTable';
import { LOAD } from '../../../renderWithRouter';
import { renderStaffTabs } from './renderStaffFiles';
import { fileOf, signInAsSupport, useStaffFilesApi } from './staffFilesApiMock';

describe('staff file access tabs', { timeout: 30_000 }, () => {
  it('opens the tab named in the URL and moves between tabs by keyboard', async () => {
    const user = userEvent.setup();
    signInAsSupport();
    useStaffFilesApi({ files: [fileOf({ id: 'f1', fileName: 'tax-form.pdf', size: 1536 * 1024, downloadCount: 3, visitCount: 7 })] });
    renderStaffTabs('files');
    const filesTab = await screen.findByRole('tab', { name: 'File manager' }, LOAD);
    expect(filesTab).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('tax-form.pdf');
    expect(rows()[0]).toHaveTextContent('1.5 MB');
    filesTab.focus();
    await user.keyboard('{ArrowRight}{Enter}');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'File accessible type' })).toHaveAttribute('aria-selected', 'true'));
    expect(await screen.findByTestId('file-grants-list')).toBeInTheDocument();
  });
});
