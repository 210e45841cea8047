import { lazy, useMemo, useState } from 'react';
import { Route } from 'react-router-dom';
import { Admin, CustomRoutes, memoryStore } from 'react-admin';
import { LoadingScreen } from '../components/LoadingScreen';
import { routePaths } from '../config/routePaths';
import { createI18nProvider } from '../i18n/i18nProvider';
import { PortalLayout } from '../layout/PortalLayout';
import { ReactAdminToasts } from '../notifications/ReactAdminToasts';
import { AccessDeniedPage } from '../pages/errors/AccessDeniedPage';
import { languagePreference } from '../preferences/language';
import { themeModePreference } from '../preferences/themeMode';
import { authProvider } from '../providers/auth/authProvider';
import { dataProvider } from '../providers/data/dataProvider';
import { screenDeclarations } from '../resources';
import { themeOptions } from '../theme/themeOptions';
import { RedirectToNotFound } from './RedirectToNotFound';
import { RequireScreenAccess } from './RequireScreenAccess';
import { screenComponent } from './screenComponents';
import { resourceElementsOf } from './screenResources';
import { screenRoutes } from './screenRoutes';
import { startScreenLoad } from './startScreenLoad';
import { NOTIFICATIONS_ROUTE } from '../../contract/notifications';

const loadHomePage = () => import('../pages/home/HomePage');
const HomePage = lazy(loadHomePage);
const ProfilePage = lazy(() => import('../pages/profile/ProfilePage'));
const SettingsPage = lazy(() => import('../pages/settings/SettingsPage'));
const NotificationsPage = lazy(() => import('../pages/notifications/NotificationsPage'));

startScreenLoad(window.location.pathname, loadHomePage);

const lightTheme = themeOptions('light');
const darkTheme = themeOptions('dark');

const AdminLoading = () => <LoadingScreen layout="app" />;

/** Each route's screen behind its access check, made once (a lazy component must keep its identity). */
const guardedScreens = new Map(
  screenRoutes.map((route) => {
    const ScreenComponent = screenComponent(route);
    return [
      route.path,
      <RequireScreenAccess key={route.path} access={route.access}>
        <ScreenComponent />
      </RequireScreenAccess>,
    ];
  }),
);

function routeElements(withoutLayout: boolean) {
  return screenRoutes
    .filter((route) => route.withoutLayout === withoutLayout)
    .map(({ path }) => <Route key={path} path={`/${path}`} element={guardedScreens.get(path)} />);
}

const resourceElements = resourceElementsOf(screenDeclarations, (routePath) => guardedScreens.get(routePath)!);

/**
 * The react-admin app, lazily loaded for every path but the sign-in pages, inside the app's BrowserRouter.
 * Language and theme come from the stored preferences (react-admin's store mirrors them, in memory).
 */
export default function AdminApp() {
  const [store] = useState(() => memoryStore({ locale: languagePreference.get(), theme: themeModePreference.get() }));
  const i18nProvider = useMemo(() => createI18nProvider(), []);
  return (
    <Admin
      title="Partner Portal"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={store}
      lightTheme={lightTheme}
      darkTheme={darkTheme}
      defaultTheme={themeModePreference.get()}
      layout={PortalLayout}
      dashboard={HomePage}
      catchAll={RedirectToNotFound}
      accessDenied={AccessDeniedPage}
      loading={AdminLoading}
      notification={ReactAdminToasts}
      requireAuth
      disableTelemetry
    >
      <CustomRoutes>
        <Route path={routePaths.profile} element={<ProfilePage />} />
        <Route path={routePaths.settings} element={<SettingsPage />} />
        <Route path={NOTIFICATIONS_ROUTE} element={<NotificationsPage />} />
        {routeElements(false)}
      </CustomRoutes>
      <CustomRoutes noLayout>{routeElements(true)}</CustomRoutes>
      {resourceElements}
    </Admin>
  );
}
