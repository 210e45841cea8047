import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import type { UserDto } from '../../../contract/users';
import { list, type ScreenDeclaration } from '../../admin/screenDeclaration';

/** Partner users (/partner/users, API /partner-users): a partner admin's own partner's users. */
const partnerUsers: ScreenDeclaration<UserDto> = {
  name: 'partner-users',
  apiPath: 'partner-users',
  permissionResource: 'PartnerUsers',
  labelKey: 'app.nav.partnerUsers',
  icon: PeopleAltOutlined,
  access: list('PartnerUsers'),
  routes: [{ path: 'partner/users/:id?', view: 'entity' }],
  navigation: { area: 'start', position: 10 },
  recordRepresentation: (user) => user.fullName || user.email,
  // The server announces partner users' changes as changes of users.
  liveResource: 'users',
  entity: () => import('./partnerUserTable'),
};

export default partnerUsers;
