import { lazy, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { LoadingScreen } from '../components/LoadingScreen';
import { authPaths, routePaths } from '../config/routePaths';
import { SignedInOnly } from './SignedInOnly';
import { SignedOutOnly } from './SignedOutOnly';

/*
 * Two bundles behind one router: the sign-in pages (MUI and react-router only) and the react-admin app.
 * Keep react-admin out of everything this file imports statically: the sign-in page's budget is 180 KB gzip.
 */
const AuthPages = lazy(() => import('../auth/AuthPages'));
const AdminApp = lazy(() => import('../admin/AdminApp'));
const NotFoundPage = lazy(() => import('../pages/errors/NotFoundPage'));
const SecondFactorSetupPage = lazy(() => import('../secondFactor/SecondFactorSetupPage'));

/** The shape of the page on its way: the sign-in column on the sign-in pages, the signed-in shell elsewhere. */
function BundleLoading() {
  const { pathname } = useLocation();
  return <LoadingScreen layout={(authPaths as readonly string[]).includes(pathname) ? 'signIn' : 'app'} />;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<BundleLoading />}>
      <Routes>
        {authPaths.map((path) => (
          <Route
            key={path}
            path={path}
            element={
              <SignedOutOnly>
                <AuthPages />
              </SignedOutOnly>
            }
          />
        ))}
        <Route path={routePaths.notFound} element={<NotFoundPage />} />
        <Route
          path={routePaths.secondFactorSetup}
          element={
            <SignedInOnly>
              <SecondFactorSetupPage />
            </SignedInOnly>
          }
        />
        <Route
          path="*"
          element={
            <SignedInOnly>
              <AdminApp />
            </SignedInOnly>
          }
        />
      </Routes>
    </Suspense>
  );
}
