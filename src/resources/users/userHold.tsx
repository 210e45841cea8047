import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import LockClockOutlined from '@mui/icons-material/LockClockOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import UnsubscribeOutlined from '@mui/icons-material/UnsubscribeOutlined';
import Chip from '@mui/material/Chip';
import { useLocaleState, useTranslate } from 'react-admin';
import type { UserDto } from '../../../contract/users';
import type { EntityRowAction } from '../../entityTable/types';
import { userApi } from './userApi';
import { UserMarkNotice, type UserApiResource } from './UserMarkNotice';

export type { UserApiResource };

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
  const timeOf = useHoldTime();
  return (
    <UserMarkNotice
      apiResource={apiResource}
      markOf={(user) => user.heldUntil}
      icon={<LockClockOutlined />}
      text={(until) => ['admin.users.hold.notice', { until: timeOf(until) }]}
      action={{ labelKey: 'admin.users.hold.lift', icon: <LockOpenOutlined />, doneKey: 'admin.users.hold.lifted', run: userApi.liftHold }}
      testId="user-held-notice"
      actionTestId="lift-hold"
    />
  );
}

/** In the user's edit dialog: mail to their address bounces, since when, and a button that sends mail again (Update permission). */
export function MailBounceNotice({ apiResource }: { apiResource: UserApiResource }) {
  const timeOf = useHoldTime();
  return (
    <UserMarkNotice
      apiResource={apiResource}
      markOf={(user) => user.mailBouncedAt ?? null}
      icon={<UnsubscribeOutlined />}
      text={(since, user) => ['admin.users.mailBounce.notice', { since: timeOf(since), email: user.email }]}
      action={{
        labelKey: 'admin.users.mailBounce.resume',
        icon: <ForwardToInboxOutlined />,
        doneKey: 'admin.users.mailBounce.resumed',
        run: userApi.resumeMail,
      }}
      testId="user-mail-bounce-notice"
      actionTestId="resume-mail"
    />
  );
}
