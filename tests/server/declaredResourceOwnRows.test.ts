import { describe, expect, it } from 'vitest';
import type { Action } from '../../contract/permissions';
import type { ResourceDeclaration } from '../../contract/resources/declaration';
import { ownerFieldOf } from '../../contract/resources/scopes';
import { actionsOf, declaredRows, english, pathOf, resourceCases, routesOf, routeUrl, unchanged, type Dto } from './declaredResourceCases';
import { expectEnvelope } from './expectations';
import { useDemoServer } from './factories';

/**
 * Own rows of every declared resource scoped `ownUser` or `sharedOrOwn` (contract/resources/scopes.ts): another
 * user's own rows answer 404 to every route, as if they did not exist; a shared row is every reader's, and only a
 * holder of the scope's manage permission changes it (403 for others, nothing written).
 */
const demo = useDemoServer();
const { server, make } = demo;
const { api, bodyOf, userWith, searchIds } = declaredRows(demo);
const cases = resourceCases((d) => ownerFieldOf(d.scope) !== undefined);
const sharedCases = resourceCases((d) => d.scope.kind === 'sharedOrOwn');
const sharedFieldOf = (d: ResourceDeclaration) => (d.scope.kind === 'sharedOrOwn' ? { [d.scope.shared]: false } : {});

/** A row `as` made through the API (its own, or shared), deleted after the test by whoever may. */
async function rowOf(d: ResourceDeclaration, as: string, overrides: Record<string, unknown> = {}, remover = as) {
  const made = await api('POST', pathOf(d), { ...(await bodyOf(d)), ...sharedFieldOf(d), ...overrides }, as);
  expectEnvelope(made, 201);
  make.onCleanup(() => api('DELETE', `${pathOf(d)}/${made.body.data!.id}`, undefined, remover));
  return made.body.data!;
}

/** Two staff users holding the resource's everyday actions, neither the scope's manage permission. */
const twoUsers = (d: ResourceDeclaration) => Promise.all([userWith(d, actionsOf(d)), userWith(d, [...actionsOf(d), 'Export'] as Action[])]);

describe.runIf(cases.length)('declared resources: own rows', () => {
  it.each(cases)("$name: another user's own row is 404 to every route, missing from their search and export, and stays as it was", async ({ d }) => {
    const [owner, other] = await twoUsers(d);
    const own = await rowOf(d, owner);
    expect(own[ownerFieldOf(d.scope)!]).toBeTruthy();
    expect(await searchIds(d, { ids: [own.id] }, owner)).toEqual([own.id]);
    expect(await searchIds(d, { ids: [own.id] }, other)).toEqual([]);
    const body = await bodyOf(d);
    const bodies: Record<string, unknown> = {
      'GET /:id': undefined,
      'PUT /:id': body,
      'PATCH /:id': body,
      'PATCH ': { ids: [own.id], data: {} },
      'DELETE /:id': undefined,
      'POST /delete': { ids: [own.id] },
    };
    await unchanged(server, async () => {
      for (const route of routesOf(d).filter((r) => `${r.method} ${r.path}` in bodies))
        expectEnvelope(await api(route.method, routeUrl(d, route, own.id), bodies[`${route.method} ${route.path}`], other), 404);
    });
    const exported = await api('GET', `${pathOf(d)}/export?ids=${own.id}`, undefined, other);
    if (exported.status === 200) expect(exported.text).not.toContain(own.id);
    expectEnvelope(await api('GET', `${pathOf(d)}/${own.id}`, undefined, owner), 200);
  });

  it.each(cases)('$name: the owner is who wrote the row, whatever the body names', async ({ d }) => {
    const [owner, other] = await twoUsers(d);
    const otherRow = await rowOf(d, other);
    const own = await rowOf(d, owner, { [ownerFieldOf(d.scope)!]: otherRow[ownerFieldOf(d.scope)!] });
    expect(own[ownerFieldOf(d.scope)!]).not.toBe(otherRow[ownerFieldOf(d.scope)!]);
    expect(await searchIds(d, { ids: [own.id, otherRow.id] }, owner)).toEqual([own.id]);
  });
});

describe.runIf(sharedCases.length)('declared resources: shared rows', () => {
  const sharedOf = (d: ResourceDeclaration) => (d.scope.kind === 'sharedOrOwn' ? d.scope.shared : '');
  const managerOf = (d: ResourceDeclaration) =>
    d.scope.kind === 'sharedOrOwn' ? userWith(d, [...actionsOf(d), d.scope.manageShared]) : Promise.reject(new Error('not sharedOrOwn'));

  it.each(sharedCases)('$name: a shared row is read by every reader, and has no owner', async ({ d }) => {
    const [manager, [reader]] = await Promise.all([managerOf(d), twoUsers(d)]);
    const shared = await rowOf(d, manager, { [sharedOf(d)]: true });
    expect(shared[ownerFieldOf(d.scope)!]).toBeNull();
    expect(await searchIds(d, { ids: [shared.id] }, reader)).toEqual([shared.id]);
    expectEnvelope(await api('GET', `${pathOf(d)}/${shared.id}`, undefined, reader), 200);
  });

  it.each(sharedCases)('$name: without the manage permission, making, changing or deleting a shared row is 403 and writes nothing', async ({ d }) => {
    const [manager, [reader]] = await Promise.all([managerOf(d), twoUsers(d)]);
    const shared: Dto = await rowOf(d, manager, { [sharedOf(d)]: true });
    const own = await rowOf(d, reader);
    const refusal = d.scope.kind === 'sharedOrOwn' ? d.scope.refusal : '';
    await unchanged(server, async () => {
      for (const [method, path, body] of [
        ['POST', pathOf(d), { ...(await bodyOf(d)), [sharedOf(d)]: true }],
        ['PUT', `${pathOf(d)}/${shared.id}`, { ...(await bodyOf(d)), [sharedOf(d)]: false }],
        ['PATCH', `${pathOf(d)}/${own.id}`, { [sharedOf(d)]: true }],
        ['DELETE', `${pathOf(d)}/${shared.id}`, undefined],
      ] as const) {
        const answer = await api(method, path, body, reader);
        expectEnvelope(answer, 403);
        expect(answer.body.message, `${method} ${path}`).toBe(english(refusal));
      }
    });
  });
});
