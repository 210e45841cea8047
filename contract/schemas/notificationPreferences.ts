import * as yup from 'yup';
import { LANGUAGES } from '../http';
import { CHOOSABLE_NOTIFICATION_KINDS, NOTIFICATION_CHANNELS, SECURITY_NOTIFICATION_KINDS } from '../notificationPreferences';
import { msg } from './messages';
import './fields';

const channel = () => yup.string().oneOf([...NOTIFICATION_CHANNELS], msg('validation.notOption'));

/** A time zone the runtime knows (IANA name, at most 64 characters). */
export const isKnownTimeZone = (zone: string) => {
  if (zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/**
 * `PUT /account/notification-preferences`: only the choosable kinds, unknown keys refused (a security kind, `__proto__`,
 * `toString` alike).
 */
export const notificationPreferencesSchema = yup
  .object({
    channels: yup
      .object(Object.fromEntries(CHOOSABLE_NOTIFICATION_KINDS.map((kind) => [kind, channel()])))
      .noUnknown(msg('validation.unknownField'))
      .strict()
      .default(undefined),
    language: yup
      .string()
      .oneOf([...LANGUAGES], msg('validation.notOption'))
      .nullable(),
    timeZone: yup
      .string()
      .max(64, msg('validation.maxLength'))
      .test('time-zone', msg('validation.notOption'), (zone) => zone === undefined || isKnownTimeZone(zone)),
  })
  .noUnknown(msg('validation.unknownField'))
  .strict();

const TOP_FIELDS: readonly string[] = ['channels', 'language', 'timeZone'];

/**
 * The body's keys no preference names, each with its message: the validation pass drops unknown fields quietly, but
 * here an unknown or security kind must be refused, not ignored (own keys only: `__proto__` and `toString` too).
 */
export function unknownPreferenceKeys(body: unknown): { field: string; message: string }[] {
  if (typeof body !== 'object' || body === null) return [];
  const wrong = Object.keys(body)
    .filter((key) => !TOP_FIELDS.includes(key))
    .map((key) => ({ field: key, message: 'validation.unknownField' }));
  const channels = (body as Record<string, unknown>).channels;
  if (typeof channels === 'object' && channels !== null && !Array.isArray(channels))
    for (const key of Object.keys(channels).slice(0, 20)) {
      if ((SECURITY_NOTIFICATION_KINDS as readonly string[]).includes(key))
        wrong.push({ field: `channels.${key}`, message: 'notificationPreferences.securityFixed' });
      else if (!(CHOOSABLE_NOTIFICATION_KINDS as readonly string[]).includes(key)) wrong.push({ field: `channels.${key}`, message: 'validation.unknownField' });
    }
  return wrong.slice(0, 20);
}

/** The answer, typed by its DTO (documentation only). */
export const notificationPreferencesDtoSchema = yup.object({
  channels: yup.object(Object.fromEntries(CHOOSABLE_NOTIFICATION_KINDS.map((kind) => [kind, channel().defined()]))).defined(),
  security: yup
    .array(
      yup
        .string()
        .oneOf([...SECURITY_NOTIFICATION_KINDS])
        .defined(),
    )
    .defined(),
  language: yup
    .string()
    .oneOf([...LANGUAGES])
    .nullable()
    .defined(),
  timeZone: yup.string().defined(),
});
