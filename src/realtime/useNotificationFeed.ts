import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { refetchInbox, useMarkRead } from '../notifications/inbox';
import { notificationText } from '../notifications/notificationText';
import { showToast } from '../notifications/toastStore';
import { useHubEvent, useOnHubConnected } from './hooks';

/**
 * The signed-in user's notifications from the hub (ReceiveNotification, each already stored on the server): the
 * bell and the lists refetch, and a toast in the reader's language offers to open what it is about. About the
 * page on screen (a message in the chat one is reading) it is marked read at once, without a toast. After a
 * reconnect the inbox refetches too (what came meanwhile is on the server).
 */
export function useNotificationFeed() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const { markRead } = useMarkRead();

  useOnHubConnected(() => void refetchInbox(queryClient));

  useHubEvent('ReceiveNotification', (notification) => {
    void refetchInbox(queryClient);
    const unread = { id: notification.id, readAt: null };
    if (notification.link && notification.link === pathname) {
      markRead(unread);
      return;
    }
    const { title, message } = notificationText(translate, notification);
    const link = notification.link;
    showToast('info', `${title}: ${message}`, {
      action: link
        ? {
            label: translate('notifications.open'),
            onClick: () => {
              markRead(unread);
              navigate(link);
            },
          }
        : undefined,
    });
  });
}
