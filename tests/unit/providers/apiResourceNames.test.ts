import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiResourceOf, apiResources } from '../../../contract/apiResources';
import { ok } from '../../../mocks/envelopes';
import { server } from '../../../mocks/server';
import { authProvider } from '../../../src/providers/auth/authProvider';
import { toPermissionResource } from '../../../src/providers/auth/resourcePermissions';
import { toApiResource } from '../../../src/providers/data/apiResources';
import { dataProvider } from '../../../src/providers/data/dataProvider';
import { screenDeclarations } from '../../../src/resources';
import { signInAs } from '../sessionFixtures';

const STOCK = ['files', 'file-grants', 'forms'];

describe('every API resource is a react-admin resource under its API name', () => {
  it('a name is single on both sides: a screen named like an API resource calls that resource', () => {
    for (const screen of screenDeclarations) {
      if (apiResources.some((resource) => resource.name === screen.name)) expect(screen.apiPath, screen.name).toBe(screen.name);
    }
  });

  it('an API name is its own path and permission resource, screen or not; a screen sharing an API keeps a name of its own', () => {
    for (const resource of apiResources) {
      expect(toApiResource(resource.name)).toBe(resource.name);
      expect(toPermissionResource(resource.name)).toBe(resource.permission);
    }
    expect(toApiResource('forms')).toBe('forms');
    expect(toPermissionResource('forms')).toBe('Form');
    expect(toApiResource('own-partner-forms')).toBe('partner-forms');
    expect(toPermissionResource('own-partner-forms')).toBe('PartnerForm');
    expect(toApiResource('accessible-files')).toBe('files');
    expect(toApiResource('user-management')).toBe('users');
    expect(toApiResource('ticket-management')).toBe('tickets');
  });

  it('an entity table offers to sort only by a field its API sorts by', async () => {
    for (const screen of screenDeclarations.filter((declaration) => declaration.entity && apiResourceOf(declaration.apiPath))) {
      const { default: table } = await screen.entity!();
      const sortable = apiResourceOf(screen.apiPath)!.sortable;
      for (const column of table.columns.filter((candidate) => candidate.sortable))
        expect(sortable, `${screen.name}: ${column.source}`).toContain(column.source);
    }
  });

  it("every resource name the app's own code asks react-admin for is an API resource's or a screen's", () => {
    const known = new Set([...apiResources.map((resource) => resource.name), ...screenDeclarations.map((screen) => screen.name)]);
    const sources = import.meta.glob<string>('/src/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true });
    const asked = Object.entries(sources).flatMap(([file, text]) => {
      const hooks = [
        ...text.matchAll(/\buse(?:GetList|GetOne|GetMany|GetManyReference|Update|Create|Delete|DeleteMany|UpdateMany)(?:<[^>(]*>)?\(\s*'([^']+)'/g),
      ];
      const props = [...text.matchAll(/\b(?:reference|resource)="([^"]+)"/g)];
      return [...hooks, ...props].map((match) => ({ file, name: match[1] }));
    });
    expect(asked.length).toBeGreaterThan(10);
    for (const { file, name } of asked) expect(known.has(name), `${file}: '${name}'`).toBe(true);
  });

  it.each(STOCK)('the dataProvider reads and writes %s at /api/v1/%s', async (name) => {
    signInAs('admin');
    const asked: string[] = [];
    const page = { items: [{ id: 'r1' }], totalCount: 1, currentPage: 1, pageSize: 10, totalPages: 1, hasNextPage: false, hasPreviousPage: false };
    server.use(
      http.all('*/api/v1/*', ({ request }) => {
        asked.push(`${request.method} ${new URL(request.url).pathname}`);
        return ok(request.url.endsWith('/search') ? page : { id: 'r1' });
      }),
    );
    await dataProvider.getList(name, { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    await dataProvider.getOne(name, { id: 'r1' });
    await dataProvider.update(name, { id: 'r1', data: { note: 'x' }, previousData: { id: 'r1', note: '' } });
    expect(asked).toEqual([`POST /api/v1/${name}/search`, `GET /api/v1/${name}/r1`, `PATCH /api/v1/${name}/r1`]);
  });

  it.each(STOCK)("the admin's canAccess allows every action on %s", async (name) => {
    signInAs('admin');
    for (const action of ['list', 'show', 'create', 'edit', 'delete', 'export'])
      expect(await authProvider.canAccess({ action, resource: name }), `${action} ${name}`).toBe(true);
  });

  it("a partner's own partner forms are not form definitions", async () => {
    signInAs('partner');
    expect(await authProvider.canAccess({ action: 'list', resource: 'own-partner-forms' })).toBe(true);
    expect(await authProvider.canAccess({ action: 'create', resource: 'forms' })).toBe(false);
  });
});
