import { and, count, desc, eq, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { PagedResult } from '../../../contract/envelope';
import { NOTIFICATION_RETENTION_DAYS, type NotificationAbout, type NotificationDto, type NotificationKey } from '../../../contract/notifications';
import type { AppContext } from '../../context';
import { notFound } from '../../core/errors';
import { translate } from '../../core/i18n';
import type { Db } from '../../db/client';
import { preparedStatement, rowOf } from '../../core/preparedStatement';
import { notificationRecipients, notifications } from './notifications.schema';

/** A notification to store: who reads it (user ids), what it is about, and its message. */
export interface NotificationToStore {
  /** The users who may read the record now (the hub's relays decide, by the same audiences as its deliveries). */
  readers: string[];
  about: NotificationAbout;
  kind: string;
  /** i18n key of the api catalogues: `${key}.title` and `${key}.message`, filled with `values`. */
  key: NotificationKey;
  values: Record<string, string>;
  link: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

type Row = typeof notifications.$inferSelect & { readAt: Date | null };

/** A stored notification as its reader has it; English texts for clients that show them as they are. */
export function notificationDtoOf(row: Row): NotificationDto {
  return {
    id: row.id,
    kind: row.kind,
    resource: row.resource,
    recordId: row.recordId,
    link: row.link,
    key: row.messageKey,
    values: row.values,
    title: translate('en', `${row.messageKey}.title`, row.values),
    message: translate('en', `${row.messageKey}.message`, row.values),
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/** The notification and a recipient row for each reader ($7, user ids), in one statement. */
const STORE_NOTIFICATION = `with stored as (
    insert into notifications (kind, resource, record_id, link, message_key, values) values ($1, $2, $3, $4, $5, $6::jsonb) returning *
  ), recipients as (
    insert into notification_recipients (notification_id, user_id, created_at) select stored.id, reader, stored.created_at from stored, unnest($7::uuid[]) as reader
  )
  select * from stored`;

const storeStatements = new WeakMap<Db, ReturnType<typeof preparedStatement>>();

/**
 * Stores one notification and a recipient row for each reader, in one statement (one round trip, its own
 * transaction); null without readers. The hub's relays call it on the instance where the change was made, so each
 * event is stored once.
 */
export async function storeNotification(db: Db, notification: NotificationToStore) {
  const readers = [...new Set(notification.readers)];
  if (!readers.length) return null;
  let store = storeStatements.get(db);
  if (!store) storeStatements.set(db, (store = preparedStatement(db, 'notification_store', STORE_NOTIFICATION)));
  const { kind, about, link, key, values } = notification;
  const [raw] = await store([kind, about.resource, about.recordId, link, key, JSON.stringify(values), readers]);
  return notificationDtoOf({ ...rowOf(notifications, raw), readAt: null });
}

/**
 * Whose inbox is read: the user's, and whether support reads it while impersonating them. The notice that support
 * signed in as the user is theirs alone: the impersonator neither sees, counts nor marks it read.
 */
export interface InboxReader {
  id: string;
  impersonated: boolean;
}

/** The kind of the notice that support signed in as a user (modules/impersonation). */
export const IMPERSONATED_KIND = 'impersonated';

const ofReader = (db: Db, reader: InboxReader) =>
  reader.impersonated
    ? and(
        eq(notificationRecipients.userId, reader.id),
        notInArray(
          notificationRecipients.notificationId,
          db.select({ id: notifications.id }).from(notifications).where(eq(notifications.kind, IMPERSONATED_KIND)),
        ),
      )!
    : eq(notificationRecipients.userId, reader.id);
const UNREAD = isNull(notificationRecipients.readAt);

/** The signed-in user's own notifications: nobody reads, counts or marks another's (their ids answer 404). */
export function createNotificationService(ctx: Pick<AppContext, 'db'>) {
  const { db } = ctx;
  const { id, kind, resource, recordId, link, messageKey, values, createdAt } = notifications;
  const selection = { id, kind, resource, recordId, link, messageKey, values, createdAt, readAt: notificationRecipients.readAt };

  async function one(reader: InboxReader, id: string) {
    const [row] = await db
      .select(selection)
      .from(notificationRecipients)
      .innerJoin(notifications, eq(notifications.id, notificationRecipients.notificationId))
      .where(and(ofReader(db, reader), eq(notificationRecipients.notificationId, id)));
    return row ? notificationDtoOf(row) : null;
  }

  return {
    /** A page of the reader's notifications, newest first; `unread` keeps the unread ones only. */
    async list(reader: InboxReader, page: { pageNumber: number; pageSize: number; unread?: boolean }): Promise<PagedResult<NotificationDto>> {
      const where = page.unread ? and(ofReader(db, reader), UNREAD) : ofReader(db, reader);
      const counted = db.select({ total: count() }).from(notificationRecipients).where(where);
      // The total rides on each row of the page (computed once, as an init plan): one round trip for both.
      const rows = await db
        .select({ ...selection, total: sql<number>`(${counted})`.mapWith(Number) })
        .from(notificationRecipients)
        .innerJoin(notifications, eq(notifications.id, notificationRecipients.notificationId))
        .where(where)
        .orderBy(desc(notificationRecipients.createdAt), desc(notificationRecipients.notificationId))
        .limit(page.pageSize)
        .offset((page.pageNumber - 1) * page.pageSize);
      // A page past the end holds no row to carry the total: only then is it read alone.
      const total = rows[0]?.total ?? (page.pageNumber > 1 ? (await counted)[0].total : 0);
      return { items: rows.map(notificationDtoOf), totalCount: total, currentPage: page.pageNumber, pageSize: page.pageSize };
    },

    async unreadCount(reader: InboxReader) {
      const [{ unread }] = await db
        .select({ unread: count() })
        .from(notificationRecipients)
        .where(and(ofReader(db, reader), UNREAD));
      return { unread };
    },

    /** Marks one of the reader's notifications read (again is a no-op); another's, or none, is a 404. */
    async markRead(reader: InboxReader, id: string) {
      await db
        .update(notificationRecipients)
        .set({ readAt: new Date() })
        .where(and(ofReader(db, reader), eq(notificationRecipients.notificationId, id), UNREAD));
      const notification = await one(reader, id);
      if (!notification) throw notFound();
      return notification;
    },

    /** Marks every unread notification of the reader read; answers how many were. */
    async markAllRead(reader: InboxReader) {
      const marked = await db
        .update(notificationRecipients)
        .set({ readAt: new Date() })
        .where(and(ofReader(db, reader), UNREAD))
        .returning({ id: notificationRecipients.notificationId });
      return { marked: marked.length };
    },
  };
}

/**
 * Retention: deletes the notifications older than NOTIFICATION_RETENTION_DAYS (their recipients go with them).
 * One bounded DELETE: several instances may run it at once, the second finds nothing left to delete.
 */
export async function deleteOldNotifications(db: Db, now: Date = new Date()) {
  const before = new Date(now.getTime() - NOTIFICATION_RETENTION_DAYS * DAY_MS);
  const deleted = await db.delete(notifications).where(lt(notifications.createdAt, before)).returning({ id: notifications.id });
  return deleted.length;
}
