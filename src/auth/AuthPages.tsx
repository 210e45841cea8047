import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { routePaths } from '../config/routePaths';
import { AuthLayout } from './AuthLayout';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { SignInPage } from './SignInPage';
import { TokenVerifying } from './TokenStateViews';

/** The activation page sets a password (with the strength meter): loaded only there, out of the sign-in bundle. */
const ActivatePage = lazy(() => import('./ActivatePage'));
/** Where an identity provider sends the browser back (issue 37): rare, so out of the sign-in bundle too. */
const SsoCompletePage = lazy(() => import('./SsoCompletePage'));

const pageByPath: Record<string, ComponentType> = {
  [routePaths.signIn]: SignInPage,
  [routePaths.forgotPassword]: ForgotPasswordPage,
  [routePaths.activate]: ActivatePage,
  [routePaths.ssoComplete]: SsoCompletePage,
};

/** The lazily loaded sign-in bundle: MUI and react-router only, never react-admin. */
export default function AuthPages() {
  const { pathname } = useLocation();
  const Page = pageByPath[pathname.replace(/\/+$/, '')];
  if (!Page) return <Navigate to={routePaths.signIn} replace />;
  return (
    <AuthLayout>
      <Suspense fallback={<TokenVerifying />}>
        <Page />
      </Suspense>
    </AuthLayout>
  );
}
