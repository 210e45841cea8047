import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route } from 'react-router-dom';
import { Admin, CustomRoutes, useCanAccess, useGetRecordRepresentation, useGetResourceLabel, useResourceDefinitions } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { envelopeOf } from '../../../mocks/envelopes';
import { server } from '../../../mocks/server';
import { permission } from '../../../contract/permissions';
import { declaredResources, type ResourceDeclaration } from '../../../contract/resources';
import type { ScreenAccess } from '../../../src/admin/screenAccess';
import { basePathOf } from '../../../src/admin/screenDeclaration';
import { resourceElementsOf } from '../../../src/admin/screenResources';
import { screenRoutes } from '../../../src/admin/screenRoutes';
import { createI18nProvider } from '../../../src/i18n/i18nProvider';
import { navigationSections, type NavLink } from '../../../src/layout/navigation';
import { authProvider } from '../../../src/providers/auth/authProvider';
import { savePermissions } from '../../../src/providers/session/sessionStorage';
import { dataProvider } from '../../../src/providers/data/dataProvider';
import { screenDeclarations } from '../../../src/resources';
import { LOAD, renderApp } from '../renderWithRouter';
import { signInAs } from '../sessionFixtures';

const accessText = (access?: ScreenAccess) => (access ? `${access.resource}.${access.action}` : 'signed in');

const menuLinks = (): NavLink[] => navigationSections.flat().flatMap((entry) => (entry.kind === 'link' ? [entry] : entry.children));

/** Specification section 2's routes of the screens written by hand, and what each needs (DESIGN.md: `list` is View or Search). */
const SPECIFIED_ROUTES: Record<string, string> = {
  tickets: 'Tickets.list',
  'tickets/:id/detail': 'Tickets.list',
  'ticket-manager': 'Tickets.AdminView',
  'ticket-management': 'Tickets.list',
  'ticket-management/:id/detail': 'Tickets.list',
  'roles/:id?': 'Roles.list',
  'roles/:id/permissions': 'Roles.list',
  // Issue 37: the reader's own organisation's sign-in, and a partner's for staff who configure it.
  'sign-in-settings': 'IdentityProviders.View',
  'partners/:id/sign-in': 'IdentityProviders.Configure',
  'form-config': 'Form.Configure',
  'form-config/:formId': 'Form.Configure',
  'accessible-files': 'AccessibleFile.View',
  'user-management/:id?': 'Users.list',
  'next-partner-forms': 'NextPartnerForms.list',
  // Issue 25: canned responses (a written CRUD screen of staff).
  'canned-responses/:id?': 'CannedResponses.list',
  // Issue 25: Support desk settings (service levels, auto-assignment).
  'support-desk/settings': 'ServiceLevels.View',
  'partner-forms': 'PartnerForm.AdminView',
  'partner-forms/:id': 'PartnerForm.AdminView',
  'partner-forms/:id/files/:fileId': 'PartnerForm.AdminView',
  forms: 'PartnerForm.list',
  'forms/:partnerFormId/sections/:sectionId': 'PartnerForm.list, without layout',
  'file-request/view': 'signed in, without layout',
  // Issue 39: staff's help articles, and the help center every signed-in user reads.
  'help-articles/:id?': 'HelpArticles.list',
  'help-center': 'signed in',
  'help-center/:slug': 'signed in',
  // Issue 40: who accepted which version of an agreement (staff, read only).
  'agreement-acceptances': 'Agreements.list',
};

/**
 * The route of each declared resource's screen (contract/resources/), read from its declaration: its list, with
 * the resource's AdminView when the screen is staff's only (partners), View or Search otherwise.
 */
const DECLARED_ROUTES: Record<string, string> = Object.fromEntries(
  (declaredResources as readonly ResourceDeclaration[]).flatMap((d) =>
    d.screen ? [[`${d.screen.path ?? d.name}/:id?`, `${d.permission}.${d.screen.staffOnly ? 'AdminView' : 'list'}`]] : [],
  ),
);

describe('screen declarations', () => {
  it('opens every menu item on a route that needs exactly what the item needs', () => {
    const disagreements = menuLinks()
      .filter((link) => link.path !== '/')
      .flatMap((link) => {
        const routes = screenRoutes.filter((route) => basePathOf(route.path) === link.path);
        if (!routes.length) return [`${link.path}: no route`];
        return routes
          .filter((route) => accessText(route.access) !== accessText(link.access))
          .map((route) => `${link.path}: menu needs ${accessText(link.access)}, route /${route.path} needs ${accessText(route.access)}`);
      });
    expect(disagreements).toEqual([]);
  });

  it('guards the routes of specification section 2 as written there', () => {
    const routes = Object.fromEntries(screenRoutes.map((route) => [route.path, `${accessText(route.access)}${route.withoutLayout ? ', without layout' : ''}`]));
    expect(routes).toEqual({ ...SPECIFIED_ROUTES, ...DECLARED_ROUTES });
  });

  it('gives one permission resource to each API path', () => {
    const byApiPath = new Map<string, Set<string>>();
    for (const { apiPath, permissionResource } of screenDeclarations) byApiPath.set(apiPath, (byApiPath.get(apiPath) ?? new Set()).add(permissionResource));
    expect([...byApiPath].filter(([, resources]) => resources.size > 1)).toEqual([]);
  });

  it('names each resource once', () => {
    const names = screenDeclarations.map((declaration) => declaration.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('sends each declared resource to its API path', async () => {
    signInAs('admin');
    const searched: string[] = [];
    server.use(
      http.post('*/api/v1/:path/search', ({ params }) => {
        searched.push(String(params.path));
        return HttpResponse.json(envelopeOf({ items: [], totalCount: 0, currentPage: 1, pageSize: 10 }));
      }),
    );
    for (const { name } of screenDeclarations) {
      await dataProvider.getList(name, { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    }
    expect(searched).toEqual(screenDeclarations.map((declaration) => declaration.apiPath));
  });

  it('lets canAccess answer for each declared resource from its permission resource, and no other', async () => {
    signInAs('admin');
    for (const { name, permissionResource } of screenDeclarations) {
      savePermissions([permission(permissionResource, 'View')]);
      expect(await authProvider.canAccess({ action: 'list', resource: name }), name).toBe(true);
      savePermissions([permission(permissionResource === 'Roles' ? 'Users' : 'Roles', 'View')]);
      expect(await authProvider.canAccess({ action: 'list', resource: name }), name).toBe(false);
    }
  });

  it('registers every declaration as a react-admin resource with its label, edit address and record title', async () => {
    signInAs('admin');
    function Probe() {
      const definitions = useResourceDefinitions();
      const label = useGetResourceLabel();
      const partnerTitle = useGetRecordRepresentation('partners');
      const { canAccess } = useCanAccess({ action: 'list', resource: 'partners' });
      return (
        <ul>
          {Object.values(definitions).map((definition) => (
            <li key={definition.name} data-testid={`resource-${definition.name}`}>
              {`${label(definition.name, 2)} list:${definition.hasList} edit:${definition.hasEdit}`}
            </li>
          ))}
          <li data-testid="partner-title">{String(partnerTitle({ id: 1, name: 'Acme Logistics' }))}</li>
          <li data-testid="partners-access">{String(canAccess)}</li>
        </ul>
      );
    }
    render(
      <MemoryRouter initialEntries={['/probe']}>
        <Admin dataProvider={dataProvider} authProvider={authProvider} i18nProvider={createI18nProvider('en')}>
          {resourceElementsOf(screenDeclarations, () => (
            <div />
          ))}
          <CustomRoutes noLayout>
            <Route path="/probe" element={<Probe />} />
          </CustomRoutes>
        </Admin>
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByTestId('partners-access')).toHaveTextContent('true'), LOAD);
    expect(screen.getAllByTestId(/^resource-/).map((item) => item.dataset.testid)).toEqual(screenDeclarations.map((d) => `resource-${d.name}`));
    expect(screen.getByTestId('resource-partners')).toHaveTextContent('Partners list:true edit:true');
    expect(screen.getByTestId('resource-partner-users')).toHaveTextContent('User list:false edit:false');
    // Form definitions take the API's name; a partner's own forms keep their /forms address under a name of their own.
    expect(screen.getByTestId('resource-forms')).toHaveTextContent('Configure list:false edit:false');
    expect(screen.getByTestId('resource-own-partner-forms')).toHaveTextContent('Forms list:false edit:false');
    expect(screen.getByTestId('partner-title')).toHaveTextContent('Acme Logistics');
  });

  it.each(['/partners/42/nothing', '/partner-users/42', '/forms/42'])('sends %s, below a resource but on no route, to /404', async (path) => {
    signInAs('admin');
    renderApp(path);
    expect(await screen.findByTestId('not-found', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/404');
  });
});
