import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { permission } from '../../../contract/permissions';
import { fileGrantDtoSchema } from '../../../contract/schemas/files.dto';
import { fileGrantSearchSchema } from '../../../contract/schemas/fileManager';
import { extendFileGrantSchema, fileGrantSchema, fileGrantTermsSchema } from '../../../contract/schemas/files';
import type { AppContext } from '../../context';
import { send } from '../../core/envelope';
import { requirePrincipal } from '../../core/guard';
import { mergePatch } from '../../core/partialUpdate';
import { answers, idParams, routeDocs } from '../../core/openapi/routeDocs';
import { ifMatchOf, withEtag } from '../../core/recordVersion';
import { validateSearch } from '../../core/search';
import { validate } from '../../core/validation';
import { createFileGrantService } from './fileGrants.service';

type IdParams = { Params: { id: string } };

const oneGrant = { params: idParams, response: { 200: fileGrantDtoSchema } };

/** Files: access grants: add, edit, extend, revoke (helper A). */
export const fileGrantRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createFileGrantService(ctx);
  const tags = ['File grants'];
  const update = { access: permission('AccessibleFile', 'Update') };

  app.post(
    '/file-grants/search',
    {
      config: { access: permission('AccessibleFile', 'AdminView') },
      schema: {
        tags,
        summary: 'Search access grants (paged; fileId, partnerId reached, conditionType, state now, keyword on file or grantee)',
        ...routeDocs({ body: fileGrantSearchSchema, response: { 200: answers.pageOf(fileGrantDtoSchema) } }),
      },
    },
    async (request, reply) => send(request, reply, await service.search(await validateSearch(fileGrantSearchSchema, request.body ?? {}))),
  );

  app.get<IdParams>(
    '/file-grants/:id',
    {
      config: { access: permission('AccessibleFile', 'AdminView') },
      schema: { tags, summary: 'One access grant (ETag: its version)', ...routeDocs(oneGrant) },
    },
    async (request, reply) => {
      const grant = await service.get(request.params.id);
      withEtag(reply, grant.version!);
      return send(request, reply, grant);
    },
  );

  app.post(
    '/file-grants',
    {
      config: { access: permission('AccessibleFile', 'Create') },
      schema: {
        tags,
        summary: 'Grant a partner, a role or a user access to a file for a window of at most FILE_GRANT_MAX_DAYS',
        ...routeDocs({ body: fileGrantSchema, response: { 201: fileGrantDtoSchema } }),
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const grant = await service.create(principal, await validate(fileGrantSchema, request.body));
      return send(request, reply, grant, { statusCode: 201, message: 'filesApi.granted' });
    },
  );

  const updateTerms = async (request: FastifyRequest<IdParams>, reply: FastifyReply) => {
    const principal = requirePrincipal(request);
    const ifMatch = ifMatchOf(request);
    const input = await validate(fileGrantTermsSchema, request.body);
    return send(request, reply, await service.updateTerms(principal, request.params.id, input, ifMatch));
  };
  const termsOptions = {
    config: update,
    schema: {
      tags,
      summary: "Change a grant's window and terms (If-Match: its version; a revoked grant: 409)",
      ...routeDocs({ ...oneGrant, body: fileGrantTermsSchema, headers: ['ifMatch'] }),
    },
  };
  app.put<IdParams>('/file-grants/:id', termsOptions, updateTerms);
  // PATCH: the terms sent, over the grant's current ones (If-Match keeps a change made meanwhile from being undone).
  app.patch<IdParams>(
    '/file-grants/:id',
    {
      config: update,
      schema: {
        tags,
        summary: 'Change the terms sent of a grant (If-Match: its version; a revoked grant: 409)',
        ...routeDocs({ ...oneGrant, body: fileGrantTermsSchema.partial(), headers: ['ifMatch'] }),
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const input = await mergePatch(fileGrantTermsSchema, await service.get(request.params.id), request.body);
      return send(request, reply, await service.updateTerms(principal, request.params.id, input, ifMatchOf(request)));
    },
  );

  app.post<IdParams>(
    '/file-grants/:id/extend',
    {
      config: update,
      schema: {
        tags,
        summary: 'Extend a grant by days (default FILE_GRANT_EXTEND_DAYS), never past from + FILE_GRANT_MAX_DAYS (there already: 409)',
        ...routeDocs({ ...oneGrant, body: extendFileGrantSchema }),
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const { days } = await validate(extendFileGrantSchema, request.body ?? {});
      return send(request, reply, await service.extend(principal, request.params.id, days), { message: 'filesApi.extended' });
    },
  );

  app.delete<IdParams>(
    '/file-grants/:id',
    {
      config: { access: permission('AccessibleFile', 'Delete') },
      schema: { tags, summary: 'Revoke a grant (the row stays; revoking again changes nothing)', ...routeDocs(oneGrant) },
    },
    async (request, reply) => send(request, reply, await service.revoke(requirePrincipal(request), request.params.id), { message: 'filesApi.revoked' }),
  );
};
