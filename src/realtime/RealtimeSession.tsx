import { useEffect } from 'react';
import { realtime } from './realtime';
import { useRefetchOnResourceChanged } from './resourceChanges';
import { useNotificationFeed } from './useNotificationFeed';

/**
 * Runs the realtime connection while the signed-in layout is on screen (it follows the token and stops on
 * sign-out), turns ResourceChanged into list refreshes and ReceiveNotification into a refetched inbox and toasts.
 */
export function RealtimeSession() {
  useEffect(() => realtime.activate(), []);
  useRefetchOnResourceChanged();
  useNotificationFeed();
  return null;
}
