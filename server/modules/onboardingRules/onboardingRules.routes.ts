import type { FastifyPluginAsync } from 'fastify';
import { permission, type Action } from '../../../contract/permissions';
import { onboardingRuleDtoSchema, upcomingPartnerFormsDtoSchema } from '../../../contract/schemas/forms.dto';
import { onboardingRuleSchema, upcomingQuerySchema } from '../../../contract/schemas/onboardingRules';
import type { AppContext } from '../../context';
import { send } from '../../core/envelope';
import { requirePrincipal } from '../../core/guard';
import { answers, idParams, routeDocs } from '../../core/openapi/routeDocs';
import { ifMatchOf, withEtag } from '../../core/recordVersion';
import { withQueryNumbers } from '../../core/search';
import { registerOnboardingFiring } from './onboardingFiring';
import { createOnboardingRuleService, onboardingRuleSearchSchema } from './onboardingRules.service';

type IdParams = { Params: { id: string } };

const access = (action: Action) => ({ access: permission('NextPartnerForms', action) });
const one = { params: idParams, response: { 200: onboardingRuleDtoSchema } };

/** The onboarding sequence (API `next-partner-forms`): its rules, what comes next per partner, and the rules' firing. */
export const onboardingRuleRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createOnboardingRuleService(ctx);
  const stopFiring = registerOnboardingFiring(ctx);
  app.addHook('onClose', async () => stopFiring());
  const tags = ['next-partner-forms'];

  app.post(
    '/next-partner-forms/search',
    {
      config: access('Search'),
      schema: {
        tags,
        summary: 'Search onboarding rules (paged; trigger, keyword over the forms’ names)',
        ...routeDocs({ body: onboardingRuleSearchSchema, response: { 200: answers.pageOf(onboardingRuleDtoSchema) } }),
      },
    },
    async (request, reply) => send(request, reply, await service.search(requirePrincipal(request), request.body)),
  );

  app.get<{ Querystring: Record<string, unknown> }>(
    '/next-partner-forms/upcoming',
    {
      config: access('View'),
      schema: {
        tags,
        summary: 'Per partner (paged), the forms the sequence will assign next',
        ...routeDocs({ querystring: upcomingQuerySchema, response: { 200: answers.pageOf(upcomingPartnerFormsDtoSchema) } }),
      },
    },
    async (request, reply) =>
      send(
        request,
        reply,
        await service.upcoming(requirePrincipal(request), withQueryNumbers(request.query as Record<string, unknown>, ['pageNumber', 'pageSize'])),
      ),
  );

  app.get<IdParams>(
    '/next-partner-forms/:id',
    { config: access('View'), schema: { tags, summary: 'One onboarding rule (ETag: its version)', ...routeDocs(one) } },
    async (request, reply) => {
      const dto = await service.get(requirePrincipal(request), request.params.id);
      withEtag(reply, dto.version!);
      return send(request, reply, dto);
    },
  );

  app.post(
    '/next-partner-forms',
    {
      config: access('Create'),
      schema: {
        tags,
        summary: 'Add an onboarding rule (a duplicate is a 409)',
        ...routeDocs({ body: onboardingRuleSchema, response: { 201: onboardingRuleDtoSchema } }),
      },
    },
    async (request, reply) => send(request, reply, await service.create(requirePrincipal(request), request.body), { statusCode: 201 }),
  );

  app.put<IdParams>(
    '/next-partner-forms/:id',
    {
      config: access('Update'),
      schema: {
        tags,
        summary: 'Change an onboarding rule (If-Match: its version)',
        ...routeDocs({ ...one, body: onboardingRuleSchema, headers: ['ifMatch'] }),
      },
    },
    async (request, reply) => send(request, reply, await service.replace(requirePrincipal(request), request.params.id, request.body, ifMatchOf(request))),
  );

  app.delete<IdParams>(
    '/next-partner-forms/:id',
    {
      config: access('Delete'),
      schema: { tags, summary: 'Delete an onboarding rule (If-Match: its version)', ...routeDocs({ ...one, headers: ['ifMatch'] }) },
    },
    async (request, reply) => send(request, reply, await service.remove(requirePrincipal(request), request.params.id, ifMatchOf(request))),
  );
};
