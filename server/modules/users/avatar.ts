import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AVATAR_MAX_BYTES } from '../../../contract/http';
import { fieldError } from '../../core/errors';

/** Image types told by their first bytes, never by the name the client gave. */
const SIGNATURES: { ext: string; mime: string; test: (b: Buffer) => boolean }[] = [
  { ext: 'jpg', mime: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'png', mime: 'image/png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: 'gif', mime: 'image/gif', test: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
];

export const AVATAR_MIME: Record<string, string> = Object.fromEntries(SIGNATURES.map((s) => [s.ext, s.mime]));

export function sniffImage(bytes: Buffer) {
  return SIGNATURES.find((s) => s.test(bytes)) ?? null;
}

/** Decodes a data URL (or bare base64) and checks size and content; the field at fault is `image`. */
export function decodeAvatar(data: string) {
  const base64 = data.replace(/^data:[^;,]*;base64,/, '');
  // The size first: the character check then reads at most what an avatar may hold.
  if (Math.floor((base64.length * 3) / 4) > AVATAR_MAX_BYTES + 3) throw fieldError('image', 'validation.avatarSize');
  if (!/^[A-Za-z0-9+/=\s]*$/.test(base64)) throw fieldError('image', 'validation.avatarType');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > AVATAR_MAX_BYTES) throw fieldError('image', 'validation.avatarSize');
  const kind = sniffImage(bytes);
  if (!kind) throw fieldError('image', 'validation.avatarType');
  return { bytes, ext: kind.ext };
}

export async function storeAvatar(avatarsDir: string, userId: string, avatar: { bytes: Buffer; ext: string }) {
  await fs.mkdir(avatarsDir, { recursive: true });
  const file = `${userId}-${crypto.randomBytes(8).toString('hex')}.${avatar.ext}`;
  await fs.writeFile(path.join(avatarsDir, file), avatar.bytes);
  return file;
}
