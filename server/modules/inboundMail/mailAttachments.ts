import { Transform, type Readable } from 'node:stream';
import { ApiError } from '../../core/errors';
import type { FileStore } from '../../files/fileStore';
import { cleanFileName, storeFile, type StoredUpload, type UploadPolicy } from '../../files/uploadForm';

/**
 * A mail's attachments, each through the chat's own checks (storeFile: type told by content, size, the file
 * store): a file past the size is cut there and refused, the rest of its bytes read and dropped, never held.
 */
export function createMailAttachments(store: FileStore, policy: UploadPolicy) {
  const stored: string[] = [];
  const uploads: StoredUpload[] = [];
  return {
    uploads,
    /** Stores one attachment; throws the chat's refusal (ApiError: too many, too large, empty, refused type). */
    async add(content: Readable, fileName: string | undefined) {
      const name = cleanFileName(fileName, policy.maxFileNameLength);
      if (uploads.length >= policy.maxFiles) {
        content.resume();
        throw new ApiError(400, policy.messages.tooMany, undefined, { max: policy.maxFiles });
      }
      let size = 0;
      const capped = Object.assign(
        new Transform({
          transform(chunk: Buffer, _encoding, done) {
            if (capped.truncated) return done();
            const room = policy.maxFileBytes - size;
            size += chunk.length;
            if (chunk.length > room) {
              capped.truncated = true;
              return done(null, chunk.subarray(0, room));
            }
            done(null, chunk);
          },
        }),
        { truncated: false },
      );
      content.pipe(capped);
      uploads.push(await storeFile(store, policy, capped, name, (key) => stored.push(key)));
    },
    /** Removes every file stored: the mail was refused after they were written. */
    async discard() {
      await Promise.all(stored.splice(0).map((key) => store.delete(key)));
    },
  };
}
