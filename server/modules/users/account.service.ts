import { eq } from 'drizzle-orm';
import type { ChangePasswordInput, ProfileInput } from '../../../contract/schemas/accounts';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { writeAudit } from '../../core/audit';
import { fieldError, notFound } from '../../core/errors';
import type { Principal } from '../../core/guard';
import { hashPassword, verifyPassword } from '../accounts/passwords';
import { revokeRefreshTokensOfUser } from '../accounts/refreshTokens';
import { announceSignInsEnded } from '../accounts/signIns';
import { findUserById } from '../accounts/session';
import { avatarKeyOf, avatarStore, avatarUrlOf, decodeAvatar, storeAvatar } from './avatar';
import { selectUserDto } from './userDto';
import { announceUserChange } from './users.events';

function pickProfile(u: { firstName: string; lastName: string; phoneNumber: string | null; imageUrl: string | null }) {
  return { firstName: u.firstName, lastName: u.lastName, phoneNumber: u.phoneNumber, imageUrl: u.imageUrl };
}

/** The rules of a signed-in user's own account: profile, avatar, password. */
export function createAccountService(ctx: AppContext) {
  const { db } = ctx;
  const avatars = avatarStore(ctx.files);

  /** The old avatar's bytes, after the change committed; a failure leaves them to the orphan sweep. */
  async function removeReplacedAvatar(key: string) {
    try {
      await avatars.delete(key);
    } catch (error) {
      ctx.log.warn({ err: error, key }, 'replaced avatar not removed; the orphan sweep will');
    }
  }

  async function profile(userId: string) {
    const dto = await selectUserDto(db, userId);
    if (!dto) throw notFound('users.notFound');
    return dto;
  }

  async function updateProfile(principal: Principal, input: ProfileInput) {
    const avatar = input.image ? decodeAvatar(input.image.data) : null;
    const before = await findUserById(db, principal.id);
    if (!before) throw notFound('users.notFound');
    // The new bytes first, then the row: a refusal removes them; once committed, the bytes replaced go.
    const newKey = avatar ? await storeAvatar(avatars, principal.id, avatar) : null;
    const imageUrl = newKey ? avatarUrlOf(newKey) : input.deleteCurrentImage ? null : before.imageUrl;
    const changes = { firstName: input.firstName, lastName: input.lastName, phoneNumber: input.phoneNumber || null, imageUrl, updatedAt: new Date() };
    try {
      await db.transaction(async (tx) => {
        await tx.update(users).set(changes).where(eq(users.id, principal.id));
        await writeAudit(tx, {
          userId: principal.id,
          type: 'Update',
          table: 'users',
          key: principal.id,
          before: pickProfile(before),
          after: pickProfile({ ...before, ...changes }),
        });
      });
    } catch (error) {
      if (newKey) await avatars.delete(newKey);
      throw error;
    }
    const replacedKey = avatarKeyOf(before.imageUrl);
    if (replacedKey && before.imageUrl !== imageUrl) await removeReplacedAvatar(replacedKey);
    await announceUserChange(ctx.events, 'UserChanged', principal);
    return (await selectUserDto(db, principal.id))!;
  }

  /** Needs the current password; every other sign-in ends, the one named `signInId` (this request's) keeps working. */
  async function changePassword(principal: Principal, input: ChangePasswordInput, signInId: string | undefined) {
    const user = await findUserById(db, principal.id);
    if (!user) throw notFound('users.notFound');
    if (!(await verifyPassword(user.passwordHash, input.password))) throw fieldError('password', 'auth.currentPasswordWrong');
    if (input.newPassword.toLowerCase() === user.email.toLowerCase()) throw fieldError('newPassword', 'validation.passwordIsEmail');
    const passwordHash = await hashPassword(input.newPassword);
    const ended = await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
      const endedSignIns = await revokeRefreshTokensOfUser(tx, user.id, signInId);
      await writeAudit(tx, {
        userId: user.id,
        type: 'Update',
        table: 'users',
        key: user.id,
        before: { password: '(hidden)' },
        after: { password: '(changed)' },
      });
      return endedSignIns;
    });
    await announceSignInsEnded(ctx.events, user.id, ended);
  }

  return { profile, updateProfile, changePassword };
}
