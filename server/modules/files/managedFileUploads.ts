import { MANAGED_FILE_MAX_BYTES, MANAGED_FILE_NAME_MAX, MANAGED_FILE_TYPES, MANAGED_FILES_PER_UPLOAD } from '../../../contract/files';
import { and, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { FileStore } from '../../files/fileStore';
import type { FileArea } from '../../files/orphanSweep';
import type { UploadPolicy } from '../../files/uploadForm';
import { managedFiles } from './files.schema';

const MESSAGES = { tooMany: 'filesApi.tooManyFiles', tooLarge: 'filesApi.fileTooLarge', empty: 'filesApi.emptyFile', refusedType: 'filesApi.fileType' };

/** POST /files: up to 20 files of 50 MB each, of the manager's types (told by their bytes). */
export const MANAGED_UPLOADS: UploadPolicy = {
  accepts: MANAGED_FILE_TYPES,
  maxFiles: MANAGED_FILES_PER_UPLOAD,
  maxFileBytes: MANAGED_FILE_MAX_BYTES,
  maxFileNameLength: MANAGED_FILE_NAME_MAX,
  field: 'files',
  messages: MESSAGES,
};

/** PUT /files/{id}/content: exactly one file, under the same limits. */
export const MANAGED_REPLACEMENT: UploadPolicy = {
  ...MANAGED_UPLOADS,
  maxFiles: 1,
  field: 'file',
  messages: { ...MESSAGES, tooMany: 'filesApi.oneFileToReplace' },
};

/** Where the managed files' bytes live; a row's `storageKey` is its key there. */
export const managedFileStore = (files: FileStore) => files.area('files');

/**
 * Managed files for the orphan sweep: a key is held while a live row names it. A deleted file's row stays for the
 * access log, but its bytes were meant to go with it (service `remove`): left by a crash there, the sweep takes them.
 */
export const managedFileArea = (db: Db, files: FileStore): FileArea => ({
  name: 'files',
  store: managedFileStore(files),
  held: async (keys) =>
    new Set(
      (
        await db
          .select({ key: managedFiles.storageKey })
          .from(managedFiles)
          .where(and(inArray(managedFiles.storageKey, keys), isNull(managedFiles.deletedAt)))
      ).map((r) => r.key),
    ),
});
