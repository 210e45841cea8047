import { partnerUsersDeclaration } from '../../../contract/resources/partnerUsers';
import type { UserDto } from '../../../contract/users';
import { declaredScreen } from '../../admin/declaredScreen';
import type { ScreenDeclaration } from '../../admin/screenDeclaration';

/**
 * Partner users (/partner/users, API /partner-users): a partner admin's own partner's users; route, menu place,
 * icon and permission from the declaration (contract/resources/partnerUsers.ts), the users' table written here.
 */
const partnerUsers: ScreenDeclaration<UserDto> = declaredScreen(partnerUsersDeclaration, {
  // The menu item reads "User"; the list's title is the declaration's ("Partner users").
  labelKey: 'app.nav.partnerUsers',
  recordRepresentation: (user: UserDto) => user.fullName || user.email,
  // The server announces partner users' changes as changes of users.
  liveResource: 'users',
  entity: () => import('./partnerUserTable'),
});

export default partnerUsers;
