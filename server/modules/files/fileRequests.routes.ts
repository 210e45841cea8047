import type { FastifyPluginAsync } from 'fastify';
import { permission } from '../../../contract/permissions';
import { fileRequestDtoSchema } from '../../../contract/schemas/files.dto';
import { fileRequestSearchSchema } from '../../../contract/schemas/fileRequests';
import { approveFileRequestSchema, fileRequestSchema, rejectFileRequestSchema } from '../../../contract/schemas/files';
import type { AppContext } from '../../context';
import { send } from '../../core/envelope';
import { requirePrincipal } from '../../core/guard';
import { answers, idParams, routeDocs } from '../../core/openapi/routeDocs';
import { withEtag } from '../../core/recordVersion';
import { validateSearch } from '../../core/search';
import { validate } from '../../core/validation';
import { createFileRequestService } from './fileRequests.service';

type IdParams = { Params: { id: string } };

const oneRequest = { params: idParams, response: { 200: fileRequestDtoSchema } };

/** Files: file requests. A partner's user asks; staff approve (creating a grant) or reject; foreign requests answer 404. */
export const fileRequestRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createFileRequestService(ctx);
  const tags = ['File requests'];

  app.post(
    '/file-requests/search',
    {
      config: { access: permission('FileAccessRequest', 'Search') },
      schema: {
        tags,
        summary: "Search file requests (paged; status, partnerId, keyword): a partner's own, or every partner's with AdminView",
        ...routeDocs({ body: fileRequestSearchSchema, response: { 200: answers.pageOf(fileRequestDtoSchema) } }),
      },
    },
    async (request, reply) =>
      send(request, reply, await service.search(requirePrincipal(request), await validateSearch(fileRequestSearchSchema, request.body ?? {}))),
  );

  app.get<IdParams>(
    '/file-requests/:id',
    {
      config: { access: permission('FileAccessRequest', 'View') },
      schema: { tags, summary: 'One file request', ...routeDocs(oneRequest) },
    },
    async (request, reply) => {
      const dto = await service.get(requirePrincipal(request), request.params.id);
      withEtag(reply, dto.version!);
      return send(request, reply, dto);
    },
  );

  app.post(
    '/file-requests',
    {
      config: { access: permission('FileAccessRequest', 'Create') },
      schema: {
        tags,
        summary: "Ask for a file the caller has or had access to, or for something in words (partners' users only)",
        ...routeDocs({ body: fileRequestSchema, response: { 201: fileRequestDtoSchema } }),
      },
    },
    async (request, reply) => {
      const dto = await service.create(requirePrincipal(request), await validate(fileRequestSchema, request.body));
      return send(request, reply, dto, { statusCode: 201, message: 'filesApi.requested' });
    },
  );

  app.post<IdParams>(
    '/file-requests/:id/approve',
    {
      config: { access: permission('FileAccessRequest', 'AdminUpdate') },
      schema: {
        tags,
        summary: "Approve a PENDING request with a grant to the requester's partner (or the requester) for the asked file or fileId",
        ...routeDocs({ params: idParams, body: approveFileRequestSchema, response: { 200: fileRequestDtoSchema } }),
      },
    },
    async (request, reply) => {
      const input = await validate(approveFileRequestSchema, request.body);
      return send(request, reply, await service.approve(requirePrincipal(request), request.params.id, input), { message: 'filesApi.approved' });
    },
  );

  app.post<IdParams>(
    '/file-requests/:id/reject',
    {
      config: { access: permission('FileAccessRequest', 'AdminUpdate') },
      schema: {
        tags,
        summary: 'Reject a PENDING request with a reason told to the requester',
        ...routeDocs({ params: idParams, body: rejectFileRequestSchema, response: { 200: fileRequestDtoSchema } }),
      },
    },
    async (request, reply) => {
      const input = await validate(rejectFileRequestSchema, request.body);
      return send(request, reply, await service.reject(requirePrincipal(request), request.params.id, input), { message: 'filesApi.rejected' });
    },
  );
};
