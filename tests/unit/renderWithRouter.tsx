import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, memoryStore } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createI18nProvider } from '../../src/i18n/i18nProvider';
import { authProvider } from '../../src/providers/auth/authProvider';
import { dataProvider } from '../../src/providers/data/dataProvider';
import { createResourceChangeApplier } from '../../src/realtime/resourceChanges';
import { ToastHost } from '../../src/notifications/ToastHost';
import { AppRoutes } from '../../src/routes/AppRoutes';
import { SessionEndedRedirect } from '../../src/routes/SessionEndedRedirect';
import { PortalThemeProvider } from '../../src/theme/PortalThemeProvider';

/** Shows where the app went, so a test can assert a navigation. */
export function CurrentPath() {
  const { pathname, search } = useLocation();
  return <div data-testid="current-path">{`${pathname}${search}`}</div>;
}

/** Renders `element` at `path` inside a router, with a marker page on every other path. */
export function renderAt(url: string, path: string, element: ReactElement) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <PortalThemeProvider>
        <Routes>
          <Route path={path} element={element} />
          <Route path="*" element={<CurrentPath />} />
        </Routes>
        <ToastHost />
      </PortalThemeProvider>
    </MemoryRouter>,
  );
}

/** The whole app (as src/main.tsx mounts it) at `url`. */
export function renderApp(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <PortalThemeProvider>
        <SessionEndedRedirect />
        <AppRoutes />
        <ToastHost />
        <CurrentPath />
      </PortalThemeProvider>
    </MemoryRouter>,
  );
}

/**
 * One screen inside react-admin's context with the real providers (MSW answers), at `url`; `changes` applies a
 * hub ResourceChanged to its queries as the layout's listener does.
 */
export function renderLiveScreen(url: string, screen: ReactElement) {
  const queryClient = new QueryClient();
  const rendered = render(
    <MemoryRouter initialEntries={[url]}>
      <AdminContext
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={createI18nProvider('en')}
        store={memoryStore()}
        queryClient={queryClient}
      >
        {screen}
      </AdminContext>
    </MemoryRouter>,
  );
  return { ...rendered, changes: createResourceChangeApplier(queryClient) };
}

/** The admin bundle loads lazily: give it time on a busy machine. */
export const LOAD = { timeout: 10_000 };
