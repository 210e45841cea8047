import type { PartnerFormStatus } from './forms';
import type { TicketStatus } from './tickets';

/**
 * Home's dashboard (DESIGN.md "Home"; `GET /api/v1/dashboard`): what needs the reader now, for their audience.
 * A partner user gets `audience: 'partner'`, staff `audience: 'staff'`. A section the reader may not see (they
 * lack the permission that lists its rows) is `null`, never an empty list: the screen then leaves it out.
 */
export type DashboardDto = PartnerDashboardDto | StaffDashboardDto;

/** How many items a list section carries at most; its `total` counts them all. */
export const DASHBOARD_LIST_MAX = 5;
/** "Files about to expire": grants in force that end within this many days. */
export const DASHBOARD_EXPIRING_DAYS = 7;
/** Recent activity: this many audit rows, newest first. */
export const DASHBOARD_ACTIVITY_MAX = 8;

export interface DashboardList<T> {
  total: number;
  items: T[];
}

/** What the partner does next on a form: start it, go on filling it, fix what staff reopened, or wait for staff. */
export type PartnerFormNextStep = 'start' | 'continue' | 'fix' | 'wait';

export interface DashboardPartnerForm {
  id: string;
  formName: string;
  status: PartnerFormStatus;
  requiredFields: number;
  filledCount: number;
  totalFields: number;
  nextStep: PartnerFormNextStep;
  /** When it should be submitted (null: no due date). */
  dueAt: string | null;
  updatedAt: string;
}

export interface DashboardTicket {
  id: string;
  subject: string;
  status: TicketStatus;
  partnerName: string;
  /** Since when the other side has been waiting for an answer (the first unanswered message, or creation). */
  waitingSince: string;
}

export interface DashboardExpiringFile {
  grantId: string;
  fileId: string;
  fileName: string;
  validTo: string;
  downloadsLeft: number | null;
}

export interface PartnerDashboardDto {
  audience: 'partner';
  /** Onboarding: every partner form of the partner, counted by status; `due` lists the ones not submitted. */
  onboarding: { assigned: number; submitted: number; due: DashboardList<DashboardPartnerForm> } | null;
  /** Open tickets whose last word is ours (staff): the partner's answer is awaited. */
  ticketsAwaitingAnswer: DashboardList<DashboardTicket> | null;
  /** Grants in force for the reader that end within DASHBOARD_EXPIRING_DAYS, soonest first. */
  expiringFiles: DashboardList<DashboardExpiringFile> | null;
}

/** One form definition's partner forms along the onboarding funnel. */
export interface DashboardFunnelRow {
  definitionId: string;
  formName: string;
  /** Assigned and not yet touched (OPEN, nothing filled). */
  assigned: number;
  /** Being filled (OPEN with answers, or LOCKED). */
  inProgress: number;
  submitted: number;
  /** Sent back by staff and not submitted again. */
  reopened: number;
}

export interface DashboardFileRequest {
  id: string;
  requesterName: string;
  partnerName: string;
  /** The file asked for, or the free text when none was named. */
  subject: string;
  createdAt: string;
}

export interface DashboardActivity {
  id: string;
  at: string;
  actorName: string | null;
  /** Create, Update or Delete. */
  type: string;
  /** The audit trail's table name, e.g. `tickets`. */
  tableName: string;
  primaryKey: string;
  /** What a person calls the record (a ticket's subject, a form's or partner's name, a file's name), when its row has one. */
  recordName: string | null;
}

export interface StaffDashboardDto {
  audience: 'staff';
  /** Every ticket counted by status. */
  ticketsByStatus: Record<TicketStatus, number> | null;
  /** OPEN tickets whose last word is the partner's, longest waiting first. */
  ticketsWaitingForUs: DashboardList<DashboardTicket> | null;
  /** Per form definition with partner forms, most partner forms first (at most 8 rows). */
  funnel: DashboardFunnelRow[] | null;
  fileRequestsWaiting: DashboardList<DashboardFileRequest> | null;
  recentActivity: DashboardActivity[] | null;
}
