import { apiResourceOf } from '../../../contract/apiResources';
import { canAccessWith, RESOURCES, type Resource } from '../../../contract/permissions';
import { screenDeclarations } from '../../resources';

/** Each screen's name onto its permission resource (src/resources/<resource>/index.ts). */
const permissionResourceByName = new Map(screenDeclarations.map((declaration) => [declaration.name, declaration.permissionResource]));

/**
 * A catalogue resource names itself; an API resource's name (contract/apiResources.ts) gives its permission
 * resource, screen or not; a screen's name gives its declaration's. Anything else is no resource.
 */
export function toPermissionResource(name: string | undefined): Resource | undefined {
  if (!name) return undefined;
  if ((RESOURCES as readonly string[]).includes(name)) return name as Resource;
  return apiResourceOf(name)?.permission ?? permissionResourceByName.get(name);
}

/** react-admin's canAccess question answered from a permission list; an unknown resource is denied. */
export function canAccessResource(permissions: readonly string[], { action, resource }: { action: string; resource?: string }): boolean {
  return canAccessWith(permissions, { action, resource: toPermissionResource(resource) });
}
