import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PartnerDto } from '../../../contract/partners';
import { permission, type Action } from '../../../contract/permissions';
import { mockApi } from '../../../mocks/handlers';
import type { EntityResource } from '../../../src/entityTable/types';
import { savePermissions } from '../../../src/providers/session/sessionStorage';
import partners from '../../../src/resources/partners/partnerTable';
import { LOAD } from '../renderWithRouter';
import { signInAs } from '../sessionFixtures';
import { renderEntityScreen, rowOf, rows } from './renderEntityTable';

const grant = (...actions: Action[]) => savePermissions(['Search', ...actions].map((a) => permission('Partners', a as Action)));

async function openMenuOf(name: string) {
  const user = userEvent.setup();
  await user.click(within(rowOf(name)).getByTestId('row-actions'));
  return within(await screen.findByRole('menu'));
}

const menuLabels = (menu: ReturnType<typeof within>) => menu.getAllByRole('menuitem').map((item: HTMLElement) => item.textContent);

describe('entity table row actions', () => {
  it('offers Edit with Update and Delete with Delete', async () => {
    signInAs('admin');
    grant('Update', 'Delete');
    renderEntityScreen(partners);
    await waitFor(() => expect(rows()).toHaveLength(3), LOAD);
    expect(menuLabels(await openMenuOf('Acme Logistics'))).toEqual(['Edit', 'Delete']);
  });

  it('leaves out what the user may not do', async () => {
    signInAs('admin');
    grant('Delete');
    renderEntityScreen(partners);
    await waitFor(() => expect(rows()).toHaveLength(3), LOAD);
    expect(menuLabels(await openMenuOf('Acme Logistics'))).toEqual(['Delete']);
  });

  it('shows the no-action-allowed marker on a row with no permitted action', async () => {
    signInAs('admin');
    grant('View');
    renderEntityScreen(partners);
    await waitFor(() => expect(rows()).toHaveLength(3), LOAD);
    for (const row of rows()) {
      expect(within(row).queryByTestId('row-actions')).not.toBeInTheDocument();
      expect(within(row).getByRole('img', { name: 'No action allowed' })).toBeInTheDocument();
    }
  });

  it('shows an extra action with its own permission, or always when it names none', async () => {
    const run = vi.fn();
    const withExtras: EntityResource<PartnerDto> = {
      ...partners,
      rowActions: [
        { key: 'always', labelKey: 'Always there', run },
        { key: 'audit', labelKey: 'Needs audit view', access: { action: 'View', resource: 'AuditTrails' }, run },
      ],
    };
    signInAs('admin');
    grant('View');
    const { unmount } = renderEntityScreen(withExtras);
    await waitFor(() => expect(rows()).toHaveLength(3), LOAD);
    const menu = await openMenuOf('Globex Trading');
    expect(menuLabels(menu)).toEqual(['Always there']);
    await userEvent.setup().click(menu.getByText('Always there'));
    expect(run).toHaveBeenCalledWith(expect.objectContaining({ name: 'Globex Trading' }), expect.anything());
    unmount();

    savePermissions([permission('Partners', 'Search'), permission('AuditTrails', 'View')]);
    renderEntityScreen(withExtras);
    await waitFor(() => expect(rows()).toHaveLength(3), LOAD);
    expect(menuLabels(await openMenuOf('Globex Trading'))).toEqual(['Always there', 'Needs audit view']);
  });
});

describe('entity table delete', () => {
  it('asks in a 600px dialog first; Cancel keeps the row', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    renderEntityScreen(partners);
    await waitFor(() => expect(rows()).toHaveLength(3), LOAD);
    await user.click((await openMenuOf('Globex Trading')).getByText('Delete'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading')).toHaveTextContent('Delete partner');
    expect(dialog).toHaveTextContent('Are you sure you want to delete "Globex Trading"?');
    expect(dialog).toHaveStyle({ width: '600px' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mockApi.requests.some((r) => r.method === 'DELETE')).toBe(false);
    expect(rowOf('Globex Trading')).toBeDefined();
  });

  it('deletes on Confirm and reloads the list', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    renderEntityScreen(partners);
    await waitFor(() => expect(rows()).toHaveLength(3), LOAD);
    await user.click((await openMenuOf('Globex Trading')).getByText('Delete'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(mockApi.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/v1/partners/00000000-0000-4000-9000-000000000002']);
    expect(await screen.findByText('Deleted')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
