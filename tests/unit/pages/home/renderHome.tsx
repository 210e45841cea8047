import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, memoryStore } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { Language } from '../../../../contract/http';
import HomePage from '../../../../src/pages/home/HomePage';
import { createI18nProvider } from '../../../../src/i18n/i18nProvider';
import { authProvider } from '../../../../src/providers/auth/authProvider';
import { dataProvider } from '../../../../src/providers/data/dataProvider';
import { createResourceChangeApplier } from '../../../../src/realtime/resourceChanges';
import { PortalThemeProvider } from '../../../../src/theme/PortalThemeProvider';
import { CurrentPath } from '../../renderWithRouter';

/** Home at `/` in `language`, with the real providers (MSW answers); any link followed shows its path. */
export function renderHome(language: Language = 'en') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rendered = render(
    <MemoryRouter initialEntries={['/']}>
      <PortalThemeProvider>
        <AdminContext
          dataProvider={dataProvider}
          authProvider={authProvider}
          i18nProvider={createI18nProvider(language)}
          store={memoryStore()}
          queryClient={queryClient}
        >
          <Routes>
            <Route path="/" element={<HomePage />} />
            <Route path="*" element={<CurrentPath />} />
          </Routes>
        </AdminContext>
      </PortalThemeProvider>
    </MemoryRouter>,
  );
  return { ...rendered, changes: createResourceChangeApplier(queryClient) };
}
