import { apiResourceOf } from '../../../contract/apiResources';
import { canAccessWith, RESOURCES, type Resource } from '../../../contract/permissions';
import { screenNamed } from '../screenNames';

/**
 * A catalogue resource names itself; an API resource's name (contract/apiResources.ts) gives its permission
 * resource, screen or not; a screen's name gives its declaration's. Anything else is no resource.
 */
export function toPermissionResource(name: string | undefined): Resource | undefined {
  if (!name) return undefined;
  if ((RESOURCES as readonly string[]).includes(name)) return name as Resource;
  return apiResourceOf(name)?.permission ?? screenNamed(name)?.permissionResource;
}

/** react-admin's canAccess question answered from a permission list; an unknown resource is denied. */
export function canAccessResource(permissions: readonly string[], { action, resource }: { action: string; resource?: string }): boolean {
  return canAccessWith(permissions, { action, resource: toPermissionResource(resource) });
}
