import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permission, type Permission } from '../../contract/permissions';
import { declaredResources } from '../../contract/resources';
import { CRUD_ROUTES, crudRoutesOf } from '../../contract/resources/declaration';
import { startServer, type TestServer } from './harness';

type Access = Permission | 'public' | 'authenticated' | 'publicOrSignedIn';

// The intended access of every route, written out by hand: a route missing here, or declared otherwise, fails.
// The hub's routes are public because the hub checks the access token itself (negotiate and each transport).

/** Routes of the resource modules, each answered under /api/v1 and /api alike. */
const VERSIONED: Record<string, Access> = {
  'GET /avatars/:file': 'public',
  'GET /dashboard': 'authenticated',
  'GET /inbox': 'authenticated',
  'GET /inbox/unread-count': 'authenticated',
  'POST /inbox/:id/read': 'authenticated',
  'POST /inbox/read-all': 'authenticated',
  'GET /file-access-log/export': permission('AccessibleFile', 'AdminView'),
  'POST /file-access-log/search': permission('AccessibleFile', 'AdminView'),
  'POST /file-grants': permission('AccessibleFile', 'Create'),
  'DELETE /file-grants/:id': permission('AccessibleFile', 'Delete'),
  'GET /file-grants/:id': permission('AccessibleFile', 'AdminView'),
  'PATCH /file-grants/:id': permission('AccessibleFile', 'Update'),
  'PUT /file-grants/:id': permission('AccessibleFile', 'Update'),
  'POST /file-grants/:id/extend': permission('AccessibleFile', 'Update'),
  'POST /file-grants/search': permission('AccessibleFile', 'AdminView'),
  'POST /files': permission('AccessibleFile', 'Create'),
  'DELETE /files/:id': permission('AccessibleFile', 'Delete'),
  'GET /files/:id': permission('AccessibleFile', 'AdminView'),
  'PATCH /files/:id': permission('AccessibleFile', 'Update'),
  'PUT /files/:id': permission('AccessibleFile', 'Update'),
  'GET /files/:id/content': permission('AccessibleFile', 'AdminView'),
  'PUT /files/:id/content': permission('AccessibleFile', 'Update'),
  'GET /files/export': permission('AccessibleFile', 'AdminView'),
  'POST /files/search': permission('AccessibleFile', 'AdminView'),
  'POST /files/:id/links': permission('AccessibleFile', 'View'),
  'POST /files/accessible/search': permission('AccessibleFile', 'View'),
  'GET /file-links/content': 'public',
  'GET /file-links/view': 'authenticated',
  'POST /file-requests': permission('FileAccessRequest', 'Create'),
  'GET /file-requests/:id': permission('FileAccessRequest', 'View'),
  'POST /file-requests/:id/approve': permission('FileAccessRequest', 'AdminUpdate'),
  'POST /file-requests/:id/reject': permission('FileAccessRequest', 'AdminUpdate'),
  'POST /file-requests/search': permission('FileAccessRequest', 'Search'),
  'POST /forms': permission('Form', 'Create'),
  'DELETE /forms/:id': permission('Form', 'Delete'),
  'GET /forms/:id': permission('Form', 'View'),
  'PATCH /forms/:id': permission('Form', 'Update'),
  'PUT /forms/:id': permission('Form', 'Update'),
  'POST /forms/:id/new-version': permission('Form', 'Create'),
  'POST /forms/:id/publish': permission('Form', 'Update'),
  'GET /forms/:id/sections': permission('Form', 'View'),
  'PUT /forms/:id/sections': permission('Form', 'Update'),
  'GET /forms/counts': permission('Form', 'Search'),
  'POST /forms/search': permission('Form', 'Search'),
  'POST /next-partner-forms': permission('NextPartnerForms', 'Create'),
  'DELETE /next-partner-forms/:id': permission('NextPartnerForms', 'Delete'),
  'GET /next-partner-forms/:id': permission('NextPartnerForms', 'View'),
  'PUT /next-partner-forms/:id': permission('NextPartnerForms', 'Update'),
  'POST /next-partner-forms/search': permission('NextPartnerForms', 'Search'),
  'GET /next-partner-forms/upcoming': permission('NextPartnerForms', 'View'),
  'GET /partner-forms/:id': permission('PartnerForm', 'View'),
  'POST /partner-forms/:id/files': permission('PartnerForm', 'Update'),
  'GET /partner-forms/:id/files/:fileId': permission('PartnerForm', 'View'),
  'GET /partner-forms/:id/pdf': permission('PartnerForm', 'View'),
  'POST /partner-forms/:id/lock': permission('PartnerForm', 'AdminUpdate'),
  'POST /partner-forms/:id/reopen': permission('PartnerForm', 'AdminUpdate'),
  'POST /partner-forms/:id/review': permission('PartnerForm', 'AdminUpdate'),
  'GET /partner-forms/:id/reviews': permission('PartnerForm', 'AdminUpdate'),
  'GET /partner-forms/:id/sections/:sectionKey': permission('PartnerForm', 'View'),
  'PUT /partner-forms/:id/sections/:sectionKey': permission('PartnerForm', 'Update'),
  'POST /partner-forms/:id/submit': permission('PartnerForm', 'Update'),
  'POST /partner-forms/:id/unlock': permission('PartnerForm', 'AdminUpdate'),
  'GET /partner-forms/:id/version-changes': permission('PartnerForm', 'View'),
  'POST /partner-forms/assign': permission('PartnerForm', 'Create'),
  'GET /partner-forms/export': permission('PartnerForm', 'Export'),
  'POST /partner-forms/migrate': permission('PartnerForm', 'AdminUpdate'),
  'POST /partner-forms/search': permission('PartnerForm', 'Search'),
  // Partner users' CRUD routes are its declaration's (DECLARED); this one is its own.
  'POST /partner-users/:id/toggle-status': permission('PartnerUsers', 'Update'),
  'POST /partner-users/:id/lift-hold': permission('PartnerUsers', 'Update'),
  'POST /partner-users/:id/resume-mail': permission('PartnerUsers', 'Update'),
  // Sessions (issue 26, point 3): one's own, and a user's for staff and partner admins.
  'GET /account/sessions': 'authenticated',
  // Notification preferences (issue 38, item 4): one's own; the one-click unsubscribe needs no sign-in (its token is signed).
  'GET /account/notification-preferences': 'authenticated',
  'PUT /account/notification-preferences': 'authenticated',
  'GET /unsubscribe': 'public',
  'POST /unsubscribe': 'public',
  'POST /account/sessions/:id/end': 'authenticated',
  'POST /account/sessions/end-others': 'authenticated',
  'GET /partner-users/:id/sessions': permission('PartnerUsers', 'View'),
  'POST /partner-users/:id/sessions/:sid/end': permission('PartnerUsers', 'Update'),
  'GET /users/:id/sessions': permission('Users', 'View'),
  'POST /users/:id/sessions/:sid/end': permission('Users', 'Update'),
  'PATCH /roles': permission('Roles', 'Update'),
  'POST /roles': permission('Roles', 'Create'),
  'DELETE /roles/:id': permission('Roles', 'Delete'),
  'GET /roles/:id': permission('Roles', 'View'),
  'PATCH /roles/:id': permission('Roles', 'Update'),
  'PUT /roles/:id': permission('Roles', 'Update'),
  'GET /roles/:id/permissions': permission('Roles', 'View'),
  'PUT /roles/:id/permissions': permission('Roles', 'Update'),
  'POST /roles/:id/permissions/preview': permission('Roles', 'Update'),
  'POST /roles/delete': permission('Roles', 'Delete'),
  'GET /roles/export': permission('Roles', 'Export'),
  'POST /roles/search': permission('Roles', 'Search'),
  'POST /tickets': permission('Tickets', 'Create'),
  'GET /tickets/:id': permission('Tickets', 'View'),
  'PUT /tickets/:id': permission('Tickets', 'Update'),
  'GET /tickets/:id/attachments/:attachmentId': permission('Tickets', 'View'),
  'GET /tickets/:id/messages': permission('TicketConversations', 'View'),
  'POST /tickets/:id/messages': permission('TicketConversations', 'Create'),
  'GET /tickets/:id/reads': permission('TicketConversations', 'View'),
  'PUT /tickets/:id/reads': permission('TicketConversations', 'View'),
  'PUT /tickets/admin/:id': permission('Tickets', 'AdminUpdate'),
  'GET /tickets/export': permission('Tickets', 'Export'),
  'POST /tickets/search': permission('Tickets', 'Search'),
  // Issue 25: assignment and priority.
  'PUT /tickets/:id/assignee': permission('TicketAssignments', 'Update'),
  'PUT /tickets/:id/priority': permission('TicketAssignments', 'Update'),
  'GET /support-desk/assignees': permission('TicketAssignments', 'View'),
  'GET /support-desk/assignment': permission('TicketAssignments', 'View'),
  'PUT /support-desk/assignment': permission('TicketAssignments', 'Configure'),
  'GET /support-desk/availability': permission('TicketAssignments', 'View'),
  'PUT /support-desk/availability': permission('TicketAssignments', 'View'),
  'GET /support-desk/teams': permission('TicketAssignments', 'View'),
  'POST /support-desk/teams': permission('TicketAssignments', 'Configure'),
  'DELETE /support-desk/teams/:id': permission('TicketAssignments', 'Configure'),
  'GET /support-desk/service-levels': permission('ServiceLevels', 'View'),
  'PUT /support-desk/service-levels': permission('ServiceLevels', 'Configure'),
  'GET /support-desk/service-levels/summary': permission('ServiceLevels', 'View'),
  // Issue 39: staff write the help center (help-articles as every declared resource, its publication and versions);
  // readers read what is published for them, visitors included (a token, when sent, says who reads).
  ...Object.fromEntries(CRUD_ROUTES.map(({ method, path, action }) => [`${method} /help-articles${path}`, permission('HelpArticles', action)])),
  'POST /help-articles/:id/publish': permission('HelpArticles', 'Configure'),
  'POST /help-articles/:id/unpublish': permission('HelpArticles', 'Configure'),
  'GET /help-articles/:id/versions': permission('HelpArticles', 'View'),
  'GET /help-articles/:id/versions/:number': permission('HelpArticles', 'View'),
  'GET /help-center/insights': permission('HelpArticles', 'View'),
  'GET /help/articles': 'publicOrSignedIn',
  'GET /help/articles/:slug': 'publicOrSignedIn',
  'GET /help/categories': 'publicOrSignedIn',
  'POST /help/suggestions': 'publicOrSignedIn',
  'POST /help/articles/:slug/feedback': 'publicOrSignedIn',
  'POST /help/deflections': 'authenticated',
  // Issue 40: agreements' versions (staff publish them), the signed-in user's pending agreements and acceptance, staff's list of acceptances.
  'GET /agreements/:id/versions': permission('Agreements', 'View'),
  'POST /agreements/:id/versions': permission('Agreements', 'Create'),
  'GET /pending-agreements': 'authenticated',
  'POST /agreement-versions/:id/accept': 'authenticated',
  'POST /agreement-acceptances/search': permission('Agreements', 'Search'),
  'GET /agreement-acceptances/:id': permission('Agreements', 'View'),
  // Issue 25: merging tickets and rating them.
  'POST /tickets/:id/merge': permission('TicketMerges', 'Create'),
  'POST /tickets/:id/rating': permission('TicketRatings', 'Create'),
  'GET /ticket-ratings/summary': permission('TicketRatings', 'View'),
  'GET /users': permission('Users', 'View'),
  'PATCH /users': permission('Users', 'Update'),
  'DELETE /users/:id': permission('Users', 'Delete'),
  'GET /users/:id': permission('Users', 'View'),
  'PATCH /users/:id': permission('Users', 'Update'),
  'PUT /users/:id': permission('Users', 'Update'),
  'GET /users/:id/audit-trails': permission('AuditTrails', 'View'),
  'GET /users/:id/roles': permission('UserRoles', 'View'),
  'POST /users/:id/roles': permission('UserRoles', 'Update'),
  'POST /users/:id/toggle-status': permission('Users', 'Update'),
  'POST /users/:id/lift-hold': permission('Users', 'Update'),
  'POST /users/:id/resume-mail': permission('Users', 'Update'),
  'POST /users/:id/second-factor/reset': permission('Users', 'Update'),
  'GET /account/second-factor': 'authenticated',
  'POST /account/second-factor/enrolment': 'authenticated',
  'POST /account/second-factor/confirm': 'authenticated',
  'POST /account/second-factor/recovery-codes': 'authenticated',
  'POST /account/second-factor/turn-off': 'authenticated',
  'POST /users/:id/impersonate': permission('Users', 'Impersonate'),
  'POST /token/impersonation/end': 'authenticated',
  'POST /users/change-password': 'authenticated',
  'POST /users/confirm-mail': 'public',
  'POST /users/delete': permission('Users', 'Delete'),
  'POST /users/forgot-password': 'public',
  'GET /users/permissions': 'authenticated',
  'GET /users/profile': 'authenticated',
  'PUT /users/profile': 'authenticated',
  'POST /users/register': permission('Users', 'Create'),
  'POST /users/resend-activation': 'public',
  'POST /users/reset-password': 'public',
  'POST /users/search': permission('Users', 'Search'),
  'POST /users/verify-token/email-active': 'public',
  'POST /users/verify-token/forgot-password': 'public',
  'GET /account/passkeys': 'authenticated',
  'POST /account/passkeys': 'authenticated',
  'POST /account/passkeys/options': 'authenticated',
  'PUT /account/passkeys/:id': 'authenticated',
  'DELETE /account/passkeys/:id': 'authenticated',
  'GET /partners/:partnerId/scim-tokens': permission('ScimTokens', 'View'),
  'POST /partners/:partnerId/scim-tokens': permission('ScimTokens', 'Create'),
  'DELETE /partners/:partnerId/scim-tokens/:id': permission('ScimTokens', 'Delete'),
  // Issue 37: an organisation's sign-in settings; each route decides by the organisation and IdentityProviders.*.
  'GET /sign-in-settings/:organisation': 'authenticated',
  'PUT /sign-in-settings/:organisation/provider': 'authenticated',
  'DELETE /sign-in-settings/:organisation/provider': 'authenticated',
  'PUT /sign-in-settings/:organisation/require-sso': 'authenticated',
  'POST /sign-in-settings/:organisation/domains': 'authenticated',
  'POST /sign-in-settings/:organisation/domains/:id/verify': 'authenticated',
  'DELETE /sign-in-settings/:organisation/domains/:id': 'authenticated',
  'PUT /sign-in-settings/:organisation/role-mappings': 'authenticated',
};

/** Routes answered at one path only: tokens, the hub, the API document and its page, health and readiness, and the app itself. */
const UNVERSIONED: Record<string, Access> = {
  'GET /api/docs': 'public',
  'GET /api/docs/ui': 'public',
  'GET /api/docs/ui/json': 'public',
  'GET /api/docs/ui/yaml': 'public',
  'GET /api/docs/ui/static/*': 'public',
  'GET /api/docs/ui/static/index.html': 'public',
  'GET /api/docs/ui/static/swagger-initializer.js': 'public',
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  'DELETE /api/notifications': 'public',
  'GET /api/notifications': 'public',
  'POST /api/notifications': 'public',
  'POST /api/notifications/negotiate': 'public',
  'POST /api/token': 'public',
  'POST /api/token/refresh': 'public',
  'POST /api/token/revoke': 'public',
  'POST /api/token/second-factor': 'public',
  'POST /api/token/passkey': 'public',
  'POST /api/token/passkey/options': 'public',
  // OIDC's callback (the provider's redirect back, issue 37): the browser's navigation, no token.
  'GET /api/sso/:providerId/oidc/callback': 'public',
  // SAML's ACS (the IdP's form post) and our SP metadata (issue 37): the browser's and the IdP admin's, no token.
  'POST /api/sso/:providerId/saml/acs': 'public',
  // The email-first discovery, a provider's start (a navigation) and the one-time code's exchange (issue 37).
  'POST /api/sso/discover': 'public',
  'GET /api/sso/:providerId/start': 'public',
  'POST /api/token/sso': 'public',
  'GET /api/sso/:providerId/saml/metadata': 'public',
  'GET /*': 'public',
  // The public help center's pages (issue 39), server-rendered for signed-out visitors.
  'GET /help': 'public',
  'GET /help/*': 'public',
  'GET /vi/help': 'public',
  'GET /vi/help/*': 'public',
  // SCIM (issue 37): public to the guard, each route checks the SCIM token itself.
  ...Object.fromEntries(
    [
      'GET /ServiceProviderConfig',
      'GET /ResourceTypes',
      'GET /ResourceTypes/:id',
      'GET /Schemas',
      'GET /Schemas/:id',
      ...['Users', 'Groups'].flatMap((r) => [`GET /${r}`, `POST /${r}`, `GET /${r}/:id`, `PUT /${r}/:id`, `PATCH /${r}/:id`, `DELETE /${r}/:id`]),
      'GET /*',
    ].map((route) => [route.replace(' /', ' /scim/v2/'), 'public']),
  ),
};

/** A declared resource's routes (contract/resources/: those of the actions it serves), each needing the action its declaration's permission names. */
const DECLARED: Record<string, Access> = Object.fromEntries(
  declaredResources.flatMap((d) => crudRoutesOf(d).map(({ method, path, action }) => [`${method} /${d.name}${path}`, permission(d.permission, action)])),
);

const INTENDED: Record<string, Access> = {
  ...Object.fromEntries(
    Object.entries({ ...VERSIONED, ...DECLARED }).flatMap(([route, access]) => {
      const [method, path] = route.split(' ');
      return [
        [`${method} /api${path}`, access],
        [`${method} /api/v1${path}`, access],
      ];
    }),
  ),
  ...UNVERSIONED,
};

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** Every registered route as "METHOD /path" with its declared access (HEAD, Fastify's shadow of GET, left out). */
function declaredRoutes(): Record<string, unknown> {
  return Object.fromEntries(
    server.built.routes.flatMap((route) =>
      ([] as string[])
        .concat(route.method)
        .filter((method) => method !== 'HEAD')
        .map((method) => [`${method} ${route.url}`, (route.config as { access?: unknown } | undefined)?.access]),
    ),
  );
}

describe('route table', () => {
  it('every route declares the access intended for it, and every intended route exists', () => {
    const declared = declaredRoutes();
    const wrong = Object.entries(declared)
      .filter(([route, access]) => INTENDED[route] !== access)
      .map(([route, access]) => `${route}: declared ${String(access)}, intended ${INTENDED[route] ?? '(not in the table)'}`);
    expect(wrong).toEqual([]);
    expect(Object.keys(INTENDED).filter((route) => !(route in declared))).toEqual([]);
  });

  it('the OpenAPI document at /api/docs lists every API route not hidden on purpose (an unversioned alias under its /api/v1 path)', async () => {
    const answer = await server.api<never>('GET', '/api/docs');
    const doc = JSON.parse(answer.text) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    // Hidden: the hub's transports, which speak SignalR's own protocol to its client library.
    const hidden = (r: (typeof server.built.routes)[number]) => (r.schema as { hide?: boolean } | undefined)?.hide === true;
    const apiRoutes = server.built.routes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD' && !hidden(r));
    const versioned = new Set(apiRoutes.map((r) => r.url).filter((url) => url.startsWith('/api/v1/')));
    for (const route of apiRoutes) {
      const canonical = versioned.has(`/api/v1${route.url.slice(4)}`) ? `/api/v1${route.url.slice(4)}` : route.url;
      const openApiPath = canonical.replace(/:(\w+)/g, '{$1}');
      const methods = ([] as string[]).concat(route.method).map((m) => m.toLowerCase());
      for (const m of methods) expect(doc.paths[openApiPath]?.[m], `${m} ${openApiPath}`).toBeDefined();
    }
  });
});
