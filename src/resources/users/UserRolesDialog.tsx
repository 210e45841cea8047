import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Switch from '@mui/material/Switch';
import { useNotify, useTranslate } from 'react-admin';
import type { UserDto, UserRoleDto } from '../../../contract/users';
import type { RowActionDialogProps } from '../../entityTable/types';
import { useResourceAccess } from '../../entityTable/useResourceAccess';
import { userApi } from './userApi';

/** A user's roles: every role with a switch, saved together (POST /api/users/{id}/roles). */
export function UserRolesDialog({ record, onClose, onChanged }: RowActionDialogProps<UserDto>) {
  const translate = useTranslate();
  const notify = useNotify();
  const { can } = useResourceAccess('UserRoles');
  const mayUpdate = can({ action: 'Update' });
  const [roles, setRoles] = useState<UserRoleDto[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const loading = new AbortController();
    userApi.roles(String(record.id), loading.signal).then(setRoles, () => setFailed(true));
    return () => loading.abort();
  }, [record.id]);

  const toggle = (roleId: string) => setRoles((current) => current?.map((r) => (r.roleId === roleId ? { ...r, enabled: !r.enabled } : r)) ?? null);

  const save = async () => {
    if (!roles) return;
    setSaving(true);
    try {
      await userApi.saveRoles(String(record.id), roles);
      notify('admin.users.rolesSaved', { type: 'success' });
      onChanged();
      onClose();
    } catch {
      // The HTTP client has shown why (a role above yours, the last Admin).
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="user-roles-dialog" aria-labelledby="user-roles-title">
      <DialogTitle id="user-roles-title">{translate('admin.users.rolesTitle', { name: record.fullName || record.email })}</DialogTitle>
      <DialogContent dividers>
        {failed && <Alert severity="error">{translate('admin.users.rolesFailed')}</Alert>}
        {!roles && !failed && <CircularProgress aria-label={translate('app.loading')} sx={{ display: 'block', mx: 'auto', my: 3 }} />}
        {roles && (
          <List disablePadding>
            {roles.map((role) => (
              <ListItem
                key={role.roleId}
                disableGutters
                secondaryAction={
                  <Switch
                    edge="end"
                    checked={role.enabled}
                    disabled={!mayUpdate || saving}
                    onChange={() => toggle(role.roleId)}
                    slotProps={{ input: { role: 'switch', 'aria-label': role.roleName } as object }}
                    data-testid={`user-role-${role.roleName}`}
                  />
                }
              >
                <ListItemText primary={role.roleName} secondary={role.description} sx={{ pr: 6 }} />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} color="inherit">
          {translate('admin.table.cancel')}
        </Button>
        {mayUpdate && (
          <Button variant="contained" onClick={() => void save()} disabled={!roles || saving} data-testid="user-roles-save">
            {translate('admin.table.submit')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
