import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../mocks/handlers';
import partners from '../../../src/resources/partners/partnerTable';
import { LOAD } from '../renderWithRouter';
import { signInAs } from '../sessionFixtures';
import { manyPartners, renderEntityScreen, rowNames, rows } from './renderEntityTable';

const lastSearch = () => mockApi.requests.filter((r) => r.path === '/api/v1/partners/search').at(-1)?.body;
const selectedBoxes = () => (screen.queryAllByTestId('select-row') as HTMLInputElement[]).filter((box) => box.checked);

describe('entity table paging', () => {
  it('starts on the first page with 10 rows and offers the sizes 1, 5, 10, 25, 50 and 100', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    mockApi.partners = manyPartners(12);
    renderEntityScreen(partners);
    await waitFor(() => expect(rows()).toHaveLength(10), LOAD);
    expect(lastSearch()).toMatchObject({ pageNumber: 1, pageSize: 10 });
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();

    await user.click(within(screen.getByTestId('entity-pagination')).getByRole('combobox'));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['1', '5', '10', '25', '50', '100']);
  });

  it('loads the next page from the server and clears the selection', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    mockApi.partners = manyPartners(12);
    renderEntityScreen(partners);
    await waitFor(() => expect(rows()).toHaveLength(10), LOAD);
    await user.click(screen.getAllByTestId('select-row')[0]);
    await user.click(screen.getAllByTestId('select-row')[1]);
    expect(screen.getByTestId('entity-selected-count')).toHaveTextContent('2 selected');

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(rowNames()).toEqual(['Partner 11', 'Partner 12']));
    expect(lastSearch()).toMatchObject({ pageNumber: 2, pageSize: 10 });
    expect(screen.getByText('11–12 of 12')).toBeInTheDocument();
    expect(screen.queryByTestId('entity-selected-count')).not.toBeInTheDocument();

    await user.click(screen.getAllByTestId('select-row')[0]);
    await user.click(screen.getByRole('button', { name: 'Go to previous page' }));
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(selectedBoxes()).toHaveLength(0);
  });

  it('reloads the first page when the size changes, and clears the selection', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    mockApi.partners = manyPartners(12);
    renderEntityScreen(partners);
    await waitFor(() => expect(rows()).toHaveLength(10), LOAD);
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getAllByTestId('select-row')[0]);
    expect(selectedBoxes()).toHaveLength(1);

    await user.click(within(screen.getByTestId('entity-pagination')).getByRole('combobox'));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: '5' }));
    await waitFor(() => expect(rowNames()).toEqual(['Partner 01', 'Partner 02', 'Partner 03', 'Partner 04', 'Partner 05']));
    expect(lastSearch()).toMatchObject({ pageNumber: 1, pageSize: 5 });
    expect(selectedBoxes()).toHaveLength(0);
    expect(screen.queryByTestId('entity-selected-count')).not.toBeInTheDocument();
  });
});

describe('entity table selection', () => {
  it('select-all picks only the rows that may be selected', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    // Partners declare canSelect: a deleted partner is not selectable.
    mockApi.partners = manyPartners(4, (i) => i === 1 || i === 3);
    renderEntityScreen(partners);
    await waitFor(() => expect(rows()).toHaveLength(4), LOAD);
    const boxes = screen.getAllByTestId('select-row') as HTMLInputElement[];
    expect(boxes.map((b) => b.disabled)).toEqual([false, true, false, true]);

    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(boxes.map((b) => b.checked)).toEqual([true, false, true, false]);
    expect(screen.getByTestId('entity-selected-count')).toHaveTextContent('2 selected');
    expect(screen.getByRole('checkbox', { name: 'Select all rows on this page' })).toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(boxes.map((b) => b.checked)).toEqual([false, false, false, false]);
  });

  it('deletes the selected rows after confirmation', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    mockApi.partners = manyPartners(3);
    renderEntityScreen(partners);
    await waitFor(() => expect(rows()).toHaveLength(3), LOAD);
    await user.click(screen.getAllByTestId('select-row')[0]);
    await user.click(screen.getAllByTestId('select-row')[2]);
    await user.click(screen.getByTestId('entity-delete-selected'));
    const dialog = await screen.findByTestId('delete-selected-dialog');
    expect(dialog).toHaveTextContent('Delete 2 rows?');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(rowNames()).toEqual(['Partner 02']));
    // One request for all of them (all or nothing on the server).
    expect(
      mockApi.requests.filter((r) => r.method !== 'GET' && r.path !== '/api/v1/partners/search').map(({ method, path, body }) => ({ method, path, body })),
    ).toEqual([
      { method: 'POST', path: '/api/v1/partners/delete', body: { ids: ['00000000-0000-4000-9000-000000000101', '00000000-0000-4000-9000-000000000103'] } },
    ]);
  });
});
