import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { RolePermissionsChange } from '../../../contract/roles.dto';
import { ConfirmDialog } from '../../entityTable/ConfirmDialog';
import { permissionLabel } from './permissionCatalogue';

interface PermissionChangeDialogProps {
  roleName: string;
  change: RolePermissionsChange;
  saving: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

function PermissionList({ titleKey, keys, color }: { titleKey: string; keys: string[]; color: 'success' | 'error' }) {
  const translate = useTranslate();
  if (keys.length === 0) return null;
  return (
    <Box sx={{ mb: 2 }} data-testid={`permission-change-${color === 'success' ? 'added' : 'removed'}`}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {translate(titleKey, { smart_count: keys.length })}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
        {keys.map((key) => (
          <Chip key={key} size="small" color={color} variant="outlined" label={permissionLabel(translate, key)} title={key} />
        ))}
      </Box>
    </Box>
  );
}

/** What a save would change, from the server's preview: asked before the permissions are replaced. */
export function PermissionChangeDialog({ roleName, change, saving, onCancel, onConfirm }: PermissionChangeDialogProps) {
  const translate = useTranslate();
  return (
    <ConfirmDialog
      open
      title={translate('admin.permissions.confirmTitle', { role: roleName })}
      busy={saving}
      onCancel={onCancel}
      onConfirm={onConfirm}
      testId="permission-change-dialog"
    >
      <PermissionList titleKey="admin.permissions.added" keys={change.added} color="success" />
      <PermissionList titleKey="admin.permissions.removed" keys={change.removed} color="error" />
      <Alert severity={change.affectedUsers > 0 ? 'warning' : 'info'} data-testid="permission-change-affected">
        {change.affectedUsers === 0
          ? translate('admin.permissions.affectedNone')
          : translate('admin.permissions.affectedUsers', { smart_count: change.affectedUsers })}
      </Alert>
    </ConfirmDialog>
  );
}
