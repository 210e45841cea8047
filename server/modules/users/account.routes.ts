import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { changePasswordSchema, profileSchema } from '../../../contract/schemas/accounts';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { writeAudit } from '../../core/audit';
import { send } from '../../core/envelope';
import { fieldError, notFound } from '../../core/errors';
import { requirePrincipal } from '../../core/guard';
import { validate } from '../../core/validation';
import { hashPassword, verifyPassword } from '../accounts/passwords';
import { revokeRefreshTokensOfUser } from '../accounts/refreshTokens';
import { findUserById, signInIdOf } from '../accounts/session';
import { avatarStore, decodeAvatar, openAvatar, storeAvatar } from './avatar';
import { selectUserDto } from './userDto';
import { announceUserChange } from './users.events';

/** The signed-in user's own account: permissions, profile, avatar, password. */
export const accountRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const avatars = avatarStore(ctx.files);
  const tags = ['Account'];

  app.get('/users/permissions', { config: { access: 'authenticated' }, schema: { tags, summary: "The signed-in user's permissions" } }, async (request, reply) =>
    send(request, reply, [...requirePrincipal(request).permissions].sort()),
  );

  app.get('/users/profile', { config: { access: 'authenticated' }, schema: { tags, summary: 'Own profile' } }, async (request, reply) => {
    const dto = await selectUserDto(db, requirePrincipal(request).id);
    if (!dto) throw notFound('users.notFound');
    return send(request, reply, dto);
  });

  app.put(
    '/users/profile',
    { config: { access: 'authenticated' }, bodyLimit: 5 * 1024 * 1024, schema: { tags, summary: 'Update own profile and avatar (data URL, at most 3 MB)' } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const input = await validate(profileSchema, request.body);
      const avatar = input.image ? decodeAvatar(input.image.data) : null;
      const before = await findUserById(db, principal.id);
      if (!before) throw notFound('users.notFound');
      const imageUrl = avatar
        ? `/api/v1/avatars/${await storeAvatar(avatars, principal.id, avatar)}`
        : input.deleteCurrentImage
          ? null
          : before.imageUrl;
      const changes = { firstName: input.firstName, lastName: input.lastName, phoneNumber: input.phoneNumber || null, imageUrl, updatedAt: new Date() };
      await db.transaction(async (tx) => {
        await tx.update(users).set(changes).where(eq(users.id, principal.id));
        await writeAudit(tx, { userId: principal.id, type: 'Update', table: 'users', key: principal.id, before: pickProfile(before), after: pickProfile({ ...before, ...changes }) });
      });
      await announceUserChange(ctx.events, 'UserChanged', principal);
      return send(request, reply, await selectUserDto(db, principal.id), { message: 'auth.profileUpdated' });
    },
  );

  app.post('/users/change-password', { config: { access: 'authenticated' }, schema: { tags, summary: 'Change own password (needs the current one)' } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    const input = await validate(changePasswordSchema, request.body);
    const user = await findUserById(db, principal.id);
    if (!user) throw notFound('users.notFound');
    if (!(await verifyPassword(user.passwordHash, input.password))) throw fieldError('password', 'auth.currentPasswordWrong');
    if (input.newPassword.toLowerCase() === user.email.toLowerCase()) throw fieldError('newPassword', 'validation.passwordIsEmail');
    const passwordHash = await hashPassword(input.newPassword);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
      // Every other sign-in ends; this one (named by the access token's `sid`) keeps working.
      await revokeRefreshTokensOfUser(tx, user.id, signInIdOf(request));
      await writeAudit(tx, { userId: user.id, type: 'Update', table: 'users', key: user.id, before: { password: '(hidden)' }, after: { password: '(changed)' } });
    });
    return send(request, reply, null, { message: 'auth.passwordChanged' });
  });

  // Avatars are shown by <img>, which sends no bearer token; their names are random and unguessable.
  app.get<{ Params: { file: string } }>('/avatars/:file', { config: { access: 'public' }, schema: { tags, summary: 'An avatar image' } }, async (request, reply) => {
    const avatar = await openAvatar(avatars, request.params.file);
    if (!avatar) throw notFound();
    return reply.type(avatar.contentType).header('cache-control', 'public, max-age=31536000, immutable').send(avatar.stream);
  });
};

function pickProfile(u: { firstName: string; lastName: string; phoneNumber: string | null; imageUrl: string | null }) {
  return { firstName: u.firstName, lastName: u.lastName, phoneNumber: u.phoneNumber, imageUrl: u.imageUrl };
}
