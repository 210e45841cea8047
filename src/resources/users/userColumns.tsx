import ToggleOnOutlined from '@mui/icons-material/ToggleOnOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { UserDto } from '../../../contract/users';
import type { EntityColumn, EntityFilter, EntityRowAction } from '../../entityTable/types';
import { userApi } from './userApi';
import { HeldChip } from './userHold';

/** Active, inactive, or waiting for the user to activate the account from the mail. */
export function UserStatusChip({ user }: { user: UserDto }) {
  const translate = useTranslate();
  if (user.isActive) return <Chip size="small" color="success" variant="outlined" label={translate('admin.users.status.active')} data-testid="user-status" />;
  const key = user.emailConfirmed ? 'admin.users.status.inactive' : 'admin.users.status.invited';
  return <Chip size="small" color={user.emailConfirmed ? 'default' : 'warning'} variant="outlined" label={translate(key)} data-testid="user-status" />;
}

/** The status chip, and under it the hold on the user's sign-in when there is one. */
function UserStatus({ user }: { user: UserDto }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
      <UserStatusChip user={user} />
      <HeldChip user={user} />
    </Box>
  );
}

function UserName({ user }: { user: UserDto }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
        {user.fullName || '—'}
      </Typography>
      <Typography variant="caption" noWrap component="p" sx={{ color: 'text.secondary' }}>
        {user.email}
      </Typography>
    </Box>
  );
}

/** The columns both user screens show; the partner of each user only to staff (a partner's users share theirs). */
export function userColumns(): EntityColumn<UserDto>[] {
  return [
    { source: 'firstName', labelKey: 'admin.users.fields.fullName', sortable: true, render: (user) => <UserName user={user} />, maxWidth: 280, card: 'title' },
    { source: 'partnerName', labelKey: 'admin.users.fields.partner', maxWidth: 200, hideOnMobile: true, staffOnly: true, card: 'fact' },
    { source: 'role', labelKey: 'admin.users.fields.role', hideOnMobile: true, card: 'fact' },
    { source: 'phoneNumber', labelKey: 'admin.users.fields.phoneNumber', hideOnMobile: true, card: 'fact' },
    { source: 'isActive', labelKey: 'admin.users.fields.status', sortable: true, render: (user) => <UserStatus user={user} />, card: 'status' },
  ];
}

export const activeFilter: EntityFilter = {
  kind: 'select',
  source: 'isActive',
  labelKey: 'admin.users.fields.status',
  choices: [
    { value: 'active', labelKey: 'admin.users.status.active', filterValue: true },
    { value: 'inactive', labelKey: 'admin.users.status.inactive', filterValue: false },
  ],
};

/** Activate or deactivate from the row (Update permission); the server refuses yourself and the last Admin. */
export function toggleStatusAction(apiResource: 'users' | 'partner-users'): EntityRowAction<UserDto> {
  return {
    key: 'toggle-status',
    labelKey: (user) => (user.isActive ? 'admin.users.deactivate' : 'admin.users.activate'),
    icon: <ToggleOnOutlined fontSize="small" />,
    access: { action: 'Update' },
    run: async (user, { notify, refresh }) => {
      const updated = await userApi.toggleStatus(apiResource, String(user.id));
      notify(updated?.isActive ? 'admin.users.activated' : 'admin.users.deactivated');
      refresh();
    },
  };
}
