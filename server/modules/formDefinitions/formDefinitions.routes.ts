import type { FastifyPluginAsync } from 'fastify';
import * as yup from 'yup';
import { permission, type Action } from '../../../contract/permissions';
import { formDtoSchema, formSectionsDtoSchema } from '../../../contract/schemas/forms.dto';
import { formFieldsSchema, formSearchSchema, formSectionsSchema } from '../../../contract/schemas/formDefinitions';
import type { AppContext } from '../../context';
import { send } from '../../core/envelope';
import { requirePrincipal } from '../../core/guard';
import { answers, idParams, routeDocs } from '../../core/openapi/routeDocs';
import { ifMatchOf, withEtag } from '../../core/recordVersion';
import { createFormDefinitionService } from './formDefinitions.service';

type IdParams = { Params: { id: string } };

const access = (action: Action) => ({ access: permission('Form', action) });
const oneForm = { params: idParams, response: { 200: formDtoSchema } };
const changeOfForm = { ...oneForm, headers: ['ifMatch' as const] };
const countsSchema = yup.object({
  Editing: yup.number().integer().defined(),
  Ready: yup.number().integer().defined(),
  Outdate: yup.number().integer().defined(),
});

/** Form definitions' versions (API `forms`), their sections, publish and new versions (api9.md "forms"). */
export const formDefinitionRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createFormDefinitionService(ctx);
  const tags = ['Forms'];

  app.post(
    '/forms/search',
    {
      config: access('Search'),
      schema: {
        tags,
        summary: 'Search form versions (paged; status, keyword on the name)',
        ...routeDocs({ body: formSearchSchema, response: { 200: answers.pageOf(formDtoSchema) } }),
      },
    },
    async (request, reply) => send(request, reply, await service.search(requirePrincipal(request), request.body)),
  );

  app.get(
    '/forms/counts',
    { config: access('Search'), schema: { tags, summary: 'How many form versions are in each status', ...routeDocs({ response: { 200: countsSchema } }) } },
    async (request, reply) => send(request, reply, await service.counts()),
  );

  app.post(
    '/forms',
    {
      config: access('Create'),
      schema: { tags, summary: 'A new form definition: its version 1, Editing', ...routeDocs({ body: formFieldsSchema, response: { 201: formDtoSchema } }) },
    },
    async (request, reply) =>
      send(request, reply, await service.create(requirePrincipal(request), request.body), { statusCode: 201, message: 'formDefinitionsApi.created' }),
  );

  app.get<IdParams>(
    '/forms/:id',
    { config: access('View'), schema: { tags, summary: 'One form version (ETag: its version)', ...routeDocs(oneForm) } },
    async (request, reply) => {
      const form = await service.get(requirePrincipal(request), request.params.id);
      withEtag(reply, form.version);
      return send(request, reply, form);
    },
  );

  app.put<IdParams>(
    '/forms/:id',
    {
      config: access('Update'),
      schema: { tags, summary: "Replace a version's fields (Editing only; If-Match)", ...routeDocs({ ...changeOfForm, body: formFieldsSchema }) },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const form = await service.replace(principal, request.params.id, request.body, ifMatchOf(request));
      return send(request, reply, form, { message: 'formDefinitionsApi.updated' });
    },
  );

  app.patch<IdParams>(
    '/forms/:id',
    {
      config: access('Update'),
      schema: {
        tags,
        summary: 'Change the fields sent of a version (Editing only; If-Match)',
        ...routeDocs({ ...changeOfForm, body: formFieldsSchema.partial() }),
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const form = await service.patch(principal, request.params.id, request.body, ifMatchOf(request));
      return send(request, reply, form, { message: 'formDefinitionsApi.updated' });
    },
  );

  app.delete<IdParams>(
    '/forms/:id',
    { config: access('Delete'), schema: { tags, summary: 'Delete an Editing version no partner form uses (If-Match)', ...routeDocs(changeOfForm) } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const form = await service.remove(principal, request.params.id, ifMatchOf(request));
      return send(request, reply, form, { message: 'formDefinitionsApi.deleted' });
    },
  );

  app.get<IdParams>(
    '/forms/:id/sections',
    {
      config: access('View'),
      schema: {
        tags,
        summary: "A version's sections and questions (ETag: the form's version)",
        ...routeDocs({ params: idParams, response: { 200: formSectionsDtoSchema } }),
      },
    },
    async (request, reply) => {
      const sections = await service.sections(requirePrincipal(request), request.params.id);
      withEtag(reply, sections.version!);
      return send(request, reply, sections);
    },
  );

  app.put<IdParams>(
    '/forms/:id/sections',
    {
      config: access('Update'),
      schema: {
        tags,
        summary: "Replace a version's sections (Editing only; If-Match: the form's ETag)",
        ...routeDocs({ params: idParams, body: formSectionsSchema, headers: ['ifMatch'], response: { 200: formSectionsDtoSchema } }),
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const sections = await service.saveSections(principal, request.params.id, request.body, ifMatchOf(request));
      withEtag(reply, sections.version!);
      return send(request, reply, sections, { message: 'formDefinitionsApi.sectionsSaved' });
    },
  );

  app.post<IdParams>(
    '/forms/:id/publish',
    {
      config: access('Update'),
      schema: { tags, summary: "Publish an Editing version: Ready, and the definition's previous Ready one Outdate", ...routeDocs(changeOfForm) },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const form = await service.publish(principal, request.params.id, ifMatchOf(request));
      return send(request, reply, form, { message: 'formDefinitionsApi.published' });
    },
  );

  app.post<IdParams>(
    '/forms/:id/new-version',
    {
      config: access('Create'),
      schema: {
        tags,
        summary: 'An Editing copy of a Ready or Outdate version, numbered next',
        ...routeDocs({ params: idParams, response: { 201: formDtoSchema } }),
      },
    },
    async (request, reply) => {
      const form = await service.newVersion(requirePrincipal(request), request.params.id);
      return send(request, reply, form, { statusCode: 201, message: 'formDefinitionsApi.versionCreated' });
    },
  );
};
