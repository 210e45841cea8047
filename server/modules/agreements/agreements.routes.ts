import type { FastifyPluginAsync } from 'fastify';
import { permission, type Action } from '../../../contract/permissions';
import { agreementAcceptanceSearchSchema, publishAgreementVersionSchema } from '../../../contract/schemas/agreements';
import {
  agreementAcceptanceDtoSchema,
  agreementAcceptedDtoSchema,
  agreementVersionDtoSchema,
  pendingAgreementDtoSchema,
} from '../../../contract/schemas/agreements.dto';
import type { AppContext } from '../../context';
import { send } from '../../core/envelope';
import { requirePrincipal } from '../../core/guard';
import { answers, idParams, routeDocs } from '../../core/openapi/routeDocs';
import { createAgreementService } from './agreements.service';

type IdParams = { Params: { id: string } };

const access = (action: Action) => ({ access: permission('Agreements', action) });

/**
 * Agreements' versions (staff publish them), what the signed-in user still has to accept and their acceptance,
 * and staff's list of acceptances. The agreements themselves are the declared resource's routes.
 */
export const agreementRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createAgreementService(ctx);
  const tags = ['agreements'];

  app.get<IdParams>(
    '/agreements/:id/versions',
    {
      config: access('View'),
      schema: {
        tags,
        summary: 'The published versions of an agreement, newest first',
        ...routeDocs({ params: idParams, response: { 200: answers.listOf(agreementVersionDtoSchema) } }),
      },
    },
    async (request, reply) => send(request, reply, await service.versions(request.params.id)),
  );

  app.post<IdParams>(
    '/agreements/:id/versions',
    {
      config: access('Create'),
      schema: {
        tags,
        summary: 'Publish a new version of an agreement: every partner user is asked to accept it',
        ...routeDocs({ params: idParams, body: publishAgreementVersionSchema, response: { 201: agreementVersionDtoSchema } }),
      },
    },
    async (request, reply) => send(request, reply, await service.publish(requirePrincipal(request), request.params.id, request.body), { statusCode: 201 }),
  );

  app.get(
    '/pending-agreements',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The agreements the signed-in user still has to accept (the newest version of each, not accepted yet)',
        ...routeDocs({ response: { 200: answers.listOf(pendingAgreementDtoSchema) } }),
      },
    },
    async (request, reply) => send(request, reply, await service.pending(requirePrincipal(request))),
  );

  app.post<IdParams>(
    '/agreement-versions/:id/accept',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Accept a version for one’s partner (a retry answers the same acceptance; an outdated version is a 409)',
        ...routeDocs({ params: idParams, response: { 200: agreementAcceptedDtoSchema, 201: agreementAcceptedDtoSchema } }),
      },
    },
    async (request, reply) => {
      const accepted = await service.accept(requirePrincipal(request), request.params.id, request.ip);
      return send(request, reply, accepted, { statusCode: accepted.alreadyAccepted ? 200 : 201 });
    },
  );

  app.post(
    '/agreement-acceptances/search',
    {
      config: access('Search'),
      schema: {
        tags,
        summary: 'Search acceptances (paged; agreement, version, partner, user; keyword over names and email)',
        ...routeDocs({ body: agreementAcceptanceSearchSchema, response: { 200: answers.pageOf(agreementAcceptanceDtoSchema) } }),
      },
    },
    async (request, reply) => send(request, reply, await service.searchAcceptances(requirePrincipal(request), request.body)),
  );

  app.get<IdParams>(
    '/agreement-acceptances/:id',
    {
      config: access('View'),
      schema: { tags, summary: 'One acceptance', ...routeDocs({ params: idParams, response: { 200: agreementAcceptanceDtoSchema } }) },
    },
    async (request, reply) => send(request, reply, await service.getAcceptance(requirePrincipal(request), request.params.id)),
  );
};
