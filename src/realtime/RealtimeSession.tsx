import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useGetIdentity } from 'react-admin';
import type { SessionUser } from '../providers/auth/sessionUser';
import { useHubEvent } from './hooks';
import { realtime } from './realtime';
import { applyResourceChange } from './resourceChanges';
import { useNotificationFeed } from './useNotificationFeed';

/**
 * Runs the realtime connection while the signed-in layout is on screen (it follows the token and stops on
 * sign-out), turns ResourceChanged into list refreshes and ReceiveNotification into the bell and toasts.
 */
export function RealtimeSession() {
  const queryClient = useQueryClient();
  const { identity } = useGetIdentity();
  useEffect(() => realtime.activate(), []);
  useHubEvent('ResourceChanged', (change) => applyResourceChange(queryClient, change));
  useNotificationFeed((identity as SessionUser | undefined)?.id);
  return null;
}
