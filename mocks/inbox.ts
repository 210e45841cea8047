import { http } from 'msw';
import type { PagedResult } from '../contract/envelope';
import type { NotificationDto } from '../contract/notifications';
import { failed, ok } from './envelopes';
import { claimsOf } from './tokens';

/** The server's inbox as the mock holds it: each user's notifications, newest first. */
const byUser = new Map<string, NotificationDto[]>();

export const inboxMock = {
  reset() {
    byUser.clear();
  },
  /** Stores a notification for the user, as the server's relays do before the hub delivers it. */
  add(userId: string, notification: NotificationDto) {
    byUser.set(userId, [notification, ...(byUser.get(userId) ?? [])]);
  },
  of: (userId: string) => byUser.get(userId) ?? [],
};

const readerOf = (request: Request) => claimsOf(request.headers.get('authorization')?.replace(/^Bearer /, '') ?? '')?.sub ?? null;

/** /api/v1/inbox: the signed-in user's own notifications (another's id is a 404). */
export const inboxHandlers = [
  http.get('/api/v1/inbox', ({ request }) => {
    const reader = readerOf(request);
    if (!reader) return failed(401, 'Unauthorized');
    const url = new URL(request.url);
    const pageNumber = Number(url.searchParams.get('pageNumber') ?? 1);
    const pageSize = Number(url.searchParams.get('pageSize') ?? 20);
    const all = inboxMock.of(reader).filter((n) => url.searchParams.get('unread') !== 'true' || !n.readAt);
    const page: PagedResult<NotificationDto> = {
      items: all.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
      totalCount: all.length,
      currentPage: pageNumber,
      pageSize,
    };
    return ok(page);
  }),
  http.get('/api/v1/inbox/unread-count', ({ request }) => {
    const reader = readerOf(request);
    if (!reader) return failed(401, 'Unauthorized');
    return ok({ unread: inboxMock.of(reader).filter((n) => !n.readAt).length });
  }),
  http.post('/api/v1/inbox/read-all', ({ request }) => {
    const reader = readerOf(request);
    if (!reader) return failed(401, 'Unauthorized');
    const unread = inboxMock.of(reader).filter((n) => !n.readAt);
    byUser.set(
      reader,
      inboxMock.of(reader).map((n) => (n.readAt ? n : { ...n, readAt: '2025-03-01T11:00:00.000Z' })),
    );
    return ok({ marked: unread.length });
  }),
  http.post('/api/v1/inbox/:id/read', ({ request, params }) => {
    const reader = readerOf(request);
    if (!reader) return failed(401, 'Unauthorized');
    const found = inboxMock.of(reader).find((n) => n.id === params.id);
    if (!found) return failed(404, 'Not found');
    const read = { ...found, readAt: found.readAt ?? '2025-03-01T11:00:00.000Z' };
    byUser.set(
      reader,
      inboxMock.of(reader).map((n) => (n.id === read.id ? read : n)),
    );
    return ok(read);
  }),
];
