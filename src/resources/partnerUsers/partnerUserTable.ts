import { partnerUsersDeclaration } from '../../../contract/resources/partnerUsers';
import { registerSchema, updateUserSchema } from '../../../contract/schemas/accounts';
import type { UserDto } from '../../../contract/users';
import { declaredIdentity } from '../../admin/screenDeclaration';
import { declaredEntity } from '../../entityTable/declaredEntity';
import type { EntityResource } from '../../entityTable/types';
import { activeFilter, toggleStatusAction, userColumns } from '../users/userColumns';
import { userInputs } from '../users/UserInputs';
import { liftHoldAction } from '../users/userHold';
import { sessionsAction } from '../users/UserSessionsDialog';
import partnerUsers from '.';

// The declaration's titles, keyword search and default sort.
const { titleKey, nameKey, descriptionKey, emptyTitleKey, defaultSort, keywordSearch } = declaredEntity(partnerUsersDeclaration);

/**
 * Partner users (/partner/users, API /partner-users): a partner admin invites, edits, deactivates and deletes
 * the users of their own partner; the server answers 404 for anyone else's. Titles, keyword search and default
 * sort are the declaration's; columns, status filter, dialogs and the status toggle are the users' own.
 */
const partnerUserTable: EntityResource<UserDto> = {
  ...declaredIdentity(partnerUsers),
  titleKey,
  nameKey,
  descriptionKey,
  emptyTitleKey,
  defaultSort,
  keywordSearch,
  filters: [activeFilter],
  columns: userColumns(),
  form: {
    Inputs: userInputs({ partnerPicker: 'staff', rolePicker: false, apiResource: 'partner-users' }),
    schema: { create: registerSchema.omit(['roleId']), edit: updateUserSchema.omit(['partnerId']) },
    width: 'md',
  },
  // Users are not exported (the declaration serves no Export).
  exportable: false,
  rowActions: [toggleStatusAction('partner-users'), liftHoldAction('partner-users'), sessionsAction('partner-users')],
};

export default partnerUserTable;
