import type { ReactNode } from 'react';
import { usePermissions } from 'react-admin';
import { LoadingScreen } from '../components/LoadingScreen';
import { AccessDeniedPage } from '../pages/errors/AccessDeniedPage';
import { isAllowed, type ScreenAccess } from './screenAccess';

/** Renders the screen when the user holds its permission, the access-denied page when not. */
export function RequireScreenAccess({ access, children }: { access?: ScreenAccess; children: ReactNode }) {
  const { permissions, isPending } = usePermissions<string[]>();
  if (!access) return children;
  if (isPending) return <LoadingScreen />;
  return isAllowed(permissions, access) ? children : <AccessDeniedPage />;
}
