import crypto from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '../../../contract/http';
import { fieldError } from '../../core/errors';
import type { Db } from '../../db/client';
import type { FileStore } from '../../files/fileStore';
import type { FileArea } from '../../files/orphanSweep';
import { imageTypeOf } from '../../files/fileTypes';
import { users } from './users.schema';

/** Where avatars live; a user's imageUrl ends in its key there. */
export const avatarStore = (files: FileStore) => files.area('avatars');

/** What a user's imageUrl holds for an avatar stored under `key`. */
export const AVATAR_URL_PREFIX = '/api/v1/avatars/';
export const avatarUrlOf = (key: string) => AVATAR_URL_PREFIX + key;
/** The stored avatar an imageUrl names, or null for none (or a URL that is not ours). */
export const avatarKeyOf = (imageUrl: string | null | undefined) =>
  imageUrl?.startsWith(AVATAR_URL_PREFIX) ? imageUrl.slice(AVATAR_URL_PREFIX.length) || null : null;

/** Avatars for the orphan sweep: a key is held while a user's imageUrl names it. */
export const avatarArea = (db: Db, files: FileStore): FileArea => ({
  name: 'avatars',
  store: avatarStore(files),
  held: async (keys) =>
    new Set(
      (
        await db
          .select({ url: users.imageUrl })
          .from(users)
          .where(inArray(users.imageUrl, keys.map(avatarUrlOf)))
      )
        .map((r) => avatarKeyOf(r.url))
        .filter((key): key is string => key !== null),
    ),
});

/** The keys storeAvatar makes: `{userId}-{16 hex}.{jpg|png|gif}`; the extension names the stored type. */
const AVATAR_KEY = /^[0-9a-f-]{36}-[0-9a-f]{16}\.(jpg|png|gif)$/;
const AVATAR_MIME: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };

/** Decodes a data URL (or bare base64) and checks size and content (never the name); the field at fault is `image`. */
export function decodeAvatar(data: string) {
  const base64 = data.replace(/^data:[^;,]*;base64,/, '');
  // The size first: the character check then reads at most what an avatar may hold.
  if (Math.floor((base64.length * 3) / 4) > AVATAR_MAX_BYTES + 3) throw fieldError('image', 'validation.avatarSize');
  if (!/^[A-Za-z0-9+/=\s]*$/.test(base64)) throw fieldError('image', 'validation.avatarType');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > AVATAR_MAX_BYTES) throw fieldError('image', 'validation.avatarSize');
  const kind = imageTypeOf(bytes, AVATAR_TYPES);
  if (!kind) throw fieldError('image', 'validation.avatarType');
  return { bytes, ext: kind.extension };
}

/** Stores an avatar under a new unguessable key and answers that key. */
export async function storeAvatar(avatars: FileStore, userId: string, avatar: { bytes: Buffer; ext: string }) {
  return (await avatars.put(avatar.bytes, { key: `${userId}-${crypto.randomBytes(8).toString('hex')}.${avatar.ext}` })).key;
}

/** The avatar a URL names, with its type; null when the name is not one storeAvatar makes or its file is gone. */
export async function openAvatar(avatars: FileStore, file: string) {
  const match = AVATAR_KEY.exec(file);
  if (!match) return null;
  const stream = await avatars.get(file);
  return stream && { stream, contentType: AVATAR_MIME[match[1]] };
}
