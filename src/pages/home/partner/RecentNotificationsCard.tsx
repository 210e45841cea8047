import { useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import { useTranslate } from 'react-admin';
import { notificationStore } from '../../../notifications/notificationStore';
import { notificationText } from '../../../notifications/notificationText';
import { EmptyState } from '../../../components/EmptyState';
import { DashboardCard } from '../DashboardCard';
import { LinkedItemList } from '../LinkedItemList';
import { useTimeText } from '../useTimeText';
import { DASHBOARD_LIST_MAX } from '../../../../contract/dashboard';

/** The newest notifications of the bell's list (kept in this browser), unread ones marked; opening one marks it read. */
export function RecentNotificationsCard() {
  const translate = useTranslate();
  const time = useTimeText();
  const notifications = useSyncExternalStore(notificationStore.subscribe, notificationStore.getSnapshot, notificationStore.getSnapshot);
  const recent = notifications.slice(0, DASHBOARD_LIST_MAX);
  return (
    <DashboardCard title={translate('dashboard.notifications.title')} testId="dashboard-notifications">
      {recent.length === 0 ? (
        <EmptyState dense title={translate('dashboard.notifications.emptyTitle')} hint={translate('dashboard.notifications.emptyHint')} />
      ) : (
        <LinkedItemList
          label={translate('dashboard.notifications.title')}
          items={recent.map((notification) => {
            const { title, message } = notificationText(translate, notification);
            return {
              key: notification.id,
              to: notification.link ?? undefined,
              onOpen: () => notificationStore.markRead(notification.id),
              primary: title,
              secondary: (
                <span>
                  {message} · <span title={time.absolute(notification.createdAt)}>{time.relative(notification.createdAt)}</span>
                </span>
              ),
              trailing: !notification.read && (
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
      )}
    </DashboardCard>
  );
}
