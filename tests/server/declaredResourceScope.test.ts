import { describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import { ROLE_NAMES, SEEDED_ROLES } from '../../contract/roles';
import {
  actionsOf,
  declaredRows,
  isPartnerScoped,
  PARTNER_FIELD,
  pathOf,
  resourceCases,
  routesOf,
  routeUrl,
  servesAction,
  unchanged,
  type Dto,
} from './declaredResourceCases';
import { expectEnvelope } from './expectations';
import { useDemoServer } from './factories';
import { useHubClients } from './hubHarness';
import type { ResourceDeclaration } from '../../contract/resources/declaration';

/**
 * Partner isolation of every declared resource scoped `ownPartner` (contract/resources/declaration.ts): a
 * partner's user reaches their partner's rows only (another partner's answers 404, as if it did not exist), and
 * whatever they write lands on their partner; staff reach every partner's rows with AdminView, none without.
 */
const demo = useDemoServer();
const { server, partnerIds } = demo;
const { api, bodyOf, create, searchIds, userWith } = declaredRows(demo);
// The demo partners' ids, known once the server has started.
const acme = () => partnerIds['Acme Logistics'];
const globex = () => partnerIds['Globex Trading'];
const cases = resourceCases(isPartnerScoped);
const connect = useHubClients(() => server.url);

/** The ids of the ResourceChanged of a resource one hub connection hears, and a wait for one of them. */
async function listener(d: ResourceDeclaration, token: string) {
  const heard: string[] = [];
  const waits: { id: string; resolve: () => void }[] = [];
  const connection = await connect(token);
  // A resource whose rows are a module's (tableOwner) is announced under that module's name (partner users: users).
  connection.on('ResourceChanged', (change: { resource: string; id: string }) => {
    if (change.resource !== d.name && change.resource !== d.tableOwner) return;
    heard.push(change.id);
    waits.filter((w) => w.id === change.id).forEach((w) => w.resolve());
  });
  const heardOf = (id: string) => (heard.includes(id) ? Promise.resolve() : new Promise<void>((resolve) => waits.push({ id, resolve })));
  return { heard, heardOf };
}

/** What a seeded Partner holds: a partner's user who also holds it may invite users as Partner. */
const PARTNER_ROLE = SEEDED_ROLES.find((role) => role.name === ROLE_NAMES.partner)!.permissions;

/**
 * A row of Acme's and one of Globex's, and a user of Acme holding every action of the resource but AdminView
 * (and what a Partner holds, as a partner's admin does).
 */
async function setting(d: ResourceDeclaration) {
  const own = await create(d, 0, { [PARTNER_FIELD]: acme() });
  const other = await create(d, 1, { [PARTNER_FIELD]: globex() });
  return { own, other, ids: [own.id, other.id], partnerUser: await userWith(d, actionsOf(d), acme(), PARTNER_ROLE) };
}

const exportLines = async (d: ResourceDeclaration, ids: string[], token: string) => {
  const answer = await api('GET', `${pathOf(d)}/export?${ids.map((id) => `ids=${id}`).join('&')}`, undefined, token);
  expect(answer.status, answer.text).toBe(200);
  return answer.text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .slice(1);
};

describe.runIf(cases.length)('declared resources: partner isolation', () => {
  it.each(cases)("$name: a partner's user finds, reads and exports only their partner's rows", async ({ d }) => {
    const { own, other, ids, partnerUser } = await setting(d);
    expect(await searchIds(d, { ids }, partnerUser)).toEqual([own.id]);
    expect(await searchIds(d, { ids, [PARTNER_FIELD]: globex() }, partnerUser)).toEqual([]);
    const all = await api<PagedResult<Dto>>('POST', `${pathOf(d)}/search`, { pageSize: 100 }, partnerUser);
    expectEnvelope(all, 200);
    expect(new Set(all.body.data!.items.map((row) => row[PARTNER_FIELD]))).toEqual(new Set([acme()]));
    expectEnvelope(await api('GET', `${pathOf(d)}/${own.id}`, undefined, partnerUser), 200);
    expectEnvelope(await api('GET', `${pathOf(d)}/${other.id}`, undefined, partnerUser), 404);
    if (servesAction(d, 'Export')) {
      const lines = await exportLines(d, ids, partnerUser);
      expect(lines.map((line) => line.split(',')[0])).toEqual([own.id]);
    }
  });

  it.each(cases)("$name: a partner's user changing another partner's row gets 404, and nothing is written", async ({ d }) => {
    const { own, other, partnerUser } = await setting(d);
    const body = { ...(await bodyOf(d)), [PARTNER_FIELD]: globex() };
    const bodies: Record<string, unknown> = {
      'PUT /:id': body,
      'PATCH /:id': { [PARTNER_FIELD]: globex() },
      'PATCH ': { ids: [other.id], data: {} },
      'POST /delete': { ids: [own.id, other.id] },
    };
    const changes = routesOf(d).filter((route) => `${route.method} ${route.path}` in bodies);
    expect(changes.length).toBeGreaterThan(0);
    await unchanged(server, async () => {
      for (const route of changes) {
        const answer = await api(route.method, routeUrl(d, route, other.id), bodies[`${route.method} ${route.path}`], partnerUser);
        expectEnvelope(answer, 404);
      }
    });
    expect((await api('GET', `${pathOf(d)}/${other.id}`)).body.data).toMatchObject({ [PARTNER_FIELD]: globex(), version: other.version });
  });

  it.each(cases)("$name: a partner's user's create lands on their partner whatever partnerId it names, and an edit never moves a row", async ({ d }) => {
    const { own, partnerUser } = await setting(d);
    const made = await create(d, 0, { [PARTNER_FIELD]: globex() }, partnerUser);
    expect(made[PARTNER_FIELD]).toBe(acme());
    const moved = await api('PATCH', `${pathOf(d)}/${own.id}`, { [PARTNER_FIELD]: globex() }, partnerUser);
    expectEnvelope(moved, 200);
    expect(moved.body.data![PARTNER_FIELD]).toBe(acme());
    expect(await searchIds(d, { ids: [own.id, made.id], [PARTNER_FIELD]: globex() })).toEqual([]);
  });

  it.each(cases)('$name: staff reach every partner with AdminView, and none without it (no reads, no creates)', async ({ d }) => {
    const { own, ids } = await setting(d);
    const across = await userWith(d, [...actionsOf(d), 'AdminView']);
    expect((await searchIds(d, { ids, orderBy: ['createdAt asc'] }, across)).sort()).toEqual([...ids].sort());
    const staff = await userWith(d, actionsOf(d));
    expect(await searchIds(d, { ids }, staff)).toEqual([]);
    const none = await api<PagedResult<Dto>>('POST', `${pathOf(d)}/search`, {}, staff);
    expect(none.body.data?.totalCount, none.text).toBe(0);
    expectEnvelope(await api('GET', `${pathOf(d)}/${own.id}`, undefined, staff), 404);
    if (servesAction(d, 'Export')) expect(await exportLines(d, ids, staff)).toEqual([]);
    const body = { ...(await bodyOf(d)), [PARTNER_FIELD]: acme() };
    await unchanged(server, async () => {
      expectEnvelope(await api('PATCH', `${pathOf(d)}/${own.id}`, { [PARTNER_FIELD]: globex() }, staff), 404);
      expectEnvelope(await api('POST', pathOf(d), body, staff), 403);
    });
  });

  it.each(cases)("$name: a change is heard live by its partner's users and staff with AdminView, not by another partner's", async ({ d }) => {
    const [acmeUser, globexUser, across] = await Promise.all([
      userWith(d, actionsOf(d), acme(), PARTNER_ROLE),
      userWith(d, actionsOf(d), globex(), PARTNER_ROLE),
      userWith(d, [...actionsOf(d), 'AdminView']),
    ]);
    const [atAcme, atGlobex, staff] = await Promise.all([acmeUser, globexUser, across].map((token) => listener(d, token)));
    // Announced in this order, each connection in turn: a change a connection should not hear would come before its next one.
    const first = await create(d, 0, { [PARTNER_FIELD]: acme() });
    const second = await create(d, 1, { [PARTNER_FIELD]: globex() });
    const third = await create(d, 0, { [PARTNER_FIELD]: acme() });
    const fourth = await create(d, 1, { [PARTNER_FIELD]: globex() });
    await Promise.all([atAcme.heardOf(third.id), atGlobex.heardOf(fourth.id), staff.heardOf(fourth.id)]);
    expect(atAcme.heard).toEqual([first.id, third.id]);
    expect(atGlobex.heard).toEqual([second.id, fourth.id]);
    expect(staff.heard).toEqual([first.id, second.id, third.id, fourth.id]);
  });
});
