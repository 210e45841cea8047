import { useEffect } from 'react';
import { useNotificationContext, useTakeUndoableMutation, useTranslate } from 'react-admin';
import { showToast } from './toastStore';

/**
 * react-admin's `notification` slot: hands react-admin's notifications (saved, deleted, undo…) to our
 * toasts, so the whole app shows one kind of toast. An undoable change commits when its toast closes.
 */
export function ReactAdminToasts() {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();

  useEffect(() => {
    if (notifications.length === 0) return;
    const notification = takeNotification();
    if (!notification) return;
    const { message, type, notificationOptions = {} } = notification;
    const { messageArgs, undoable, autoHideDuration } = notificationOptions;
    const text = typeof message === 'string' ? translate(message, { _: message, ...messageArgs }) : message;
    if (!undoable) {
      showToast(type, text, autoHideDuration === undefined ? {} : { autoCloseMs: autoHideDuration });
      return;
    }
    let settled = false;
    const settle = (isUndo: boolean) => {
      if (settled) return;
      settled = true;
      takeMutation()?.({ isUndo });
    };
    showToast(type, text, {
      action: { label: translate('ra.action.undo'), onClick: () => settle(true) },
      onClose: () => settle(false),
    });
  }, [notifications, takeNotification, takeMutation, translate]);

  return null;
}
