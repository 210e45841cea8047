import { TICKET_FILE_ACCEPT, TICKET_FILE_NAME_MAX, TICKET_FILE_TYPES, TICKET_MAX_FILE_BYTES, TICKET_MAX_FILES } from '../../../contract/tickets';
import type { AttachmentLimits } from '../../components/attachments/attachmentRules';

/** The contract's limits on a ticket's and a chat message's files (the server checks them again, by content). */
export const ticketAttachmentLimits: AttachmentLimits = {
  maxFiles: TICKET_MAX_FILES,
  maxBytes: TICKET_MAX_FILE_BYTES,
  nameMax: TICKET_FILE_NAME_MAX,
  extensions: TICKET_FILE_TYPES.flatMap((t) => [...t.extensions]),
  accept: TICKET_FILE_ACCEPT,
};

/** The i18n key naming the accepted types to a person. */
export const TICKET_FILE_TYPES_LABEL = 'tickets.files.types';
