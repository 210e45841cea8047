import * as yup from 'yup';
import { SLA_STATES } from '../serviceLevels';
import { TICKET_PRIORITIES, TICKET_STATUSES, type TicketAttachmentRef, type TicketChatMessage, type TicketDto, type TicketReadState } from '../tickets';
import { uuid, timestamp, text, version } from './dtoFields';

export const ticketAttachmentRefSchema: yup.ObjectSchema<TicketAttachmentRef> = yup.object({
  id: uuid(),
  fileName: text(),
  contentType: text(),
  size: yup.number().integer().defined(),
});

/** A ticket's SLA target (contract/serviceLevels.ts SlaTarget), or null when it does not apply. */
const slaTargetSchema = () =>
  yup
    .object({
      dueAt: yup.string().datetime().nullable().defined(),
      state: yup.string().oneOf(SLA_STATES).defined(),
      businessMinutesLeft: yup.number().integer().defined(),
    })
    .nullable()
    .defined();

export const ticketDtoSchema: yup.ObjectSchema<TicketDto> = yup.object({
  id: uuid(),
  subject: text(),
  description: text(),
  status: yup.string().oneOf(TICKET_STATUSES).defined(),
  partnerId: uuid(),
  partnerName: text(),
  createdBy: uuid(),
  createdByName: text(),
  attachments: yup.array(ticketAttachmentRefSchema.defined()).defined(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  lastMessageAt: yup.string().datetime().nullable().defined(),
  priority: yup.string().oneOf(TICKET_PRIORITIES).defined(),
  assigneeId: yup.string().uuid().nullable().defined(),
  assigneeName: yup.string().nullable().defined(),
  teamId: yup.string().uuid().nullable().optional(),
  teamName: yup.string().nullable().optional(),
  mergedIntoId: yup.string().uuid().nullable().defined(),
  rating: yup
    .object({ score: yup.number().integer().defined(), comment: yup.string().nullable().defined(), ratedAt: timestamp(), ratedByName: text() })
    .nullable()
    .defined(),
  sla: yup.object({ firstResponse: slaTargetSchema(), resolution: slaTargetSchema() }).nullable().optional(),
  matchedText: yup.string().optional(),
  version: version(),
});

export const ticketMessageDtoSchema: yup.ObjectSchema<TicketChatMessage> = yup.object({
  id: uuid(),
  ticketId: uuid(),
  authorId: uuid(),
  authorName: text(),
  authorIsStaff: yup.boolean().defined(),
  body: text(),
  attachments: yup.array(ticketAttachmentRefSchema.defined()).defined(),
  internal: yup.boolean().optional(),
  system: yup
    .object({
      kind: yup
        .string()
        .oneOf(['merged'] as const)
        .defined(),
      ticketId: uuid(),
      subject: text(),
    })
    .default(undefined)
    .optional(),
  createdAt: timestamp(),
});

/** How far a ticket's chat was read: by the reader, and the furthest of each side (createdAt of a message, or null). */
export const ticketReadStateSchema: yup.ObjectSchema<TicketReadState> = yup.object({
  ticketId: uuid(),
  mine: yup.string().datetime().nullable().defined(),
  staff: yup.string().datetime().nullable().defined(),
  partner: yup.string().datetime().nullable().defined(),
});
