import type { FastifyPluginAsync } from 'fastify';
import { changePasswordSchema, profileSchema } from '../../../contract/schemas/accounts';
import { serverStrongPasswordSchemas } from './passwordStrengthCheck';
import { userDtoSchema } from '../../../contract/schemas/users.dto';
import type { AppContext } from '../../context';
import { send } from '../../core/envelope';
import { notFound } from '../../core/errors';
import { answers, routeDocs } from '../../core/openapi/routeDocs';
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

  app.get(
    '/users/permissions',
    {
      config: { access: 'authenticated', beforeSecondFactor: true },
      schema: { tags, summary: "The signed-in user's permissions", ...routeDocs({ response: { 200: answers.listOf({ type: 'string' }) } }) },
    },
    async (request, reply) => send(request, reply, [...requirePrincipal(request).permissions].sort()),
  );

  app.get(
    '/users/profile',
    {
      config: { access: 'authenticated', beforeSecondFactor: true },
      schema: { tags, summary: 'Own profile', ...routeDocs({ response: { 200: userDtoSchema } }) },
    },
    async (request, reply) => send(request, reply, await service.profile(requirePrincipal(request).id)),
  );

  app.put(
    '/users/profile',
    {
      config: { access: 'authenticated' },
      bodyLimit: 5 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Update own profile and avatar (data URL, at most 3 MB)',
        ...routeDocs({ body: profileSchema, response: { 200: userDtoSchema } }),
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const input = await validate(profileSchema, request.body);
      return send(request, reply, await service.updateProfile(principal, input), { message: 'auth.profileUpdated' });
    },
  );

  app.post(
    '/users/change-password',
    {
      config: { access: 'authenticated', credentials: true },
      schema: { tags, summary: 'Change own password (needs the current one)', ...routeDocs({ body: changePasswordSchema, response: { 200: answers.none } }) },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const input = await validate(serverStrongPasswordSchemas.changePassword, request.body);
      // Every other sign-in ends; this one (named by the access token's `sid`) keeps working.
      await service.changePassword(principal, input, signInIdOf(request));
      return send(request, reply, null, { message: 'auth.passwordChanged' });
    },
  );

  // Avatars are shown by <img>, which sends no bearer token; their names are random and unguessable.
  app.get<{ Params: { file: string } }>(
    '/avatars/:file',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'An avatar image',
        ...routeDocs({
          params: { type: 'object', properties: { file: { type: 'string' } }, required: ['file'] },
          response: { 200: answers.file('The image (jpeg, png or gif)') },
        }),
      },
    },
    async (request, reply) => {
      const avatar = await openAvatar(avatars, request.params.file);
      if (!avatar) throw notFound();
      return reply.type(avatar.contentType).header('cache-control', 'public, max-age=31536000, immutable').send(avatar.stream);
    },
  );
};
