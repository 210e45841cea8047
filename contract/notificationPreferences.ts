import type { Language } from './http';

/** The mails a user chooses how to receive (issue 38, item 4). */
export const CHOOSABLE_NOTIFICATION_KINDS = ['ticketReplies', 'partnerForms', 'fileAccess'] as const;
export type ChoosableNotificationKind = (typeof CHOOSABLE_NOTIFICATION_KINDS)[number];

/** Security mails: always sent at once, shown fixed, never turned off. */
export const SECURITY_NOTIFICATION_KINDS = ['signInHolds', 'newSignIns', 'secondFactor', 'passwordReset', 'activation'] as const;
export type SecurityNotificationKind = (typeof SECURITY_NOTIFICATION_KINDS)[number];

/** `portal`: in the portal only; `mail`: a mail at once; `digest`: in one daily mail. */
export const NOTIFICATION_CHANNELS = ['portal', 'mail', 'digest'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const DEFAULT_DIGEST_TIME_ZONE = 'Asia/Ho_Chi_Minh';
/** The local hour the daily digest goes out. */
export const DIGEST_HOUR = 8;

export interface NotificationPreferencesDto {
  channels: Record<ChoosableNotificationKind, NotificationChannel>;
  /** Always `mail`: listed so the screen shows them fixed. */
  security: SecurityNotificationKind[];
  /** The digest's language; null: every language, as the other mails. */
  language: Language | null;
  timeZone: string;
}

export interface NotificationPreferencesInput {
  channels?: Partial<Record<ChoosableNotificationKind, NotificationChannel>>;
  language?: Language | null;
  timeZone?: string;
}
