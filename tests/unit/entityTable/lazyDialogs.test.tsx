import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../../mocks/server';
import partners from '../../../src/resources/partners/partnerTable';
import { LOAD } from '../renderWithRouter';
import { signInAs } from '../sessionFixtures';
import { renderEntityScreen, rows } from './renderEntityTable';

// Which of the table's after-a-click modules have been imported so far (each factory runs on the module's first import).
const imported = vi.hoisted(() => new Set<string>());
vi.mock('../../../src/entityTable/EntityRecordDialogs', async (importOriginal) => {
  imported.add('record dialogs');
  return importOriginal();
});
vi.mock('../../../src/entityTable/ConfirmDialog', async (importOriginal) => {
  imported.add('confirm dialog');
  return importOriginal();
});
vi.mock('../../../src/entityTable/csvExport', async (importOriginal) => {
  imported.add('csv export');
  return importOriginal();
});

describe("an entity table's dialogs and export stay off its first paint", () => {
  it('the list shows without their code, fetches it once its rows are on screen, and Add opens its dialog', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    let answerSearch!: () => void;
    const searchHeld = new Promise<void>((resolve) => (answerSearch = resolve));
    // Returning nothing hands the request on to the mock API once the test lets it go.
    server.use(http.post('*/api/v1/partners/search', () => searchHeld));

    renderEntityScreen(partners);
    await screen.findByTestId('entity-add', {}, LOAD);
    expect([...imported]).toEqual([]);

    answerSearch();
    await waitFor(() => expect(rows()).toHaveLength(3), LOAD);
    await waitFor(() => expect([...imported].sort()).toEqual(['confirm dialog', 'csv export', 'record dialogs']), LOAD);

    await user.click(screen.getByTestId('entity-add'));
    expect(await screen.findByTestId('entity-form-dialog', {}, LOAD)).toBeVisible();
  }, 30_000);
});
