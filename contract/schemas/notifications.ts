import * as yup from 'yup';
import { MAX_PAGE_NUMBER } from '../http';
import { NOTIFICATIONS_PAGE_SIZE, type NotificationCountDto, type NotificationDto, type NotificationsMarkedDto } from '../notifications';
import { msg } from './messages';
import './fields';

/** At most this many notifications a page. */
export const NOTIFICATIONS_MAX_PAGE_SIZE = 100;

/** `GET /inbox?pageNumber=&pageSize=&unread=true`: a page of the reader's own, newest first. */
export const notificationsQuerySchema = yup.object({
  pageNumber: yup.number().integer().min(1, msg('validation.minValue')).max(MAX_PAGE_NUMBER, msg('validation.maxValue')).default(1),
  pageSize: yup
    .number()
    .integer()
    .min(1, msg('validation.minValue'))
    .max(NOTIFICATIONS_MAX_PAGE_SIZE, msg('validation.maxValue'))
    .default(NOTIFICATIONS_PAGE_SIZE),
  unread: yup.boolean().default(false),
});

const text = () => yup.string().defined();

/** The answers, typed by their DTOs (documentation only). */
export const notificationDtoSchema: yup.ObjectSchema<NotificationDto> = yup.object({
  id: yup.string().uuid().defined(),
  kind: text(),
  resource: text(),
  recordId: text(),
  link: yup.string().nullable().defined(),
  key: text(),
  values: yup.mixed<Record<string, string>>((value): value is Record<string, string> => typeof value === 'object' && value !== null).defined(),
  title: text(),
  message: text(),
  createdAt: yup.string().datetime().defined(),
  readAt: yup.string().datetime().nullable().defined(),
});

export const notificationCountDtoSchema: yup.ObjectSchema<NotificationCountDto> = yup.object({ unread: yup.number().integer().defined() });
export const notificationsMarkedDtoSchema: yup.ObjectSchema<NotificationsMarkedDto> = yup.object({ marked: yup.number().integer().defined() });
