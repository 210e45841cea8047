import type { FastifyPluginAsync } from 'fastify';
import { passkeyDtoSchema, passkeyNameSchema, registerPasskeySchema } from '../../../contract/schemas/passkeys';
import type { AppContext } from '../../context';
import { send } from '../../core/envelope';
import { requirePrincipal } from '../../core/guard';
import { answers, idParams, routeDocs } from '../../core/openapi/routeDocs';
import { validate } from '../../core/validation';
import { createPasskeyService } from './passkeys.service';

/** WebAuthn's creation options as the browser's startRegistration() takes them (PublicKeyCredentialCreationOptionsJSON). */
const creationOptionsDoc = { type: 'object', description: 'PublicKeyCredentialCreationOptionsJSON (WebAuthn Level 3)', additionalProperties: true };

/** The signed-in user's own passkeys (/account/passkeys): nobody else's can be listed, enrolled, renamed or removed. */
export const passkeyRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createPasskeyService(ctx);
  const tags = ['Account'];

  app.get(
    '/account/passkeys',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Own passkeys, oldest first', ...routeDocs({ response: { 200: answers.listOf(passkeyDtoSchema) } }) },
    },
    async (request, reply) => send(request, reply, await service.list(requirePrincipal(request))),
  );

  app.post(
    '/account/passkeys/options',
    {
      config: { access: 'authenticated', credentials: true },
      schema: {
        tags,
        summary: 'Options to enrol a passkey for oneself (its challenge is kept for this user, single use, 5 minutes)',
        ...routeDocs({ response: { 200: creationOptionsDoc } }),
      },
    },
    async (request, reply) => send(request, reply, await service.registrationOptions(requirePrincipal(request))),
  );

  app.post(
    '/account/passkeys',
    {
      config: { access: 'authenticated', credentials: true },
      schema: {
        tags,
        summary: "Enrol a passkey: a name and the browser's answer to one's own registration options",
        ...routeDocs({ body: registerPasskeySchema, response: { 201: passkeyDtoSchema } }),
      },
    },
    async (request, reply) => {
      const input = await validate(registerPasskeySchema, request.body);
      const created = await service.register(requirePrincipal(request), input as Parameters<typeof service.register>[1]);
      return send(request, reply, created, { statusCode: 201, message: 'passkeys.added' });
    },
  );

  app.put<{ Params: { id: string } }>(
    '/account/passkeys/:id',
    {
      config: { access: 'authenticated', credentials: true },
      schema: { tags, summary: 'Rename one of own passkeys', ...routeDocs({ params: idParams, body: passkeyNameSchema, response: { 200: passkeyDtoSchema } }) },
    },
    async (request, reply) => {
      const { id } = await validate(idParams, request.params);
      const { name } = await validate(passkeyNameSchema, request.body);
      return send(request, reply, await service.rename(requirePrincipal(request), id, name), { message: 'passkeys.renamed' });
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/account/passkeys/:id',
    {
      config: { access: 'authenticated', credentials: true },
      schema: { tags, summary: 'Remove one of own passkeys (it signs in no more)', ...routeDocs({ params: idParams, response: { 200: answers.none } }) },
    },
    async (request, reply) => {
      const { id } = await validate(idParams, request.params);
      await service.remove(requirePrincipal(request), id);
      return send(request, reply, null, { message: 'passkeys.removed' });
    },
  );
};
