import { useState } from 'react';
import LockClockOutlined from '@mui/icons-material/LockClockOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useLocaleState, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { UserDto } from '../../../contract/users';
import type { EntityRowAction } from '../../entityTable/types';
import { useResourceAccess } from '../../entityTable/useResourceAccess';
import { userApi } from './userApi';

export type UserApiResource = 'users' | 'partner-users';

/** When a hold ends, as the reader reads it: the time alone today, else the date too. */
export function useHoldTime() {
  const [locale] = useLocaleState();
  return (iso: string) => {
    const at = new Date(iso);
    const today = at.toDateString() === new Date().toDateString();
    const format = new Intl.DateTimeFormat(locale === 'vi' ? 'vi-VN' : 'en-GB', today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' });
    return format.format(at);
  };
}

/** A held account's sign-in, in words with an icon (not colour alone), and until when. */
export function HeldChip({ user }: { user: Pick<UserDto, 'heldUntil'> }) {
  const translate = useTranslate();
  const timeOf = useHoldTime();
  if (!user.heldUntil) return null;
  return (
    <Chip
      size="small"
      color="error"
      variant="outlined"
      icon={<LockClockOutlined />}
      label={translate('admin.users.hold.chip', { until: timeOf(user.heldUntil) })}
      data-testid="user-held"
      sx={{ maxWidth: '100%' }}
    />
  );
}

/** Lifts the hold on a held user's sign-in from the row's menu (Update permission); the server audits it. */
export function liftHoldAction(apiResource: UserApiResource): EntityRowAction<UserDto> {
  return {
    key: 'lift-hold',
    labelKey: 'admin.users.hold.lift',
    icon: <LockOpenOutlined fontSize="small" />,
    access: { action: 'Update' },
    appliesTo: (user) => !!user.heldUntil,
    run: async (user, { notify, refresh }) => {
      await userApi.liftHold(apiResource, String(user.id));
      notify('admin.users.hold.lifted');
      refresh();
    },
  };
}

/** In the user's edit dialog: the hold, until when, and a button that lifts it (Update permission). */
export function HeldNotice({ apiResource }: { apiResource: UserApiResource }) {
  const record = useRecordContext<UserDto>();
  const translate = useTranslate();
  const notify = useNotify();
  const timeOf = useHoldTime();
  const { can } = useResourceAccess(apiResource === 'users' ? 'Users' : 'PartnerUsers');
  const [lifted, setLifted] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record?.heldUntil || lifted) return null;
  const lift = async () => {
    setBusy(true);
    try {
      await userApi.liftHold(apiResource, String(record.id));
      setLifted(true);
      notify('admin.users.hold.lifted', { type: 'success' });
    } catch {
      // The request's own toast says what went wrong.
    } finally {
      setBusy(false);
    }
  };
  // The button under the words, not beside them: beside, a long label squeezes into a narrow column on a phone.
  return (
    <Alert severity="warning" icon={<LockClockOutlined />} sx={{ mb: 2 }} data-testid="user-held-notice">
      {translate('admin.users.hold.notice', { until: timeOf(record.heldUntil) })}
      {can({ action: 'Update' }) && (
        <Box sx={{ mt: 1 }}>
          <Button
            type="button"
            variant="outlined"
            color="inherit"
            size="small"
            startIcon={<LockOpenOutlined />}
            onClick={lift}
            disabled={busy}
            data-testid="lift-hold"
          >
            {translate('admin.users.hold.lift')}
          </Button>
        </Box>
      )}
    </Alert>
  );
}
