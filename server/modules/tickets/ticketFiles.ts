import { TICKET_FILE_NAME_MAX, TICKET_FILE_TYPES, TICKET_MAX_FILE_BYTES, TICKET_MAX_FILES } from '../../../contract/tickets';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { FileStore } from '../../files/fileStore';
import type { FileArea } from '../../files/orphanSweep';
import type { UploadPolicy } from '../../files/uploadForm';
import { ticketAttachments } from './tickets.schema';

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

/** Attachments for the orphan sweep: a key is held while an attachment row names it. */
export const attachmentArea = (db: Db, files: FileStore): FileArea => ({
  name: 'attachments',
  store: attachmentStore(files),
  held: async (keys) =>
    new Set(
      (await db.select({ key: ticketAttachments.storageName }).from(ticketAttachments).where(inArray(ticketAttachments.storageName, keys))).map((r) => r.key),
    ),
});
