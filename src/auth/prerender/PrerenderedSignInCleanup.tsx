import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { routePaths } from '../../config/routePaths';
import { dropPrerendered } from './prerenderedSignIn';

/**
 * Removes the prerendered sign-in screen once the app is elsewhere: a signed-in reader sent from /sign-in to Home
 * never reaches the sign-in form that would otherwise take it over.
 */
export function PrerenderedSignInCleanup() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    if (pathname.replace(/\/+$/, '') !== routePaths.signIn) dropPrerendered();
  }, [pathname]);
  return null;
}
