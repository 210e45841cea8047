import { FORM_FILE_MAX_BYTES } from '../../../contract/forms';
import { TICKET_FILE_NAME_MAX, TICKET_FILE_TYPES } from '../../../contract/tickets';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { FileStore } from '../../files/fileStore';
import type { FileArea } from '../../files/orphanSweep';
import type { UploadPolicy } from '../../files/uploadForm';
import { partnerFormFiles } from './partnerForms.schema';

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

/** Answer files for the orphan sweep: a key is held while an answer file row names it. */
export const partnerFormFileArea = (db: Db, files: FileStore): FileArea => ({
  name: 'partner-forms',
  store: partnerFormFileStore(files),
  held: async (keys) =>
    new Set(
      (await db.select({ key: partnerFormFiles.storageName }).from(partnerFormFiles).where(inArray(partnerFormFiles.storageName, keys))).map((r) => r.key),
    ),
});
