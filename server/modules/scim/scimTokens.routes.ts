import type { FastifyPluginAsync } from 'fastify';
import * as yup from 'yup';
import { permission } from '../../../contract/permissions';
import { scimTokenSchema } from '../../../contract/schemas/scimTokens';
import { createdScimTokenDtoSchema, scimTokenDtoSchema } from '../../../contract/schemas/scimTokens.dto';
import type { AppContext } from '../../context';
import { send } from '../../core/envelope';
import { requirePrincipal } from '../../core/guard';
import { answers, routeDocs } from '../../core/openapi/routeDocs';
import { validate } from '../../core/validation';
import { createScimTokenService } from './scimTokens.service';

const partnerParams = yup.object({ partnerId: yup.string().uuid().required() });
const tokenParams = partnerParams.shape({ id: yup.string().uuid().required() });

/**
 * `/partners/:partnerId/scim-tokens`: the partner admin's provisioning tokens (their own partner's; staff with the
 * permission any partner's). A token is answered once, at its creation; revoking keeps the row, listed as revoked.
 */
export const scimTokenRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createScimTokenService(ctx);
  const tags = ['SCIM tokens'];
  const path = '/partners/:partnerId/scim-tokens';

  app.get<{ Params: { partnerId: string } }>(
    path,
    {
      config: { access: permission('ScimTokens', 'View') },
      schema: {
        tags,
        summary: "A partner's SCIM tokens, newest first (never the tokens themselves)",
        ...routeDocs({ params: partnerParams, response: { 200: answers.listOf(scimTokenDtoSchema) } }),
      },
    },
    async (request, reply) => send(request, reply, await service.list(requirePrincipal(request), request.params.partnerId)),
  );

  app.post<{ Params: { partnerId: string } }>(
    path,
    {
      config: { access: permission('ScimTokens', 'Create') },
      schema: {
        tags,
        summary: 'Make a SCIM token for the partner’s identity provider: the answer holds the token, shown this once',
        ...routeDocs({ params: partnerParams, body: scimTokenSchema, response: { 201: createdScimTokenDtoSchema } }),
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const input = await validate(scimTokenSchema, request.body);
      return send(request, reply, await service.create(principal, request.params.partnerId, input), { statusCode: 201, message: 'scimTokens.created' });
    },
  );

  app.delete<{ Params: { partnerId: string; id: string } }>(
    `${path}/:id`,
    {
      config: { access: permission('ScimTokens', 'Delete') },
      schema: {
        tags,
        summary: 'Revoke a SCIM token at once (the provider’s next request is refused)',
        ...routeDocs({ params: tokenParams, response: { 200: scimTokenDtoSchema } }),
      },
    },
    async (request, reply) =>
      send(request, reply, await service.revoke(requirePrincipal(request), request.params.partnerId, request.params.id), { message: 'scimTokens.revoked' }),
  );
};
