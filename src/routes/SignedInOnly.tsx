import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { routePaths } from '../config/routePaths';
import { secondFactorSetupPending } from '../providers/auth/secondFactorSetupFlag';
import { hasUsableSession } from '../providers/session/tokenRefresh';

/** Sends a visitor without a usable session to /sign-in before the admin bundle is even loaded, and one who must set up a second factor to its setup. */
export function SignedInOnly({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!hasUsableSession()) return <Navigate to={routePaths.signIn} replace state={{ from: location }} />;
  // A role that requires a second factor the user has not set up: its setup first (the server refuses the rest).
  if (secondFactorSetupPending() && location.pathname !== routePaths.secondFactorSetup) return <Navigate to={routePaths.secondFactorSetup} replace />;
  return children;
}
