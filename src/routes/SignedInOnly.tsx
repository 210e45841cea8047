import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { routePaths } from '../config/routePaths';
import { hasUsableSession } from '../providers/session/tokenRefresh';

/** Sends a visitor without a usable session to /sign-in before the admin bundle is even loaded. */
export function SignedInOnly({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!hasUsableSession()) return <Navigate to={routePaths.signIn} replace state={{ from: location }} />;
  return children;
}
