import { useCallback } from 'react';
import { usePermissions } from 'react-admin';
import { canAccessWith, type Resource } from '../../contract/permissions';
import type { ActionAccess } from './types';

/**
 * The signed-in user's permissions as the authProvider gives them, asked per action: `can({ action })` on
 * the screen's resource, or on another one. Nothing is allowed while they load.
 */
export function useResourceAccess(resource: Resource) {
  const { permissions, isPending } = usePermissions<string[]>();
  const can = useCallback(
    ({ action, resource: other }: ActionAccess) => !isPending && canAccessWith(permissions ?? [], { action, resource: other ?? resource }),
    [permissions, isPending, resource],
  );
  return { can, isPending };
}
