import { useCallback } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PagedResult } from '../../contract/envelope';
import { INBOX_RESOURCE, type NotificationCountDto, type NotificationDto, type NotificationsMarkedDto } from '../../contract/notifications';
import { apiPaths } from '../config/apiPaths';
import { apiRequest } from '../providers/http';
import type { LiveResourceMeta } from '../realtime/resourceChanges';

/**
 * The signed-in user's inbox, kept on the server (issue 24): the unread count, pages of notifications, and
 * marking read. Its queries follow the hub: a ReceiveNotification (useNotificationFeed), a ResourceChanged of
 * `notifications` (a mark read on another tab or device) and a Resync each refetch what is on screen.
 */

const live: LiveResourceMeta = { liveResource: 'notifications' };
const INBOX_KEY = INBOX_RESOURCE;
const inboxPath = (rest = '') => `${apiPaths.resource(INBOX_RESOURCE)}${rest}`;

/** Marks every inbox query stale: those on screen refetch. */
export const refetchInbox = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: [INBOX_KEY] });

/** How many of the reader's notifications are unread (undefined until the server has answered). */
export function useUnreadCount(enabled = true): number | undefined {
  const query = useQuery({
    queryKey: [INBOX_KEY, 'unreadCount', { meta: live }],
    queryFn: async ({ signal }) => (await apiRequest<NotificationCountDto>(inboxPath('/unread-count'), { signal, notify: false })).data,
    enabled,
  });
  return query.data?.unread;
}

export interface InboxPageQuery {
  page: number;
  pageSize: number;
  unreadOnly?: boolean;
  enabled?: boolean;
}

/** One page of the reader's notifications, newest first; the previous page stays on screen while the next loads. */
export function useInboxPage({ page, pageSize, unreadOnly = false, enabled = true }: InboxPageQuery) {
  return useQuery({
    queryKey: [INBOX_KEY, 'list', { meta: live, page, pageSize, unreadOnly }],
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ pageNumber: String(page), pageSize: String(pageSize), ...(unreadOnly ? { unread: 'true' } : {}) });
      return (await apiRequest<PagedResult<NotificationDto>>(`${inboxPath()}?${query}`, { signal, notify: false })).data;
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Marking one notification read, or all of them: the inbox refetches once the server has answered, then `onDone` runs. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  const one = useMutation({
    mutationFn: (id: string) => apiRequest<NotificationDto>(inboxPath(`/${encodeURIComponent(id)}/read`), { method: 'POST' }),
    onSettled: () => refetchInbox(queryClient),
  });
  const all = useMutation({
    mutationFn: () => apiRequest<NotificationsMarkedDto>(inboxPath('/read-all'), { method: 'POST' }),
    onSettled: () => refetchInbox(queryClient),
  });
  const { mutate: markOne } = one;
  const { mutate: markAll } = all;
  return {
    /** Marks it read unless it already is. */
    markRead: useCallback(
      (notification: Pick<NotificationDto, 'id' | 'readAt'>, onDone?: () => void) =>
        notification.readAt ? undefined : markOne(notification.id, { onSuccess: onDone }),
      [markOne],
    ),
    markAllRead: useCallback((onDone?: () => void) => markAll(undefined, { onSuccess: onDone }), [markAll]),
    markingAll: all.isPending,
  };
}
