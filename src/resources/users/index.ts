import GroupOutlined from '@mui/icons-material/GroupOutlined';
import type { UserDto } from '../../../contract/users';
import { list, type ScreenDeclaration } from '../../admin/screenDeclaration';

/** Users (/user-management, API /users): every account, for staff. */
const users: ScreenDeclaration<UserDto> = {
  name: 'user-management',
  apiPath: 'users',
  permissionResource: 'Users',
  labelKey: 'app.nav.users',
  icon: GroupOutlined,
  access: list('Users'),
  routes: [{ path: 'user-management/:id?', view: 'entity' }],
  navigation: { area: 'administration', position: 10 },
  recordRepresentation: (user) => user.fullName || user.email,
  entity: () => import('./userTable'),
};

export default users;
