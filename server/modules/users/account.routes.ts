import type { FastifyPluginAsync } from 'fastify';
import { changePasswordSchema, profileSchema } from '../../../contract/schemas/accounts';
import type { AppContext } from '../../context';
import { send } from '../../core/envelope';
import { notFound } from '../../core/errors';
import { requirePrincipal } from '../../core/guard';
import { validate } from '../../core/validation';
import { signInIdOf } from '../accounts/session';
import { createAccountService } from './account.service';
import { avatarStore, openAvatar } from './avatar';

/** The signed-in user's own account: permissions, profile, avatar, password. */
export const accountRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createAccountService(ctx);
  const avatars = avatarStore(ctx.files);
  const tags = ['Account'];

  app.get('/users/permissions', { config: { access: 'authenticated' }, schema: { tags, summary: "The signed-in user's permissions" } }, async (request, reply) =>
    send(request, reply, [...requirePrincipal(request).permissions].sort()),
  );

  app.get('/users/profile', { config: { access: 'authenticated' }, schema: { tags, summary: 'Own profile' } }, async (request, reply) =>
    send(request, reply, await service.profile(requirePrincipal(request).id)),
  );

  app.put(
    '/users/profile',
    { config: { access: 'authenticated' }, bodyLimit: 5 * 1024 * 1024, schema: { tags, summary: 'Update own profile and avatar (data URL, at most 3 MB)' } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const input = await validate(profileSchema, request.body);
      return send(request, reply, await service.updateProfile(principal, input), { message: 'auth.profileUpdated' });
    },
  );

  app.post('/users/change-password', { config: { access: 'authenticated' }, schema: { tags, summary: 'Change own password (needs the current one)' } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    const input = await validate(changePasswordSchema, request.body);
    // Every other sign-in ends; this one (named by the access token's `sid`) keeps working.
    await service.changePassword(principal, input, signInIdOf(request));
    return send(request, reply, null, { message: 'auth.passwordChanged' });
  });

  // Avatars are shown by <img>, which sends no bearer token; their names are random and unguessable.
  app.get<{ Params: { file: string } }>('/avatars/:file', { config: { access: 'public' }, schema: { tags, summary: 'An avatar image' } }, async (request, reply) => {
    const avatar = await openAvatar(avatars, request.params.file);
    if (!avatar) throw notFound();
    return reply.type(avatar.contentType).header('cache-control', 'public, max-age=31536000, immutable').send(avatar.stream);
  });
};
