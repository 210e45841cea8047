import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
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

/** The admin bundle loads lazily: give it time on a busy machine. */
export const LOAD = { timeout: 10_000 };
