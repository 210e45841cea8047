import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../mocks/handlers';
import partners from '../../../src/resources/partners/partnerTable';
import { LOAD } from '../renderWithRouter';
import { signInAs } from '../sessionFixtures';
import { renderEntityScreen } from './renderEntityTable';

const GLOBEX = '00000000-0000-4000-9000-000000000002';
const patches = () => mockApi.requests.filter((r) => r.method === 'PATCH');

/** Opens Globex's edit dialog, then another admin saves a new address before this one saves a new name. */
async function editWhileSomeoneElseSaves() {
  const user = userEvent.setup();
  signInAs('admin');
  renderEntityScreen(partners, { url: `/partners/${GLOBEX}` });
  const dialog = within(await screen.findByTestId('entity-form-dialog', {}, LOAD));
  const name = dialog.getByRole('textbox', { name: 'Name' });
  await waitFor(() => expect(name).toHaveValue('Globex Trading'));
  const theirs = mockApi.partners.find((p) => p.id === GLOBEX)!;
  Object.assign(theirs, { address: '99 Their Street', version: String(Number(theirs.version) + 1) });
  await user.clear(name);
  await user.paste('Globex Mine');
  await user.click(dialog.getByRole('button', { name: 'Save' }));
  return { user, dialog };
}

describe('the edit dialog when someone else saved first', () => {
  it('shows their values instead of overwriting them, and keeps the dialog open', async () => {
    const { dialog } = await editWhileSomeoneElseSaves();
    const alert = within(await dialog.findByTestId('record-conflict'));
    expect(alert.getByText('Someone else changed this record')).toBeInTheDocument();
    expect(alert.getByTestId('theirs-address')).toHaveTextContent('99 Their Street');
    expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Globex Mine');
    expect(mockApi.partners.find((p) => p.id === GLOBEX)).toMatchObject({ name: 'Globex Trading', address: '99 Their Street' });
  });

  it('reload takes their version into the form and clears the warning', async () => {
    const { user, dialog } = await editWhileSomeoneElseSaves();
    await user.click(await dialog.findByTestId('conflict-reload'));
    await waitFor(() => expect(dialog.getByRole('textbox', { name: 'Address' })).toHaveValue('99 Their Street'));
    expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Globex Trading');
    expect(dialog.queryByTestId('record-conflict')).not.toBeInTheDocument();
  });

  it('overwrite puts my change on their version: only my field is sent, with their version, and their address stays', async () => {
    const { user, dialog } = await editWhileSomeoneElseSaves();
    await user.click(await dialog.findByTestId('conflict-overwrite'));
    await waitFor(() => expect(screen.queryByTestId('entity-form-dialog')).not.toBeInTheDocument());
    expect(mockApi.partners.find((p) => p.id === GLOBEX)).toMatchObject({ name: 'Globex Mine', address: '99 Their Street' });
    const last = patches().at(-1)!;
    expect(last.body).toEqual({ name: 'Globex Mine' });
    expect(last.headers.get('if-match')).toBe('"2"');
  });
});
