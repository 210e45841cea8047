import { TICKET_FILE_NAME_MAX, TICKET_FILE_TYPES, TICKET_MAX_FILE_BYTES, TICKET_MAX_FILES } from '../../../contract/tickets';
import type { FileStore } from '../../files/fileStore';
import type { UploadPolicy } from '../../files/uploadForm';

/** The files a ticket or chat message may carry (DESIGN.md "Tickets"): at most 10 of 10 MB, of the contract's types. */
export const TICKET_UPLOADS: UploadPolicy = {
  accepts: TICKET_FILE_TYPES.map((t) => t.contentType),
  maxFiles: TICKET_MAX_FILES,
  maxFileBytes: TICKET_MAX_FILE_BYTES,
  maxFileNameLength: TICKET_FILE_NAME_MAX,
  field: 'files',
  messages: { tooMany: 'tickets.tooManyFiles', tooLarge: 'tickets.fileTooLarge', empty: 'tickets.emptyFile', refusedType: 'tickets.fileType' },
};

/** Where the bytes of attachments live; a row's `storageName` is its key there. */
export const attachmentStore = (files: FileStore) => files.area('attachments');
