import type { FastifyInstance } from 'fastify';
import { permission, type Action } from '../../../contract/permissions';
import { searchRequestSchema } from '../../../contract/schemas/search';
import { send } from '../envelope';
import { requirePrincipal } from '../guard';
import { streamCsv } from '../csv';
import { ifMatchOf, withEtag } from '../recordVersion';
import { answers, idParams, routeDocs } from '../openapi/routeDocs';
import { searchOfExportQuery } from '../search';
import { BULK_UPDATE_BODY_BYTES_MAX, bulkIdsSchema } from './bulkSchemas';
import type { CrudService } from './service';

type IdParams = { Params: { id: string } };

/** The HTTP routes of a declared resource: each reads the request, calls the service and sends its answer. */
export function registerCrudRoutes<TInput extends object, TDto>(app: FastifyInstance, service: CrudService<TInput, TDto>) {
  const { name, permissions, csv } = service.resource;
  const tags = [name];
  const access = (action: Action) => ({ access: permission(permissions, action) });
  const { schema, dtoSchema, searchFilters } = service.resource;
  const search = searchRequestSchema.shape(searchFilters ?? {});
  const partial = schema.partial();
  const one = { params: idParams, response: { 200: dtoSchema } };
  const change = { ...one, headers: ['ifMatch' as const] };

  app.post(
    `/${name}/search`,
    {
      config: access('Search'),
      schema: { tags, summary: `Search ${name} (paged)`, ...routeDocs({ body: search, response: { 200: answers.pageOf(dtoSchema) } }) },
    },
    async (request, reply) => send(request, reply, await service.search(requirePrincipal(request), request.body)),
  );

  app.get<{ Querystring: Record<string, string> }>(
    `/${name}/export`,
    {
      config: access('Export'),
      schema: { tags, summary: `Every ${name} row of a search as CSV`, ...routeDocs({ querystring: search, response: { 200: answers.csv } }) },
    },
    async (request, reply) => {
      const { total, batches } = await service.exportRows(requirePrincipal(request), searchOfExportQuery(request.query));
      return streamCsv(reply, `${name}.csv`, csv, total, batches);
    },
  );

  app.get<IdParams>(
    `/${name}/:id`,
    { config: access('View'), schema: { tags, summary: `One of ${name} (ETag: its version)`, ...routeDocs(one) } },
    async (request, reply) => {
      const dto = await service.get(requirePrincipal(request), request.params.id);
      withEtag(reply, dto.version);
      return send(request, reply, dto);
    },
  );

  app.post(
    `/${name}`,
    { config: access('Create'), schema: { tags, summary: `Create one of ${name}`, ...routeDocs({ body: schema, response: { 201: dtoSchema } }) } },
    async (request, reply) => send(request, reply, await service.create(requirePrincipal(request), request.body), { statusCode: 201 }),
  );

  app.put<IdParams>(
    `/${name}/:id`,
    { config: access('Update'), schema: { tags, summary: `Update one of ${name} (If-Match: its version)`, ...routeDocs({ ...change, body: schema }) } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      return send(request, reply, await service.replace(principal, request.params.id, request.body, ifMatchOf(request)));
    },
  );

  app.patch<IdParams>(
    `/${name}/:id`,
    {
      config: access('Update'),
      schema: { tags, summary: `Change the fields sent of one of ${name} (If-Match: its version)`, ...routeDocs({ ...change, body: partial }) },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      return send(request, reply, await service.patch(principal, request.params.id, request.body, ifMatchOf(request)));
    },
  );

  app.patch(
    `/${name}`,
    {
      config: access('Update'),
      bodyLimit: BULK_UPDATE_BODY_BYTES_MAX,
      schema: {
        tags,
        summary: `Change the same fields of several ${name}, all or none ({ ids, data })`,
        ...routeDocs({ body: bulkIdsSchema.shape({ data: partial.required() }), response: { 200: answers.ids } }),
      },
    },
    async (request, reply) => {
      const ids = await service.patchMany(requirePrincipal(request), request.body);
      return send(request, reply, ids, { message: 'api.updatedMany', values: { count: ids.length } });
    },
  );

  app.delete<IdParams>(
    `/${name}/:id`,
    { config: access('Delete'), schema: { tags, summary: `Delete one of ${name} (If-Match: its version)`, ...routeDocs(change) } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      return send(request, reply, await service.remove(principal, request.params.id, ifMatchOf(request)));
    },
  );

  app.post(
    `/${name}/delete`,
    {
      config: access('Delete'),
      schema: { tags, summary: `Delete several ${name}, all or none ({ ids })`, ...routeDocs({ body: bulkIdsSchema, response: { 200: answers.ids } }) },
    },
    async (request, reply) => {
      const ids = await service.removeMany(requirePrincipal(request), request.body);
      return send(request, reply, ids, { message: 'api.deletedMany', values: { count: ids.length } });
    },
  );
}
