import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { notificationStore } from '../notifications/notificationStore';
import { notificationText } from '../notifications/notificationText';
import { showToast } from '../notifications/toastStore';
import { useHubEvent } from './hooks';

/**
 * The signed-in user's notifications from the hub (ReceiveNotification): into the bell's list (per user), and
 * a toast in the reader's language with a way to open what it is about. About the page on screen (a message
 * in the chat one is reading) it goes into the list as read, without a toast.
 */
export function useNotificationFeed(userId: string | undefined) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  useEffect(() => {
    if (userId) notificationStore.setUser(userId);
  }, [userId]);

  useHubEvent('ReceiveNotification', (notification) => {
    const onScreen = !!notification.link && notification.link === pathname;
    if (!notificationStore.add(notification, { read: onScreen }) || onScreen) return;
    const { title, message } = notificationText(translate, notification);
    const link = notification.link;
    showToast('info', `${title}: ${message}`, {
      action: link
        ? {
            label: translate('notifications.open'),
            onClick: () => {
              notificationStore.markRead(notification.id);
              navigate(link);
            },
          }
        : undefined,
    });
  });
}
