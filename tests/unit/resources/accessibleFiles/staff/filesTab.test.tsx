import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { rows } from '../../../entityTable/renderEntityTable';
import { LOAD } from '../../../renderWithRouter';
import { renderStaffTabs } from './renderStaffFiles';
import { bodiesSentTo, fileOf, signInAsSupport, staffFilesMock, useStaffFilesApi } from './staffFilesApiMock';

const taxForm = fileOf({ id: '00000000-0000-4000-8000-0000000000a1', fileName: 'tax-form.pdf', activeGrantCount: 2 });

async function openRowAction(action: string) {
  const user = userEvent.setup();
  await waitFor(() => expect(rows()).toHaveLength(1), LOAD);
  await user.click(within(rows()[0]).getByTestId('row-actions'));
  await user.click(await screen.findByTestId(`row-action-${action}`));
  return user;
}

describe('file manager', { timeout: 30_000 }, () => {
  it('a rename refused because the file changed meanwhile (412) offers to reload, then renames with the current version', async () => {
    signInAsSupport();
    useStaffFilesApi({ files: [taxForm] });
    renderStaffTabs('files');
    const user = await openRowAction('rename');
    staffFilesMock.files[0] = { ...staffFilesMock.files[0], fileName: 'tax-form-2026.pdf', version: '2' };
    const dialog = within(await screen.findByTestId('rename-file-dialog'));
    await user.clear(dialog.getByTestId('rename-file-name'));
    await user.type(dialog.getByTestId('rename-file-name'), 'tax form (signed).pdf');
    await user.click(dialog.getByTestId('rename-file-dialog-submit'));

    expect(await dialog.findByTestId('rename-stale')).toHaveTextContent('Someone changed this file since you opened it.');
    await user.click(dialog.getByTestId('rename-reload'));
    expect(await dialog.findByText('Rename tax-form-2026.pdf')).toBeInTheDocument();
    expect(dialog.queryByTestId('rename-stale')).not.toBeInTheDocument();
    expect(dialog.getByTestId('rename-file-name')).toHaveValue('tax form (signed).pdf');

    await user.click(dialog.getByTestId('rename-file-dialog-submit'));
    await waitFor(() => expect(screen.queryByTestId('rename-file-dialog')).not.toBeInTheDocument());
    expect(bodiesSentTo('PUT', `/api/v1/files/${taxForm.id}`)).toEqual([{ fileName: 'tax form (signed).pdf' }, { fileName: 'tax form (signed).pdf' }]);
    await waitFor(() => expect(rows()[0]).toHaveTextContent('tax form (signed).pdf'));
  });

  it('refuses a name with a folder or a direction override before sending it', async () => {
    signInAsSupport();
    useStaffFilesApi({ files: [taxForm] });
    renderStaffTabs('files');
    const user = await openRowAction('rename');
    const dialog = within(await screen.findByTestId('rename-file-dialog'));
    await user.clear(dialog.getByTestId('rename-file-name'));
    await user.type(dialog.getByTestId('rename-file-name'), 'invoice\u202Efdp.exe');
    await user.click(dialog.getByTestId('rename-file-dialog-submit'));
    expect(dialog.getByTestId('rename-file-name')).toHaveAttribute('aria-invalid', 'true');
    expect(bodiesSentTo('PUT', `/api/v1/files/${taxForm.id}`)).toHaveLength(0);
  });

  it('asks before deleting, saying the grants and links die with the file', async () => {
    signInAsSupport();
    useStaffFilesApi({ files: [taxForm] });
    renderStaffTabs('files');
    await openRowAction('delete');
    expect(await screen.findByTestId('delete-file-dialog')).toHaveTextContent('Its 2 active grants end now and every link to it stops working.');
  });
});
