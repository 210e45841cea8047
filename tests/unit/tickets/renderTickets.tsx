import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { Language } from '../../../contract/http';
import { createI18nProvider } from '../../../src/i18n/i18nProvider';
import { ToastHost } from '../../../src/notifications/ToastHost';
import { authProvider } from '../../../src/providers/auth/authProvider';
import { dataProvider } from '../../../src/providers/data/dataProvider';
import { CurrentPath } from '../renderWithRouter';

/** `element` inside react-admin's context as the app gives it (data, auth, i18n) and the toasts, at `url`. */
export function renderWithAdmin(element: ReactElement, { url = '/', path = '*', language = 'en' }: { url?: string; path?: string; language?: Language } = {}) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={createI18nProvider(language)} store={memoryStore()}>
        <Routes>
          <Route path={path} element={element} />
          {path !== '*' && <Route path="*" element={<CurrentPath />} />}
        </Routes>
      </AdminContext>
      <ToastHost />
    </MemoryRouter>,
  );
}
