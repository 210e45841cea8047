import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { NOTIFICATIONS_ROUTE } from '../../../../contract/notifications';
import { DASHBOARD_LIST_MAX } from '../../../../contract/dashboard';
import { EmptyState } from '../../../components/EmptyState';
import { useInboxPage, useMarkRead } from '../../../notifications/inbox';
import { notificationText } from '../../../notifications/notificationText';
import { DashboardCard } from '../DashboardCard';
import { LinkedItemList } from '../LinkedItemList';
import { useTimeText } from '../useTimeText';

/** The newest notifications of the reader's inbox (on the server: the same on every device), unread ones marked; opening one marks it read. */
export function RecentNotificationsCard() {
  const translate = useTranslate();
  const time = useTimeText();
  const inbox = useInboxPage({ page: 1, pageSize: DASHBOARD_LIST_MAX });
  const { markRead } = useMarkRead();
  const recent = inbox.data?.items ?? [];
  return (
    <DashboardCard title={translate('dashboard.notifications.title')} testId="dashboard-notifications">
      {recent.length === 0 ? (
        inbox.isPending ? null : (
          <EmptyState
            dense
            title={translate(inbox.isError ? 'notifications.loadFailed' : 'dashboard.notifications.emptyTitle')}
            hint={inbox.isError ? undefined : translate('dashboard.notifications.emptyHint')}
          />
        )
      ) : (
        <>
          <LinkedItemList
            label={translate('dashboard.notifications.title')}
            items={recent.map((notification) => {
              const { title, message } = notificationText(translate, notification);
              return {
                key: notification.id,
                to: notification.link ?? undefined,
                onOpen: () => markRead(notification),
                primary: title,
                secondary: (
                  <span>
                    {message} · <span title={time.absolute(notification.createdAt)}>{time.relative(notification.createdAt)}</span>
                  </span>
                ),
                trailing: !notification.readAt && (
                  <Box
                    component="span"
                    role="img"
                    aria-label={translate('dashboard.notifications.unread')}
                    sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: 'primary.main', flexShrink: 0 }}
                  />
                ),
              };
            })}
          />
          <Box sx={{ px: 2, pt: 1 }}>
            <Link component={RouterLink} to={NOTIFICATIONS_ROUTE} data-testid="dashboard-notifications-see-all">
              {translate('notifications.seeAll')}
            </Link>
          </Box>
        </>
      )}
    </DashboardCard>
  );
}
