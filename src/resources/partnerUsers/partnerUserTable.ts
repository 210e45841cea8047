import { registerSchema, updateUserSchema } from '../../../contract/schemas/accounts';
import type { UserDto } from '../../../contract/users';
import { declaredIdentity } from '../../admin/screenDeclaration';
import type { EntityResource } from '../../entityTable/types';
import { activeFilter, toggleStatusAction, userColumns } from '../users/userColumns';
import { userInputs } from '../users/UserInputs';
import partnerUsers from '.';

/**
 * Partner users (/partner/users, API /partner-users): a partner admin invites, edits, deactivates and deletes
 * the users of their own partner; the server answers 404 for anyone else's.
 */
const partnerUserTable: EntityResource<UserDto> = {
  ...declaredIdentity(partnerUsers),
  titleKey: 'admin.partnerUsers.title',
  nameKey: 'admin.partnerUsers.name',
  descriptionKey: 'admin.partnerUsers.description',
  emptyTitleKey: 'admin.empty.users',
  keywordSearch: true,
  filters: [activeFilter],
  columns: userColumns(),
  form: {
    Inputs: userInputs({ partnerPicker: 'staff', rolePicker: false }),
    schema: { create: registerSchema.omit(['roleId']), edit: updateUserSchema.omit(['partnerId']) },
    width: 'md',
  },
  rowActions: [toggleStatusAction('partner-users')],
};

export default partnerUserTable;
