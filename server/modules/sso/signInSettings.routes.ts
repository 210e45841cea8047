import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as yup from 'yup';
import { identityProviderSchema, requireSsoSchema, ssoDomainSchema, ssoRoleMappingsSchema } from '../../../contract/schemas/sso';
import type { AppContext } from '../../context';
import { send } from '../../core/envelope';
import { requirePrincipal } from '../../core/guard';
import { routeDocs } from '../../core/openapi/routeDocs';
import { validate } from '../../core/validation';
import { createSignInSettings, organisationFor, readSettings } from './signInSettings.service';

const organisationParams = yup.object({ organisation: yup.string().required() });
const domainParams = organisationParams.shape({ id: yup.string().uuid().required() });

const settingsAnswer = {
  type: 'object',
  description: "The organisation's provider (never its client secret), domains, role mapping and the addresses to register",
  properties: {
    partnerId: { type: 'string', format: 'uuid', nullable: true },
    provider: { type: 'object', nullable: true },
    domains: { type: 'array', items: { type: 'object' } },
    roleMappings: { type: 'array', items: { type: 'object', properties: { claimValue: { type: 'string' }, roleId: { type: 'string', format: 'uuid' } } } },
    addresses: { type: 'object', nullable: true },
    givableRoles: { type: 'array', items: { type: 'object', properties: { id: { type: 'string', format: 'uuid' }, name: { type: 'string' } } } },
  },
  required: ['partnerId', 'provider', 'domains', 'roleMappings', 'addresses', 'givableRoles'],
} as const;

/**
 * Issue 37: an organisation's sign-in settings (`:organisation` is a partner's id, or `staff`). Staff holding
 * IdentityProviders.Configure keep every organisation's; a partner's admin reads its own (View), adds and removes
 * domains, keeps the role mapping and requires SSO (Update); only staff set the provider and confirm a domain.
 */
export const signInSettingsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const settings = createSignInSettings(ctx);
  const tags = ['Sign-in settings'];
  const base = '/sign-in-settings/:organisation';
  const docs = (summary: string, parts: Omit<Parameters<typeof routeDocs>[0], 'response'> = {}) => ({
    tags,
    summary,
    ...routeDocs({ ...parts, response: { 200: settingsAnswer } }),
  });
  const organisation = (request: FastifyRequest, need: 'view' | 'update' | 'configure') =>
    organisationFor(ctx.db, requirePrincipal(request), (request.params as { organisation: string }).organisation, need);

  app.get(
    base,
    { config: { access: 'authenticated' }, schema: docs("An organisation's sign-in settings", { params: organisationParams }) },
    async (request, reply) => send(request, reply, await readSettings(ctx, requirePrincipal(request), await organisation(request, 'view'))),
  );

  app.put(
    `${base}/provider`,
    {
      config: { access: 'authenticated' },
      schema: docs("Set the organisation's identity provider (staff)", { params: organisationParams, body: identityProviderSchema }),
    },
    async (request, reply) => {
      const org = await organisation(request, 'configure');
      const input = await validate(identityProviderSchema, request.body);
      return send(request, reply, await settings.saveProvider(requirePrincipal(request), org, input), { message: 'sso.saved' });
    },
  );

  app.delete(
    `${base}/provider`,
    { config: { access: 'authenticated' }, schema: docs("Remove the organisation's identity provider (staff)", { params: organisationParams }) },
    async (request, reply) =>
      send(request, reply, await settings.removeProvider(requirePrincipal(request), await organisation(request, 'configure')), { message: 'sso.saved' }),
  );

  app.put(
    `${base}/require-sso`,
    {
      config: { access: 'authenticated' },
      schema: docs('Require sign-in through the provider for the verified domains', { params: organisationParams, body: requireSsoSchema }),
    },
    async (request, reply) => {
      const org = await organisation(request, 'update');
      const { requireSso } = await validate(requireSsoSchema, request.body);
      return send(request, reply, await settings.setRequireSso(requirePrincipal(request), org, requireSso), { message: 'sso.saved' });
    },
  );

  app.post(
    `${base}/domains`,
    { config: { access: 'authenticated' }, schema: docs('Claim an email domain', { params: organisationParams, body: ssoDomainSchema }) },
    async (request, reply) => {
      const org = await organisation(request, 'update');
      const { domain } = await validate(ssoDomainSchema, request.body);
      return send(request, reply, await settings.addDomain(requirePrincipal(request), org, domain), { message: 'sso.saved' });
    },
  );

  app.post(
    `${base}/domains/:id/verify`,
    { config: { access: 'authenticated' }, schema: docs('Confirm a claimed domain (staff)', { params: domainParams }) },
    async (request, reply) => {
      const org = await organisation(request, 'configure');
      return send(request, reply, await settings.verifyDomain(requirePrincipal(request), org, (request.params as { id: string }).id), { message: 'sso.saved' });
    },
  );

  app.delete(
    `${base}/domains/:id`,
    { config: { access: 'authenticated' }, schema: docs('Remove a domain', { params: domainParams }) },
    async (request, reply) => {
      const org = await organisation(request, 'update');
      return send(request, reply, await settings.removeDomain(requirePrincipal(request), org, (request.params as { id: string }).id), { message: 'sso.saved' });
    },
  );

  app.put(
    `${base}/role-mappings`,
    {
      config: { access: 'authenticated' },
      schema: docs("Replace the organisation's role mapping", { params: organisationParams, body: ssoRoleMappingsSchema }),
    },
    async (request, reply) => {
      const org = await organisation(request, 'update');
      const { roleMappings } = await validate(ssoRoleMappingsSchema, request.body);
      return send(request, reply, await settings.replaceRoleMappings(requirePrincipal(request), org, roleMappings), { message: 'sso.saved' });
    },
  );
};
