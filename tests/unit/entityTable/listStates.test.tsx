import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { http } from 'msw';
import { AdminContext, memoryStore } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { permission, type Action } from '../../../contract/permissions';
import { failed } from '../../../mocks/envelopes';
import { mockApi } from '../../../mocks/handlers';
import { server } from '../../../mocks/server';
import { EntityTableScreen } from '../../../src/entityTable/EntityTableScreen';
import { createI18nProvider } from '../../../src/i18n/i18nProvider';
import { authProvider } from '../../../src/providers/auth/authProvider';
import { dataProvider } from '../../../src/providers/data/dataProvider';
import { savePermissions } from '../../../src/providers/session/sessionStorage';
import partners from '../../../src/resources/partners/partnerTable';
import { LOAD } from '../renderWithRouter';
import { signInAs } from '../sessionFixtures';
import { renderEntityScreen, rows } from './renderEntityTable';

const grant = (...actions: Action[]) => savePermissions((['Search', 'View', ...actions] as Action[]).map((a) => permission('Partners', a)));

describe('entity list states', { timeout: 30_000 }, () => {
  it('shows skeleton rows, not a spinner, while the list first loads', async () => {
    signInAs('admin');
    renderEntityScreen(partners);
    expect(await screen.findAllByTestId('entity-skeleton-row')).toHaveLength(5);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(3), LOAD);
    expect(screen.queryAllByTestId('entity-skeleton-row')).toHaveLength(0);
  });

  it('offers adding the first partner to a reader who may create one', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    mockApi.partners = [];
    renderEntityScreen(partners);
    const empty = within(await screen.findByTestId('entity-empty', {}, LOAD));
    expect(empty.getByText('No partners yet')).toBeInTheDocument();
    await user.click(empty.getByRole('button', { name: 'Add partner' }));
    expect(await screen.findByRole('heading', { name: 'Create partner' })).toBeInTheDocument();
  });

  it('says only that nothing is here to a reader who may not create', async () => {
    signInAs('admin');
    grant();
    mockApi.partners = [];
    renderEntityScreen(partners);
    const empty = within(await screen.findByTestId('entity-empty', {}, LOAD));
    expect(empty.getByText('No partners yet')).toBeInTheDocument();
    expect(empty.queryByRole('button')).not.toBeInTheDocument();
  });

  it('offers clearing the search when nothing matches it', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    renderEntityScreen(partners);
    await waitFor(() => expect(rows()).toHaveLength(3), LOAD);
    await user.type(screen.getByTestId('entity-keyword'), 'no such partner{Enter}');
    const empty = within(await screen.findByTestId('entity-empty', {}, LOAD));
    expect(empty.getByText('Nothing matches')).toBeInTheDocument();
    await user.click(empty.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(rows()).toHaveLength(3), LOAD);
    expect(screen.getByTestId('entity-keyword')).toHaveValue('');
  });

  it('says a failed load failed and loads again on retry', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    let failing = true;
    server.use(http.post('/api/v1/partners/search', () => (failing ? failed(500, 'Something went wrong') : undefined)));
    render(
      <MemoryRouter initialEntries={['/partners']}>
        <AdminContext
          dataProvider={dataProvider}
          authProvider={authProvider}
          i18nProvider={createI18nProvider('en')}
          store={memoryStore()}
          queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
        >
          <Routes>
            <Route path="/partners/:id?" element={<EntityTableScreen resource={partners} basePath="/partners" />} />
          </Routes>
        </AdminContext>
      </MemoryRouter>,
    );
    const failure = within(await screen.findByTestId('entity-load-failed', {}, LOAD));
    expect(failure.getByText('The list could not be loaded')).toBeInTheDocument();
    failing = false;
    await user.click(failure.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(3), LOAD);
  });
});

describe('bulk selection', { timeout: 30_000 }, () => {
  it('gives a read-only reader no checkboxes', async () => {
    signInAs('admin');
    grant('Export');
    renderEntityScreen(partners);
    await waitFor(() => expect(rows()).toHaveLength(3), LOAD);
    expect(screen.queryByTestId('select-all')).not.toBeInTheDocument();
    expect(screen.queryAllByTestId('select-row')).toHaveLength(0);
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });

  it('gives a reader who may delete the selection a checkbox per row and select-all', async () => {
    signInAs('admin');
    grant('Delete');
    renderEntityScreen(partners);
    await waitFor(() => expect(rows()).toHaveLength(3), LOAD);
    expect(screen.getByTestId('select-all')).toBeInTheDocument();
    expect(screen.getAllByTestId('select-row')).toHaveLength(3);
  });
});
