/**
 * Service levels (issue 25, point 5): a business calendar and, per priority, targets in business minutes for the
 * first response and the resolution. The clock itself is computed from a ticket's history (serviceLevelClock.ts).
 */
import { TICKET_PRIORITIES, type TicketPriority } from './tickets';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Opening hours within one day, local "HH:MM" (end "24:00" is the day's end). */
export interface BusinessHours {
  start: string;
  end: string;
}

export interface Holiday {
  /** Local date "YYYY-MM-DD". */
  date: string;
  name: string;
}

export interface BusinessCalendar {
  /** IANA time zone the hours and holidays are read in. */
  timeZone: string;
  /** Opening hours per weekday, in order, not overlapping; an empty list is a closed day. */
  week: Record<Weekday, BusinessHours[]>;
  holidays: Holiday[];
}

export interface ServiceLevelTarget {
  /** Business minutes to the first staff reply (internal notes do not count). */
  firstResponse: number;
  /** Business minutes to RESOLVED or CLOSED. */
  resolution: number;
}

export type ServiceLevelTargets = Record<TicketPriority, ServiceLevelTarget>;

export interface ServiceLevelSettings {
  calendar: BusinessCalendar;
  targets: ServiceLevelTargets;
}

/** What the settings page reads: the settings and their version (If-Match on save). */
export interface ServiceLevelSettingsDto extends ServiceLevelSettings {
  updatedAt: string | null;
}

export const SLA_STATES = ['ok', 'near', 'breached', 'met', 'paused'] as const;
export type SlaState = (typeof SLA_STATES)[number];

export interface SlaTarget {
  /** When the target breaches if the clock keeps running; null when it is stopped (met, paused, or stopped breached). */
  dueAt: string | null;
  state: SlaState;
  /** Business minutes left (negative once breached). */
  businessMinutesLeft: number;
}

export interface TicketSla {
  firstResponse: SlaTarget | null;
  resolution: SlaTarget | null;
}

/** A ticket on staff Home's service level card. */
export interface SlaAttentionTicket {
  id: string;
  subject: string;
  partnerName: string;
  target: SlaTargetKind;
  state: 'breached' | 'near';
  businessMinutesLeft: number;
}

/** Staff Home's service level card (`GET /support-desk/service-levels/summary`): open tickets breached or near breach. */
export interface SlaSummaryDto {
  breached: number;
  near: number;
  /** The most pressing of them, most overdue first. */
  tickets: SlaAttentionTicket[];
}

/** How many tickets the Home card lists. */
export const SLA_SUMMARY_LIST = 8;

/** Limits of the settings (the server refuses more with 400). */
export const SERVICE_LEVEL_LIMITS = {
  hoursPerDay: 4,
  holidays: 366,
  holidayNameMax: 100,
  /** A year of business minutes at most. */
  targetMinutesMax: 366 * 24 * 60,
} as const;

/** A target is "near" (and its assignee reminded) once this share of its business minutes is used. */
export const SLA_NEAR_SHARE = 0.8;

const workday = (): BusinessHours[] => [{ start: '08:00', end: '17:00' }];

export const DEFAULT_SERVICE_LEVELS: ServiceLevelSettings = {
  calendar: {
    timeZone: 'Asia/Ho_Chi_Minh',
    week: { mon: workday(), tue: workday(), wed: workday(), thu: workday(), fri: workday(), sat: [], sun: [] },
    holidays: [],
  },
  targets: {
    LOW: { firstResponse: 8 * 60, resolution: 5 * 9 * 60 },
    NORMAL: { firstResponse: 4 * 60, resolution: 3 * 9 * 60 },
    HIGH: { firstResponse: 60, resolution: 9 * 60 },
    URGENT: { firstResponse: 30, resolution: 4 * 60 },
  },
};

export const SLA_TARGET_KINDS = ['firstResponse', 'resolution'] as const;
export type SlaTargetKind = (typeof SLA_TARGET_KINDS)[number];

export { TICKET_PRIORITIES };
