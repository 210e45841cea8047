import { describe, expect, it } from 'vitest';
import type { Envelope, PagedResult } from '../../contract/envelope';
import { declaredResourceNamed } from '../../contract/resources';
import { fieldEntries, type ResourceDeclaration } from '../../contract/resources/declaration';
import type { FieldDeclaration } from '../../contract/resources/fields';
import {
  actionsOf,
  atLimitOf,
  declaredRows,
  english,
  expectStored,
  fieldCases,
  hasMax,
  isPartnerScoped,
  isTextual,
  overLimitsOf,
  PARTNER_FIELD,
  pathOf,
  resourceCases,
  routesOf,
  routeUrl,
  unchanged,
  type Dto,
} from './declaredResourceCases';
import { resourceTitleOf, translate } from '../../server/core/i18n';
import { expectEnvelope } from './expectations';
import { unique, useDemoServer } from './factories';
import type { ApiAnswer } from './harness';

/**
 * The contract every declared resource keeps (contract/resources/): its input limits, required fields, enum
 * values, references and unique values; its ETag and If-Match; 403 on each route without the route's action,
 * 401 without a token. The cases come from the declarations: a resource newly declared is tested with no edit.
 */
const demo = useDemoServer();
const { server } = demo;
const { admin, api, bodyOf, create, pairOf, userWith } = declaredRows(demo);

/** A 400 naming the field (and, when given, with one of these messages on it). */
function expectRefusedOn(answer: ApiAnswer<Dto>, field: string, messages?: string[]) {
  expectEnvelope(answer, 400);
  const onField = (answer.body.errors ?? []).filter((e) => e.field === field).map((e) => e.message);
  expect(onField.length, answer.text).toBeGreaterThan(0);
  if (messages)
    expect(
      onField.some((m) => messages.includes(m)),
      `${answer.text}\nexpected one of ${messages.join(' | ')}`,
    ).toBe(true);
}

describe('declared resources: input', () => {
  it.each(resourceCases())('$name: a record with every field at its largest limit is stored as sent', async ({ d }) => {
    const tag = unique('l');
    const body = await bodyOf(d);
    for (const [key, f] of fieldEntries(d)) if (hasMax(f)) body[key] = atLimitOf(f, tag);
    expectStored(d, await create(d, 0, body), body);
  });

  it.each(resourceCases((d) => fieldEntries(d).some(([, f]) => f.type === 'integer' && f.min !== undefined)))(
    '$name: a record with every integer at its smallest limit is stored as sent',
    async ({ d }) => {
      const body = await bodyOf(d);
      for (const [key, f] of fieldEntries(d)) if (f.type === 'integer' && f.min !== undefined) body[key] = f.min;
      expectStored(d, await create(d, 0, body), body);
    },
  );

  it.each(fieldCases((f) => overLimitsOf(f).length > 0))(
    '$name $key: one past its limit is refused on the field (create and PATCH), nothing written',
    async ({ d, key, f }) => {
      const [row] = await pairOf(d);
      const body = await bodyOf(d);
      await unchanged(server, async () => {
        for (const { value, message } of overLimitsOf(f)) {
          expectRefusedOn(await api('POST', pathOf(d), { ...body, [key]: value }), key, [message]);
          // A resource its own module serves (tableOwner) may refuse a field its PATCH does not change (a partner
          // user's email) as unknown there, rather than by its limit.
          expectRefusedOn(await api('PATCH', `${pathOf(d)}/${row.id}`, { [key]: value }), key, d.tableOwner ? undefined : [message]);
        }
      });
    },
  );

  it.each(fieldCases((f) => f.required && f.type !== 'boolean'))(
    '$name $key: required: a create without it, or with it empty, is refused on the field',
    async ({ d, key, f }) => {
      const { [key]: _left, ...without } = await bodyOf(d);
      const required = english('validation.required');
      await unchanged(server, async () => {
        expectRefusedOn(await api('POST', pathOf(d), without), key, [required]);
        expectRefusedOn(await api('POST', pathOf(d), { ...without, [key]: isTextual(f) ? '  ' : null }), key, [required, english('validation.typeError')]);
      });
    },
  );

  it.each(fieldCases((f) => f.type === 'enum'))('$name $key: a value outside the enum is refused on the field', async ({ d, key, f }) => {
    const body = await bodyOf(d);
    const first = f.values![0];
    await unchanged(server, async () => {
      for (const value of ['X', first === first.toLowerCase() ? first.toUpperCase() : first.toLowerCase()])
        expectRefusedOn(await api('POST', pathOf(d), { ...body, [key]: value }), key, [english('validation.notOption')]);
    });
  });

  it.each(fieldCases((f) => f.type === 'reference'))(
    '$name $key: a reference to no row, or to a deleted one, is refused on the field (create and PATCH), nothing written',
    async ({ d, key, f }) => {
      const [row] = await pairOf(d);
      const missing = ['00000000-0000-4000-8000-000000000000'];
      const target = declaredResourceNamed(f.reference!) as ResourceDeclaration | undefined;
      if (target?.softDelete) {
        const gone = await create(target, 0);
        expectEnvelope(await api('DELETE', `${pathOf(target)}/${gone.id}`), 200);
        missing.push(gone.id);
      }
      // A resource its own module serves (tableOwner) may word it its own way (partner users: "Unknown partner").
      const messages = d.tableOwner ? undefined : [english('validation.referenceNotFound')];
      const body = await bodyOf(d);
      await unchanged(server, async () => {
        for (const id of missing) {
          expectRefusedOn(await api('POST', pathOf(d), { ...body, [key]: id }), key, messages);
          // Partner users never move to another partner on an edit: their module ignores a PATCH's partnerId.
          if (!d.tableOwner) expectRefusedOn(await api('PATCH', `${pathOf(d)}/${row.id}`, { [key]: id }), key, messages);
        }
      });
    },
  );

  it.each(fieldCases((f) => f.unique !== undefined))(
    '$name $key: unique among live rows, case ignored: a duplicate create or change is refused on the field',
    async ({ d, key, f }) => {
      const first = await create(d, 0);
      const second = await create(d, 1);
      const taken = swapCase(first[key] as string);
      const message = [english(f.unique!.message)];
      const body = { ...(await bodyOf(d)), [key]: taken };
      await unchanged(server, async () => {
        expectRefusedOn(await api('POST', pathOf(d), body), key, message);
        expectRefusedOn(await api('PATCH', `${pathOf(d)}/${second.id}`, { [key]: taken }), key, message);
      });
      expectEnvelope(await api('PATCH', `${pathOf(d)}/${first.id}`, { [key]: taken }), 200);
      if (d.softDelete) {
        expectEnvelope(await api('DELETE', `${pathOf(d)}/${first.id}`), 200);
        expectEnvelope(await api('PATCH', `${pathOf(d)}/${second.id}`, { [key]: taken }), 200);
      }
    },
  );
});

/** Each declared reference whose target rows are deleted for good (a soft-deleted row stays for its references). */
const referencedDeleteCases = fieldCases((f) => f.type === 'reference').flatMap(({ d, key, f }) => {
  const target = declaredResourceNamed(f.reference!) as ResourceDeclaration | undefined;
  return target && !target.softDelete && !d.tableOwner
    ? [{ name: d.name, key, target, onDelete: f.onDelete ?? 'restrict', required: Boolean(f.required), d }]
    : [];
});

describe.runIf(referencedDeleteCases.length)('declared resources: deleting a referenced row', () => {
  it.each(referencedDeleteCases)(
    '$target.name referred to by $name $key ($onDelete): the delete does what the reference declares, never a 500',
    async ({ d, key, target, onDelete, required }) => {
      const referred = await create(target, 0);
      const referrer = await create(d, 0, { [key]: referred.id });
      const deleteReferred = () => api('DELETE', `${pathOf(target)}/${referred.id}`);
      if (onDelete === 'restrict') {
        const free = await create(target, 1);
        await unchanged(server, async () => {
          // A bulk delete is all or none: the free row stays with the referred one.
          const bulk = await api('POST', `${pathOf(target)}/delete`, { ids: [free.id, referred.id] });
          expectEnvelope(bulk, 409);
          expect(bulk.body.message).toBe(translate('en', 'api.stillReferenced', { count: 1, resource: resourceTitleOf(d) }));
          const refused = await deleteReferred();
          expectEnvelope(refused, 409);
          expect(refused.body.message).toBe(translate('en', 'api.stillReferenced', { count: 1, resource: resourceTitleOf(d) }));
          const inVietnamese = await server.api('DELETE', `${pathOf(target)}/${referred.id}`, { token: admin(), headers: { 'client-language': 'vi' } });
          expect(inVietnamese.body.message).toBe(translate('vi', 'api.stillReferenced', { count: 1, resource: resourceTitleOf(d) }));
        });
        if (d.softDelete) {
          // A referrer in the bin holds nothing hostage: its optional reference is emptied; a required one refuses.
          expectEnvelope(await api('DELETE', `${pathOf(d)}/${referrer.id}`), 200);
          if (required) {
            await unchanged(server, async () => {
              const held = await deleteReferred();
              expectEnvelope(held, 409);
              expect(held.body.message).toBe(translate('en', 'api.stillReferencedByDeleted', { count: 1, resource: resourceTitleOf(d) }));
            });
            return;
          }
          expectEnvelope(await deleteReferred(), 200);
          // react-admin's getMany (`ids`) shows a row in the bin, marked deleted.
          const binned = await api<PagedResult<Dto>>('POST', `${pathOf(d)}/search`, { ids: [referrer.id] });
          expect(binned.body.data!.items).toEqual([expect.objectContaining({ deleted: true, [key]: null })]);
          return;
        }
        expectEnvelope(await api('PATCH', `${pathOf(d)}/${referrer.id}`, { [key]: free.id }), 200);
        expectEnvelope(await deleteReferred(), 200);
        return;
      }
      // A bulk delete does the same to what refers to each row it deletes.
      expectEnvelope(await api('POST', `${pathOf(target)}/delete`, { ids: [referred.id, (await create(target, 1)).id] }), 200);
      const after = await api('GET', `${pathOf(d)}/${referrer.id}`);
      if (onDelete === 'cascade') expectEnvelope(after, 404);
      else expect(after.body.data?.[key]).toBeNull();
    },
  );
});

const swapCase = (text: string) => [...text].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');

/** The field a test changes: a text first (a change of an integer may break a rule between fields). */
function changedField(d: ResourceDeclaration): [string, FieldDeclaration] {
  const order = ['text', 'email', 'url', 'phone', 'enum', 'integer', 'boolean'];
  const candidates = fieldEntries(d).filter(([key, f]) => order.includes(f.type) && !(isPartnerScoped(d) && key === PARTNER_FIELD));
  return candidates.sort(([, a], [, b]) => order.indexOf(a.type) - order.indexOf(b.type))[0];
}

describe('declared resources: ETag and If-Match', () => {
  it.each(resourceCases())('$name: GET answers the version as ETag; a stale PUT, PATCH or DELETE is 412 with the current record', async ({ d }) => {
    const row = await create(d, 0);
    const path = `${pathOf(d)}/${row.id}`;
    const opened = await api('GET', path);
    expectEnvelope(opened, 200);
    const stale = opened.headers.get('etag')!;
    expect(stale).toBe(`"${opened.body.data!.version}"`);
    const [key] = changedField(d);
    const change = { [key]: (await bodyOf(d, 1))[key] };
    const saved = await api('PATCH', path, change, admin(), { 'if-match': stale });
    expectEnvelope(saved, 200);
    const current = saved.body.data!;
    expect(current.version).not.toBe(opened.body.data!.version);
    expect((await api('GET', path)).headers.get('etag')).toBe(`"${current.version}"`);

    const declared = Object.fromEntries(fieldEntries(d).map(([k]) => [k, opened.body.data![k]]));
    const again = { [key]: (await bodyOf(d, 0))[key] };
    await unchanged(server, async () => {
      for (const [method, body] of [
        ['PATCH', again],
        ['PUT', declared],
        ['DELETE', undefined],
      ] as const) {
        const answer = await api(method, path, body, admin(), { 'if-match': stale });
        expect(answer.status, `${method}: ${answer.text}`).toBe(412);
        expect((answer.body as Envelope<Dto>).data).toMatchObject({ ...change, version: current.version });
      }
    });
    expectEnvelope(await api('DELETE', path, undefined, admin(), { 'if-match': `"${current.version}"` }), 200);
  });
});

describe('declared resources: permissions', () => {
  it.each(resourceCases())('$name: each route answers 403 to a user lacking its action, 401 without a token; nothing written', async ({ d }) => {
    const [row] = await pairOf(d);
    const actions = actionsOf(d);
    // Each user holds every other action of the resource, AdminView included (every partner's rows).
    const lacking = Object.fromEntries(
      await Promise.all(
        actions.map(
          async (action) =>
            [
              action,
              await userWith(
                d,
                [...actions, 'AdminView' as const].filter((a) => a !== action),
              ),
            ] as const,
        ),
      ),
    );
    const body = await bodyOf(d);
    const bodies: Record<string, unknown> = {
      'POST ': body,
      'PUT /:id': body,
      'PATCH /:id': {},
      'PATCH ': { ids: [row.id], data: {} },
      'POST /delete': { ids: [row.id] },
      'POST /search': {},
    };
    await unchanged(server, async () => {
      for (const route of routesOf(d)) {
        const url = routeUrl(d, route, row.id);
        const sent = bodies[`${route.method} ${route.path}`];
        expectEnvelope(await server.api(route.method, url, { token: lacking[route.action], body: sent }), 403, english('api.forbidden'));
        expectEnvelope(await server.api(route.method, url, { body: sent }), 401);
      }
    });
  });
});
