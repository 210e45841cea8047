import { FILES_PER_QUESTION_MAX, FORM_FILE_MAX_BYTES } from '../../../contract/forms';
import { TICKET_FILE_ACCEPT, TICKET_FILE_NAME_MAX, TICKET_FILE_TYPES } from '../../../contract/tickets';
import type { AttachmentLimits } from '../attachments/attachmentRules';

/** A file question's limits: the API takes the ticket attachments' types, 10 MB each (checked again by content). */
export const formFileLimits = (many: boolean): AttachmentLimits => ({
  maxFiles: many ? FILES_PER_QUESTION_MAX : 1,
  maxBytes: FORM_FILE_MAX_BYTES,
  nameMax: TICKET_FILE_NAME_MAX,
  extensions: TICKET_FILE_TYPES.flatMap((type) => [...type.extensions]),
  accept: TICKET_FILE_ACCEPT,
});

/** The accepted extensions in words: "PNG, JPG, …". */
export const formFileTypesLabel = TICKET_FILE_TYPES.flatMap((type) => type.extensions.map((extension) => extension.toUpperCase())).join(', ');
