import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { failed } from '../../../mocks/envelopes';
import { mockApi } from '../../../mocks/handlers';
import { server } from '../../../mocks/server';
import partners from '../../../src/resources/partners/partnerTable';
import { LOAD } from '../renderWithRouter';
import { signInAs } from '../sessionFixtures';
import { renderEntityScreen, rowOf, rows } from './renderEntityTable';

const valid = { Name: 'Hòa Bình Trading', Email: 'hello@hoabinh.example', Type: 'Trading', Phone: '+84 24 555 0909', Address: '1 Tràng Tiền, Hà Nội' };

async function openCreate() {
  const user = userEvent.setup();
  await user.click(await screen.findByTestId('entity-add', {}, LOAD));
  return within(await screen.findByTestId('entity-form-dialog'));
}

async function fill(dialog: ReturnType<typeof within>, values: Record<string, string>) {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(values)) {
    const input = dialog.getByRole('textbox', { name: label });
    await user.clear(input);
    if (value) await user.paste(value);
  }
}

const posts = () => mockApi.requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/partners');
const fieldOf = (dialog: ReturnType<typeof within>, label: string) => dialog.getByRole('textbox', { name: label });
const helperOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? '';

describe('entity add/edit dialog', { timeout: 30_000 }, () => {
  it('is titled create plus the resource name and checks the contract schema before any call', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    renderEntityScreen(partners);
    const dialog = await openCreate();
    expect(dialog.getByRole('heading', { name: 'Create partner' })).toBeInTheDocument();
    await fill(dialog, { Name: 'x', Email: 'not-an-email', Phone: 'abc' });
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(helperOf(fieldOf(dialog, 'Email'))).toBe('Invalid email. Please enter a valid email'));
    expect(helperOf(fieldOf(dialog, 'Phone'))).toBe('Invalid phone number');
    expect(helperOf(fieldOf(dialog, 'Type'))).toBe('This field is required');
    expect(fieldOf(dialog, 'Email')).toHaveAttribute('aria-invalid', 'true');
    expect(posts()).toHaveLength(0);
  });

  it('shows the server field errors by their fields, "Lỗi" when the server gives no message, and clears each one on edit', async () => {
    const user = userEvent.setup();
    server.use(
      http.post('/api/v1/partners', () =>
        failed(400, 'Some fields are not valid', [
          { field: 'name', message: '' },
          { field: 'email', message: 'This email is already in use' },
        ]),
      ),
    );
    signInAs('admin');
    renderEntityScreen(partners);
    const dialog = await openCreate();
    await fill(dialog, valid);
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(helperOf(fieldOf(dialog, 'Name'))).toBe('Lỗi'));
    expect(helperOf(fieldOf(dialog, 'Email'))).toBe('This email is already in use');
    expect(fieldOf(dialog, 'Name')).toHaveAttribute('aria-invalid', 'true');
    expect(fieldOf(dialog, 'Name').closest('.MuiInputBase-root')).toHaveClass('Mui-error');

    await user.type(fieldOf(dialog, 'Name'), ' Co');
    await waitFor(() => expect(helperOf(fieldOf(dialog, 'Name'))).not.toBe('Lỗi'));
    expect(fieldOf(dialog, 'Name')).toHaveAttribute('aria-invalid', 'false');
    expect(helperOf(fieldOf(dialog, 'Email'))).toBe('This email is already in use');

    // A resubmit starts clean: the server's earlier errors are gone before it answers again.
    server.use(http.post('/api/v1/partners', () => failed(400, 'Some fields are not valid', [{ field: 'phone', message: 'Phone taken' }])));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(helperOf(fieldOf(dialog, 'Phone'))).toBe('Phone taken'));
    expect(helperOf(fieldOf(dialog, 'Email'))).not.toBe('This email is already in use');
  });

  it('closes on a successful save and reloads the list', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    renderEntityScreen(partners);
    const dialog = await openCreate();
    await fill(dialog, valid);
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByTestId('entity-form-dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(rowOf('Hòa Bình Trading')).toBeDefined();
    expect(posts().at(-1)?.body).toEqual({
      ...Object.fromEntries(Object.entries(valid).map(([k, v]) => [k.toLowerCase(), v])),
      website: null,
      contactPhone: null,
      countryId: null,
    });
  });

  it('edits a row in a dialog titled edit plus the name that shows its id, at the row’s own address', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    renderEntityScreen(partners);
    await waitFor(() => expect(rows()).toHaveLength(3), LOAD);
    await user.click(within(rowOf('Globex Trading')).getByTestId('row-actions'));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = within(await screen.findByTestId('entity-form-dialog'));
    expect(dialog.getByRole('heading', { name: 'Edit partner' })).toBeInTheDocument();
    expect(dialog.getByTestId('entity-id')).toHaveTextContent('ID: 00000000-0000-4000-9000-000000000002');
    await waitFor(() => expect(fieldOf(dialog, 'Name')).toHaveValue('Globex Trading'));
    await fill(dialog, { Name: 'Globex Global' });
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByTestId('entity-form-dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(rowOf('Globex Global')).toBeDefined());
    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
    expect(mockApi.requests.find((r) => r.method === 'PATCH')).toMatchObject({
      path: '/api/v1/partners/00000000-0000-4000-9000-000000000002',
      body: { name: 'Globex Global' },
    });
  });

  it('says not found for an address naming a row the API does not give', async () => {
    signInAs('admin');
    renderEntityScreen(partners, { url: '/partners/00000000-0000-4000-9000-00000000dead' });
    expect(await screen.findByTestId('entity-not-found', {}, LOAD)).toHaveTextContent('Not found');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back to the list' }));
    await waitFor(() => expect(screen.queryByTestId('entity-not-found')).not.toBeInTheDocument());
    expect(rows()).toHaveLength(3);
  });
});
