import type { NotificationMessage } from '../../contract/realtime';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A notification in the reader's language: the server sends English texts plus `key` and `values`
 * (i18n/api.*.ts `${key}.title` and `${key}.message`), which the app's catalogue mirrors. A status value
 * is shown by its label; without a key, or with a key the catalogue lacks, the English texts stand.
 */
export function notificationText(translate: Translate, notification: NotificationMessage): { title: string; message: string } {
  if (!notification.key) return { title: notification.title, message: notification.message };
  const values: Record<string, unknown> = { ...notification.values };
  if (typeof values.status === 'string') values.status = translate(`tickets.status.${values.status}`, { _: values.status });
  return {
    title: translate(`${notification.key}.title`, { ...values, _: notification.title }),
    message: translate(`${notification.key}.message`, { ...values, _: notification.message }),
  };
}
