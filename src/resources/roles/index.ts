import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import type { RoleDto } from '../../../contract/roles.dto';
import { list, type ScreenDeclaration } from '../../admin/screenDeclaration';

/** Roles (/roles) and each role's permissions (/roles/{id}/permissions). */
const roles: ScreenDeclaration<RoleDto> = {
  name: 'roles',
  apiPath: 'roles',
  permissionResource: 'Roles',
  labelKey: 'app.nav.roles',
  icon: BadgeOutlined,
  access: list('Roles'),
  routes: [
    { path: 'roles/:id?', view: 'entity' },
    { path: 'roles/:id/permissions', titleKey: 'app.screens.rolePermissions', view: () => import('./RolePermissionsPage') },
  ],
  navigation: { area: 'administration', position: 20 },
  recordRepresentation: (role) => role.name,
  entity: () => import('./roleTable'),
};

export default roles;
