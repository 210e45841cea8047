import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { failed } from '../../../../../mocks/envelopes';
import { server } from '../../../../../mocks/server';
import StaffFileAccessPage from '../../../../../src/resources/accessibleFiles/staff/StaffFileAccessPage';
import { rows } from '../../../entityTable/renderEntityTable';
import { LOAD, renderLiveScreen } from '../../../renderWithRouter';
import { renderStaffTabs } from './renderStaffFiles';
import { AUDITOR_ROLE, bodiesSentTo, fileOf, grantOf, signInAsSupport, useStaffFilesApi } from './staffFilesApiMock';

const ISO_INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const taxForm = fileOf({ id: '00000000-0000-4000-8000-0000000000a1', fileName: 'tax-form.pdf' });

async function openAddGrant() {
  const user = userEvent.setup();
  signInAsSupport();
  useStaffFilesApi({ files: [taxForm] });
  renderStaffTabs('grants');
  await user.click(await screen.findByTestId('grant-add', {}, LOAD));
  return { user, dialog: within(await screen.findByTestId('grant-dialog')) };
}

describe('adding a grant', { timeout: 30_000 }, () => {
  it('grants a file to a role picked by search, the window sent as instants', async () => {
    const { user, dialog } = await openAddGrant();
    await user.click(dialog.getByTestId('grant-file-picker'));
    await user.click(await screen.findByRole('option', { name: 'tax-form.pdf' }));
    await user.click(dialog.getByTestId('grant-condition-type'));
    await user.click(await screen.findByRole('option', { name: 'A role' }));
    await user.click(dialog.getByTestId('grant-target-role'));
    await user.click(await screen.findByRole('option', { name: 'Auditor' }));
    await user.click(dialog.getByTestId('grant-view-only'));
    await user.click(dialog.getByTestId('grant-dialog-submit'));

    await waitFor(() => expect(bodiesSentTo('POST', '/api/v1/file-grants')).toHaveLength(1));
    const [sent] = bodiesSentTo('POST', '/api/v1/file-grants') as { from: string; to: string }[];
    expect(sent).toMatchObject({ fileId: taxForm.id, conditionType: 'role', targetId: AUDITOR_ROLE.id, viewOnly: true, downloadLimit: null });
    expect(sent.from).toMatch(ISO_INSTANT);
    expect(sent.to).toMatch(ISO_INSTANT);
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('says by the view-only box why the server refused view only for a file the page cannot show', async () => {
    const { user, dialog } = await openAddGrant();
    server.use(
      http.post('/api/v1/file-grants', () =>
        failed(400, 'One or more validation errors occurred.', [{ field: 'viewOnly', message: 'View only needs a file the page can show.' }]),
      ),
    );
    await user.click(dialog.getByTestId('grant-file-picker'));
    await user.click(await screen.findByRole('option', { name: 'tax-form.pdf' }));
    await user.click(dialog.getByTestId('grant-condition-type'));
    await user.click(await screen.findByRole('option', { name: 'A role' }));
    await user.click(dialog.getByTestId('grant-target-role'));
    await user.click(await screen.findByRole('option', { name: 'Auditor' }));
    await user.click(dialog.getByTestId('grant-view-only'));
    await user.click(dialog.getByTestId('grant-dialog-submit'));
    expect(await dialog.findByTestId('grant-view-only-error')).toHaveTextContent('View only needs a file the page can show.');
    expect(screen.getByTestId('grant-dialog')).toBeInTheDocument();
  });

  it('refuses an end before the start before sending', async () => {
    const { user, dialog } = await openAddGrant();
    await user.clear(dialog.getByTestId('grant-to'));
    await user.type(dialog.getByTestId('grant-to'), '2020-01-01T10:00');
    await user.click(dialog.getByTestId('grant-dialog-submit'));
    expect(dialog.getByTestId('grant-to')).toHaveAttribute('aria-invalid', 'true');
    expect(bodiesSentTo('POST', '/api/v1/file-grants')).toHaveLength(0);
  });
});

describe('live grants list', { timeout: 30_000 }, () => {
  it('searches again when the hub announces a change of file-grants', async () => {
    signInAsSupport();
    useStaffFilesApi({ grants: [grantOf({ id: 'g1' })] });
    const { changes } = renderLiveScreen('/accessible-files?tab=grants', <StaffFileAccessPage />);
    await waitFor(() => expect(rows()).toHaveLength(1), LOAD);
    const searches = bodiesSentTo('POST', '/api/v1/file-grants/search').length;
    changes.apply({ resource: 'file-grants', id: 'g1', action: 'updated' });
    await waitFor(() => expect(bodiesSentTo('POST', '/api/v1/file-grants/search').length).toBe(searches + 1));
  });
});
