import * as yup from 'yup';
import { SERVICE_LEVEL_LIMITS, WEEKDAYS, type BusinessHours, type Weekday } from '../serviceLevels';
import { TICKET_PRIORITIES, type TicketPriority } from '../tickets';
import { required, requiredText } from './fields';
import { msg } from './messages';

const TIME = /^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether the runtime knows an IANA time zone (an unknown one makes Intl throw). */
export function isKnownTimeZone(timeZone: string) {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const isCalendarDate = (value: string) => DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

const time = () => yup.string().required(required).max(5, msg('serviceLevels.errors.time')).matches(TIME, msg('serviceLevels.errors.time'));

const businessHours = yup
  .object({ start: time(), end: time() })
  .test(
    'order',
    msg('serviceLevels.errors.hoursOrder'),
    (hours) => !hours?.start || !hours.end || !TIME.test(hours.start) || !TIME.test(hours.end) || hours.end > hours.start,
  );

/** Ranges of one day, in any order, must not overlap. */
const overlapping = (hours: BusinessHours[]) => {
  const sorted = [...hours].sort((a, b) => a.start.localeCompare(b.start));
  return sorted.some((range, index) => index > 0 && range.start < sorted[index - 1].end);
};

const day = () =>
  yup
    .array(businessHours)
    .required(required)
    .max(SERVICE_LEVEL_LIMITS.hoursPerDay, msg('serviceLevels.errors.tooManyHours'))
    .test('overlap', msg('serviceLevels.errors.hoursOverlap'), (hours) => !hours || !overlapping(hours as BusinessHours[]));

const week = yup
  .object(Object.fromEntries(WEEKDAYS.map((weekday) => [weekday, day()])) as Record<Weekday, ReturnType<typeof day>>)
  .required(required)
  .test('open', msg('serviceLevels.errors.noHours'), (value) => !value || WEEKDAYS.some((weekday) => (value[weekday]?.length ?? 0) > 0));

const holiday = yup.object({
  date: yup
    .string()
    .required(required)
    .max(10, msg('serviceLevels.errors.holidayDate'))
    .test('date', msg('serviceLevels.errors.holidayDate'), (value) => !value || isCalendarDate(value)),
  name: requiredText(SERVICE_LEVEL_LIMITS.holidayNameMax),
});

const minutes = () =>
  yup
    .number()
    .typeError(msg('serviceLevels.errors.target'))
    .required(required)
    .integer(msg('serviceLevels.errors.target'))
    .min(1, msg('serviceLevels.errors.target'))
    .max(SERVICE_LEVEL_LIMITS.targetMinutesMax, msg('serviceLevels.errors.target'));

const target = yup.object({ firstResponse: minutes(), resolution: minutes() }).required(required);

/** PUT /support-desk/service-levels: the whole settings, replaced at once. */
export const serviceLevelSettingsSchema = yup.object({
  calendar: yup
    .object({
      timeZone: yup
        .string()
        .trim()
        .required(required)
        .max(64, msg('serviceLevels.errors.timeZone'))
        .test('zone', msg('serviceLevels.errors.timeZone'), (value) => !value || isKnownTimeZone(value)),
      week,
      holidays: yup
        .array(holiday)
        .required(required)
        .max(SERVICE_LEVEL_LIMITS.holidays, msg('serviceLevels.errors.tooManyHolidays'))
        .test('unique', msg('serviceLevels.errors.holidayDuplicate'), (list) => !list || new Set(list.map((h) => h?.date)).size === list.length),
    })
    .required(required),
  targets: yup.object(Object.fromEntries(TICKET_PRIORITIES.map((priority) => [priority, target])) as Record<TicketPriority, typeof target>).required(required),
});

export type ServiceLevelSettingsInput = yup.InferType<typeof serviceLevelSettingsSchema>;
