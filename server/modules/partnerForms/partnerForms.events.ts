import type { PartnerFormStatus } from '../../../contract/forms';

/** A form was assigned to a partner (by staff or by an onboarding rule): the partner hears it by hub and mail. */
export interface PartnerFormAssigned {
  type: 'PartnerFormAssigned';
  partnerFormId: string;
  partnerId: string;
  definitionId: string;
  actorId: string | null;
}

/** A partner submitted a partner form: onboarding rules assign the next form in the submit's transaction. */
export interface PartnerFormSubmitted {
  type: 'PartnerFormSubmitted';
  partnerFormId: string;
  partnerId: string;
  definitionId: string;
  actorId: string;
}

/** Staff locked, unlocked, reopened (or returned for changes) a partner form, or accepted it in review (a reopen mails the partner). */
export interface PartnerFormStatusChanged {
  type: 'PartnerFormStatusChanged';
  partnerFormId: string;
  partnerId: string;
  status: PartnerFormStatus;
  previousStatus: PartnerFormStatus;
  /** What staff did (LOCKED → OPEN is an unlock or a reopen): a reopen mails the partner, the others only notify. */
  change: 'locked' | 'unlocked' | 'reopened' | 'accepted';
  actorId: string;
  /** A reopen that returns a review round for changes: how many questions were flagged (only those take answers). */
  flagged?: number;
}

/**
 * A reminder of a partner form not submitted is due (partnerFormReminders.ts), published once per reminder by the
 * instance whose tick inserted it: its partner's readers are notified and mailed.
 */
export interface PartnerFormReminderDue {
  type: 'PartnerFormReminderDue';
  partnerFormId: string;
  partnerId: string;
  kind: 'due' | 'returned';
  /** Before (or at) the due date, after it, or after a return for changes. */
  stage: 'dueSoon' | 'overdue' | 'returnedReminder';
  /** The configured point ("-3d"). */
  point: string;
  /** The due date or the reopen instant it is measured from (ISO). */
  anchorAt: string;
}

export type PartnerFormEvent = PartnerFormAssigned | PartnerFormSubmitted | PartnerFormStatusChanged | PartnerFormReminderDue;
