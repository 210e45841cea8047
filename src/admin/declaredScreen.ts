import type { Resource } from '../../contract/permissions';
import { labelKeysOf, type ResourceDeclaration } from '../../contract/resources/declaration';
import { declaredIcon } from './declaredIcons';
import { list, type ScreenDeclaration } from './screenDeclaration';

/**
 * The screen of a declared resource (contract/resources/): its route, menu item, react-admin resource, API path
 * and permission, and its table derived from the fields. `written` replaces what a resource writes itself (a
 * table with its own inputs or row actions).
 */
export function declaredScreen(d: ResourceDeclaration, written: Partial<ScreenDeclaration> = {}): ScreenDeclaration {
  const permission = d.permission as Resource;
  return {
    name: d.name,
    apiPath: d.name,
    permissionResource: permission,
    labelKey: labelKeysOf(d).title,
    icon: declaredIcon(d.screen?.icon),
    access: d.screen?.staffOnly ? { resource: permission, action: 'AdminView' } : list(permission),
    routes: [{ path: `${d.screen?.path ?? d.name}/:id?`, view: 'entity' }],
    ...(d.screen?.navigation ? { navigation: d.screen.navigation } : {}),
    recordRepresentation: (row: Record<string, unknown>) => String(row[d.titleField] ?? ''),
    entity: () => import('../entityTable/declaredEntityOf').then(({ default: declaredEntity }) => ({ default: declaredEntity(d) })),
    ...written,
  };
}
