import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import DevicesOutlined from '@mui/icons-material/DevicesOutlined';
import { useTranslate } from 'react-admin';
import type { UserDto } from '../../../contract/users';
import type { EntityRowAction, RowActionDialogProps } from '../../entityTable/types';
import { useResourceAccess } from '../../entityTable/useResourceAccess';
import { SessionList } from '../../pages/profile/sessionList';
import type { UserApiResource } from './userHold';

/** A user's sign-ins for staff (or a partner admin for their partner's users), each with End (the server checks rank). */
function sessionsDialogOf(apiResource: UserApiResource) {
  return function UserSessionsDialog({ record, onClose }: RowActionDialogProps<UserDto>) {
    const translate = useTranslate();
    const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
    const { can } = useResourceAccess(apiResource === 'users' ? 'Users' : 'PartnerUsers');
    return (
      <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={narrow} aria-labelledby="user-sessions-title" data-testid="user-sessions-dialog">
        <DialogTitle id="user-sessions-title">
          {translate('sessions.staffTitle', { name: record.fullName || record.email })}
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {translate('sessions.staffIntro')}
          </Typography>
        </DialogTitle>
        <DialogContent dividers>
          <SessionList owner={{ kind: 'user', apiResource, userId: String(record.id) }} emptyKey="sessions.noneForUser" canEnd={can({ action: 'Update' })} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('sessions.close')}</Button>
        </DialogActions>
      </Dialog>
    );
  };
}

/** "Sessions" in a user row's menu (View permission of the table's resource; ending needs Update, checked by the server). */
export function sessionsAction(apiResource: UserApiResource): EntityRowAction<UserDto> {
  return {
    key: 'sessions',
    labelKey: 'sessions.action',
    icon: <DevicesOutlined fontSize="small" />,
    access: { action: 'View' },
    Dialog: sessionsDialogOf(apiResource),
  };
}
