import * as yup from 'yup';
import { TICKET_DESCRIPTION_MAX, TICKET_MESSAGE_MAX, TICKET_PRIORITIES, TICKET_STATUSES, TICKET_SUBJECT_MAX } from '../tickets';
import { id, maxLength, required, requiredText } from './fields';
import { msg } from './messages';
import { searchRequestSchema } from './search';
import { ticketCategory } from './ticketAssignment';

const status = () => yup.string().oneOf([...TICKET_STATUSES], msg('validation.typeError'));
const priority = () => yup.string().oneOf([...TICKET_PRIORITIES], msg('validation.typeError'));

/** An assignee filter: a staff user's id, `me` (the caller) or `none` (unassigned). */
export const ASSIGNEE_ME = 'me';
export const ASSIGNEE_NONE = 'none';
const assigneeFilter = () =>
  yup
    .string()
    .trim()
    .max(36, maxLength)
    .test('assignee', msg('validation.id'), (v) => v === undefined || v === ASSIGNEE_ME || v === ASSIGNEE_NONE || yup.string().uuid().isValidSync(v));

/**
 * POST /tickets (multipart fields or JSON). The description is HTML the server sanitises; `partnerId` is
 * for staff raising a ticket on a partner's behalf and ignored for partner users.
 */
export const createTicketSchema = yup.object({
  subject: requiredText(TICKET_SUBJECT_MAX),
  description: yup.string().max(TICKET_DESCRIPTION_MAX, maxLength).default(''),
  partnerId: id(),
  /** Issue 25: what the ticket is about; the assignment settings may map it to a priority. */
  category: ticketCategory(),
});

export type CreateTicketInput = yup.InferType<typeof createTicketSchema>;

/** PUT /tickets/{id}: the owner closes or reopens its ticket (contract/tickets.ts PARTNER_STATUS_CHANGES). */
export const updateTicketStatusSchema = yup.object({
  status: status().required(required),
});

/** PUT /tickets/admin/{id} (specification section 3 "Ticket status update payload"). */
export const adminUpdateTicketSchema = yup.object({
  ticketId: id().required(required),
  status: status().required(required),
});

/** POST /tickets/{id}/messages: a body (HTML or plain text) is required unless files come with it. */
export const ticketMessageSchema = yup.object({
  body: yup.string().max(TICKET_MESSAGE_MAX, maxLength).default(''),
  /** Issue 25: an internal note, staff only (TicketNotes.Create); a partner never receives it. */
  internal: yup.boolean().default(false),
});

/** PUT /tickets/{id}/reads: the reader has seen the chat up to this message (of the same ticket). */
export const ticketReadSchema = yup.object({
  messageId: id().required(required),
});

/**
 * POST /tickets/search. The subject filter is `subject`, or `title` as the specification's client sends it;
 * `id` matches the start of a ticket id.
 */
export const ticketSearchSchema = searchRequestSchema.shape({
  subject: yup.string().trim().max(TICKET_SUBJECT_MAX, maxLength),
  title: yup.string().trim().max(TICKET_SUBJECT_MAX, maxLength),
  id: yup
    .string()
    .trim()
    .max(36, maxLength)
    .matches(/^[0-9a-f-]*$/i, msg('validation.id')),
  partnerId: id(),
  status: status(),
  /** Issue 25: a staff user's id, `me` or `none` (unassigned). */
  assigneeId: assigneeFilter(),
  priority: priority(),
});

export type TicketSearchInput = yup.InferType<typeof ticketSearchSchema>;
