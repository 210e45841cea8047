import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { Language } from '../../../contract/http';
import HelpArticlePage from '../../../src/helpCenter/HelpArticlePage';
import HelpPage from '../../../src/helpCenter/HelpPage';
import { createI18nProvider } from '../../../src/i18n/i18nProvider';
import { ToastHost } from '../../../src/notifications/ToastHost';
import { authProvider } from '../../../src/providers/auth/authProvider';
import { dataProvider } from '../../../src/providers/data/dataProvider';
import { CurrentPath } from '../renderWithRouter';

/** The Help page and article page at their routes, `extra` at any other path, in react-admin's context. */
export function renderHelp(url: string, { language = 'en', extra }: { language?: Language; extra?: ReactElement } = {}) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={createI18nProvider(language)} store={memoryStore()}>
        <Routes>
          <Route path="/help-center" element={<HelpPage />} />
          <Route path="/help-center/:slug" element={<HelpArticlePage />} />
          <Route path="*" element={extra ?? <CurrentPath />} />
        </Routes>
      </AdminContext>
      <ToastHost />
    </MemoryRouter>,
  );
}
