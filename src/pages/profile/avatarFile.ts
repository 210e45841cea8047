import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '../../../contract/http';
import { avatarUploadSchema } from '../../../contract/schemas/accounts';
import type { RuleMessage } from '../../../contract/schemas/messages';

/** An avatar as PUT /api/users/profile takes it: the picture travels as a data URL. */
export interface AvatarUpload {
  name: string;
  extension: string;
  data: string;
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot >= 0 ? fileName.slice(dot + 1) : '';
}

/** Why a picture cannot be sent (type or size), checked before upload; null when it can. */
export function avatarFileProblem(file: File): RuleMessage | null {
  try {
    avatarUploadSchema.validateSync({ name: file.name, extension: extensionOf(file.name), data: 'pending' });
  } catch (error) {
    return (error as { errors: RuleMessage[] }).errors[0];
  }
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return { key: 'validation.avatarType' };
  if (file.size > AVATAR_MAX_BYTES) return { key: 'validation.avatarSize' };
  return null;
}

export function readAvatar(file: File): Promise<AvatarUpload> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ name: file.name, extension: extensionOf(file.name).toLowerCase(), data: String(reader.result) });
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
