import { createElement } from 'react';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import { registerSchema, updateUserSchema } from '../../../contract/schemas/accounts';
import type { UserDto } from '../../../contract/users';
import { declaredIdentity } from '../../admin/screenDeclaration';
import type { EntityResource } from '../../entityTable/types';
import users from '.';
import { PartnerFilterInput } from '../partners/PartnerFilterInput';
import { activeFilter, toggleStatusAction, userColumns } from './userColumns';
import { impersonateAction } from './ImpersonateDialog';
import { liftHoldAction } from './userHold';
import { UserAuditTrailDialog } from './UserAuditTrailDialog';
import { userApi } from './userApi';
import { userInputs } from './UserInputs';
import { UserRolesDialog } from './UserRolesDialog';
import { sessionsAction } from './UserSessionsDialog';

/** Users (/user-management): staff register (activation mail), edit, activate or deactivate, delete; roles and audit trail. */
const userTable: EntityResource<UserDto> = {
  ...declaredIdentity(users),
  titleKey: 'app.nav.users',
  nameKey: 'admin.users.name',
  descriptionKey: 'admin.users.description',
  emptyTitleKey: 'admin.empty.users',
  keywordSearch: true,
  filters: [activeFilter, { kind: 'custom', source: 'partnerId', labelKey: 'admin.users.fields.partner', Input: PartnerFilterInput }],
  columns: userColumns(),
  form: {
    Inputs: userInputs({ partnerPicker: 'always', rolePicker: true, apiResource: 'users' }),
    schema: { create: registerSchema, edit: updateUserSchema },
    create: userApi.register,
    width: 'md',
  },
  rowActions: [
    toggleStatusAction('users'),
    liftHoldAction('users'),
    sessionsAction('users'),
    {
      key: 'roles',
      labelKey: 'admin.users.roles',
      icon: createElement(ManageAccountsOutlined, { fontSize: 'small' }),
      access: { action: 'View', resource: 'UserRoles' },
      Dialog: UserRolesDialog,
    },
    {
      key: 'audit',
      labelKey: 'admin.users.auditTrail',
      icon: createElement(HistoryOutlined, { fontSize: 'small' }),
      access: { action: 'View', resource: 'AuditTrails' },
      Dialog: UserAuditTrailDialog,
    },
    impersonateAction,
  ],
};

export default userTable;
