import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { routePaths } from '../config/routePaths';
import { hasUsableSession } from '../providers/session/tokenRefresh';

/** Auth pages are for signed-out users; a signed-in user goes home (specification section 2). */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  if (hasUsableSession()) return <Navigate to={routePaths.home} replace />;
  return children;
}
