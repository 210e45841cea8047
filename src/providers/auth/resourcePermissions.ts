import { canAccessWith, RESOURCES, type Resource } from '../../../contract/permissions';
import { screenDeclarations } from '../../resources';

/** Each declared resource name onto its permission resource (src/resources/<resource>/index.ts). */
const permissionResourceByName = new Map(screenDeclarations.map((declaration) => [declaration.name, declaration.permissionResource]));

/** A catalogue resource names itself; a react-admin resource name is looked up in the declarations. */
export function toPermissionResource(name: string | undefined): Resource | undefined {
  if (!name) return undefined;
  if ((RESOURCES as readonly string[]).includes(name)) return name as Resource;
  return permissionResourceByName.get(name);
}

/** react-admin's canAccess question answered from a permission list; an unknown resource is denied. */
export function canAccessResource(permissions: readonly string[], { action, resource }: { action: string; resource?: string }): boolean {
  return canAccessWith(permissions, { action, resource: toPermissionResource(resource) });
}
