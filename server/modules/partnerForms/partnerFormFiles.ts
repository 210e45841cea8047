import { FORM_FILE_MAX_BYTES } from '../../../contract/forms';
import { TICKET_FILE_NAME_MAX, TICKET_FILE_TYPES } from '../../../contract/tickets';
import type { FileStore } from '../../files/fileStore';
import type { UploadPolicy } from '../../files/uploadForm';

/** A file answering a file or files question: one per request, at most 10 MB, of the ticket attachments' types. */
export const PARTNER_FORM_UPLOADS: UploadPolicy = {
  accepts: TICKET_FILE_TYPES.map((t) => t.contentType),
  maxFiles: 1,
  maxFileBytes: FORM_FILE_MAX_BYTES,
  maxFileNameLength: TICKET_FILE_NAME_MAX,
  field: 'file',
  messages: {
    tooMany: 'partnerFormsApi.tooManyFiles',
    tooLarge: 'partnerFormsApi.fileTooLarge',
    empty: 'partnerFormsApi.emptyFile',
    refusedType: 'partnerFormsApi.fileType',
  },
};

/** Where the bytes of answer files live; a row's `storageName` is its key there. */
export const partnerFormFileStore = (files: FileStore) => files.area('partner-forms');
