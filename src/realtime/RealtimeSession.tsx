import { useEffect } from 'react';
import { useGetIdentity } from 'react-admin';
import type { SessionUser } from '../providers/auth/sessionUser';
import { realtime } from './realtime';
import { useRefetchOnResourceChanged } from './resourceChanges';
import { useNotificationFeed } from './useNotificationFeed';

/**
 * Runs the realtime connection while the signed-in layout is on screen (it follows the token and stops on
 * sign-out), turns ResourceChanged into list refreshes and ReceiveNotification into the bell and toasts.
 */
export function RealtimeSession() {
  const { identity } = useGetIdentity();
  useEffect(() => realtime.activate(), []);
  useRefetchOnResourceChanged();
  useNotificationFeed((identity as SessionUser | undefined)?.id);
  return null;
}
