import { canAccessWith, type Resource } from '../../contract/permissions';

/**
 * What a screen or a navigation item needs: an action on a permission resource. `list` means holding View
 * or Search of it (specification section 2: a resource-only permission); no access means any signed-in user.
 */
export interface ScreenAccess {
  resource: Resource;
  action: 'list' | 'AdminView' | 'Configure' | 'View';
}

export function isAllowed(permissions: readonly string[] | undefined, access?: ScreenAccess): boolean {
  return !access || canAccessWith(permissions ?? [], access);
}
