import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import { permission, type Action, type Permission } from '../../contract/permissions';
import { declaredResourceNamed, declaredResources } from '../../contract/resources';
import { crudRoutesOf, fieldEntries, type CRUD_ROUTES, type ResourceDeclaration } from '../../contract/resources/declaration';
import type { FieldDeclaration } from '../../contract/resources/fields';
import { translate } from '../../server/core/i18n';
import { users } from '../../server/db/schema';
import { findUserById, issueSession } from '../../server/modules/accounts/session';
import { expectEnvelope } from './expectations';
import { createFactories, type useDemoServer } from './factories';
import type { TestServer } from './harness';

/**
 * The cases of the contract test of declared resources (declaredResource*.test.ts), made from each declaration
 * (contract/resources/): valid records from the field types, values at and over each limit, the routes of
 * CRUD_ROUTES. A resource newly declared is covered with no edit here.
 */
export const RESOURCES = declaredResources as readonly ResourceDeclaration[];

export type Dto = Record<string, unknown> & { id: string; version: string };

export const pathOf = (d: ResourceDeclaration) => `/api/v1/${d.name}`;
/** The English text of an i18n key, as the server words a message when no language is asked. */
export const english = (key: string, values?: Record<string, unknown>) => translate('en', key, values);

const TEXTUAL = new Set(['text', 'email', 'phone', 'url']);
export const isTextual = (f: FieldDeclaration) => TEXTUAL.has(f.type);
/** The partner reference of an `ownPartner` resource: the rows' partner (server/core/declared/crudResource.ts). */
export const PARTNER_FIELD = 'partnerId';
export const isPartnerScoped = (d: ResourceDeclaration) => d.scope.kind === 'ownPartner';

/** Cases of `it.each`: one per resource, or one per field, that `pick` picks. */
export const resourceCases = (pick: (d: ResourceDeclaration) => boolean = () => true) => RESOURCES.filter(pick).map((d) => ({ name: d.name, d }));
export const fieldCases = (pick: (f: FieldDeclaration, key: string, d: ResourceDeclaration) => boolean) =>
  RESOURCES.flatMap((d) => fieldEntries(d).flatMap(([key, f]) => (pick(f, key, d) ? [{ name: d.name, key, f, d }] : [])));

let phones = 0;
const ENUM_ORDER = (values: readonly string[]) => [...values].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
let tags = 0;
/** How many short values each rank has taken (rank 0 counts up from q0…, rank 1 down from z9…). */
const shortTaken = [0, 0];

/**
 * A record's tag: unique, of the letters a–p only, so the values of a field too short to hold it ([q–z][0–9]…,
 * see `shortTextOf`) are never part of another field's value, nor of another record's.
 */
export function recordTag() {
  const letters = (n: number) => n.toString(16).replace(/[0-9a-f]/g, (c) => 'abcdefghijklmnop'[parseInt(c, 16)]);
  return `c${letters(Date.now())}${letters((tags += 1))}${letters(Math.floor(Math.random() * 0xffff))}`;
}

/**
 * A value of a text field too short for its name and the tag, never given twice in a test file (so it never meets a
 * row kept for the file): a letter of q–z then digits, rank 0's counting up from "q0…" and rank 1's down from
 * "z9…", so any rank-0 value sorts before any rank-1 value. 100 values in 2 characters; past them, a clear error.
 */
function shortTextOf(max: number, rank: 0 | 1) {
  const room = max - 1;
  const span = 10 * 10 ** room;
  const taken = (shortTaken[rank] += 1) - 1;
  if (shortTaken[0] + shortTaken[1] > span) throw new Error(`the generated tests ran out of unique ${max}-character values in this file`);
  const n = rank === 0 ? taken : span - 1 - taken;
  return `${'qrstuvwxyz'[Math.floor(n / 10 ** room)]}${String(n % 10 ** room).padStart(room, '0')}`;
}

/**
 * A valid value of a field. Two records of ranks 0 and 1 sort in that order on every field in any collation
 * ("A …" before "B …", a before b, smaller first), and each textual value holds its field's name and the
 * record's tag, so a keyword or a filter for one record's field finds nothing else.
 */
export function valueOf(key: string, f: FieldDeclaration, rank: 0 | 1, tag: string, references: readonly string[]): unknown {
  const letter = rank ? 'b' : 'a';
  const fit = (text: string) => text.slice(0, f.max ?? text.length);
  switch (f.type) {
    case 'text': {
      const text = `${letter.toUpperCase()} ${key} ${tag}`;
      return f.max !== undefined && text.length > f.max ? shortTextOf(f.max, rank) : text;
    }
    case 'email':
      return fit(`${letter}.${key.toLowerCase()}.${tag}@contract.example`);
    case 'phone':
      phones += 1;
      return `+84 ${rank + 1}${String(phones).padStart(7, '0')}`;
    case 'url':
      return fit(`https://${letter}-${key.toLowerCase()}-${tag}.example`);
    case 'integer': {
      const low = f.min ?? 0;
      return rank && (f.max === undefined || low + 1 <= f.max) ? low + 1 : low;
    }
    case 'boolean':
      return rank === 1;
    case 'enum': {
      const values = ENUM_ORDER(f.values!);
      return values[Math.min(rank, values.length - 1)];
    }
    case 'reference':
      return references[Math.min(rank, references.length - 1)];
    default:
      throw new Error(`no value for a field of type ${String(f.type)}`);
  }
}

/**
 * A value at a field's largest limit. A text reads as a one-character class ("[…]", the tag kept inside) so
 * that a field holding a pattern (validation rules' regex) takes it too, and stays as small a program as can be.
 */
export function atLimitOf(f: FieldDeclaration, tag: string): unknown {
  const max = f.max!;
  const pad = (room: number) => 'x'.repeat(Math.max(room, 0));
  switch (f.type) {
    case 'text':
      return max >= tag.length + 2 ? `[${tag}${pad(max - tag.length - 2)}]` : pad(max);
    case 'email':
      return `${tag}${pad(max - tag.length - '@contract.example'.length)}@contract.example`;
    case 'phone':
      return `+${'1'.repeat(max - 1)}`;
    case 'url':
      return `https://${tag}${pad(max - 'https://'.length - tag.length - '.example'.length)}.example`;
    case 'integer':
      return max;
    default:
      return undefined;
  }
}

/** Fields that have a largest limit a value can reach (texts, and integers with a max). */
export const hasMax = (f: FieldDeclaration) => f.max !== undefined && (isTextual(f) || f.type === 'integer');

/** One past a field's limits, with the message that refuses it. */
export function overLimitsOf(f: FieldDeclaration): { value: unknown; message: string }[] {
  if (isTextual(f)) return [{ value: 'x'.repeat(f.max! + 1), message: english('validation.maxLength', { max: f.max }) }];
  if (f.type !== 'integer') return [];
  return [
    ...(f.max !== undefined ? [{ value: f.max + 1, message: english('validation.maxValue', { max: f.max }) }] : []),
    ...(f.min !== undefined ? [{ value: f.min - 1, message: english('validation.minValue', { min: f.min }) }] : []),
  ];
}

/** A request of one of CRUD_ROUTES on a resource, against a row's id. */
export const routeUrl = (d: ResourceDeclaration, route: (typeof CRUD_ROUTES)[number], id: string) => `${pathOf(d)}${route.path.replace(':id', id)}`;

/** The routes of CRUD_ROUTES a resource serves (those of the actions it declares, or all), and whether it serves an action. */
export const routesOf = crudRoutesOf;
export const servesAction = (d: ResourceDeclaration, action: Action) => routesOf(d).some((route) => route.action === action);
/** The actions of the routes a resource serves. */
export const actionsOf = (d: ResourceDeclaration) => [...new Set(routesOf(d).map((r) => r.action))];
export const permissionsOf = (d: ResourceDeclaration, actions: readonly Action[]) => actions.map((a) => permission(d.permission as never, a)) as Permission[];

type Demo = ReturnType<typeof useDemoServer>;

/**
 * Rows and users made from the declarations on a demo server: `make` (undone after each test) for a test's own,
 * `kept` for the rows every test reads (a pair per resource; they go with the file's database).
 */
export function declaredRows({ server, token, partnerIds, make }: Demo) {
  const admin = () => token('admin@example.com');
  const kept = createFactories(server, admin);
  const references = new Map<string, Promise<string[]>>();
  const pairs = new Map<string, Promise<[Dto, Dto]>>();
  const api = <T = Dto>(method: string, path: string, body?: unknown, as = admin(), headers?: Record<string, string>) =>
    server.api<T>(method, path, { token: as, body, headers });

  /**
   * Two rows a reference may name, in the order a sort by it gives (a reference sorts by the referenced row's
   * title: rank 0's before rank 1's): demo partners for the partner.
   */
  function referencesOf(d: ResourceDeclaration, key: string, f: FieldDeclaration): Promise<string[]> {
    const target = f.reference!;
    const cacheKey = isPartnerScoped(d) && key === PARTNER_FIELD ? 'own-partner' : target;
    if (!references.has(cacheKey)) {
      const made = (async () => {
        if (cacheKey === 'own-partner') return [partnerIds['Acme Logistics'], partnerIds['Globex Trading']];
        const declared = declaredResourceNamed(target) as ResourceDeclaration | undefined;
        if (declared && declared.name !== d.name) return [(await createKept(declared, 0)).id, (await createKept(declared, 1)).id];
        const page = await api<PagedResult<{ id: string }>>('POST', `/api/v1/${target}/search`, { pageSize: 2 });
        expectEnvelope(page, 200);
        return page.body.data!.items.map((row) => row.id).sort();
      })();
      references.set(cacheKey, made);
    }
    return references.get(cacheKey)!;
  }

  /** A valid body of a resource (every field given), of rank 0 or 1; `tag` makes its values its own. */
  async function bodyOf(d: ResourceDeclaration, rank: 0 | 1 = 0, tag = recordTag()) {
    const body: Record<string, unknown> = {};
    for (const [key, f] of fieldEntries(d)) body[key] = valueOf(key, f, rank, tag, f.type === 'reference' ? await referencesOf(d, key, f) : []);
    return body;
  }

  async function created(d: ResourceDeclaration, body: Record<string, unknown>, as = admin()) {
    const answer = await api('POST', pathOf(d), body, as);
    expectEnvelope(answer, 201);
    return answer.body.data!;
  }

  /** A row made for one test, deleted after it. */
  async function create(d: ResourceDeclaration, rank: 0 | 1 = 0, overrides: Record<string, unknown> = {}, as = admin()) {
    const row = await created(d, { ...(await bodyOf(d, rank)), ...overrides }, as);
    make.onCleanup(() => api('DELETE', `${pathOf(d)}/${row.id}`));
    return row;
  }

  async function createKept(d: ResourceDeclaration, rank: 0 | 1) {
    return created(d, await bodyOf(d, rank));
  }

  /** Two rows of a resource (ranks 0 and 1, made in that order) that tests read and never change. */
  function pairOf(d: ResourceDeclaration) {
    if (!pairs.has(d.name)) pairs.set(d.name, (async () => [await createKept(d, 0), await createKept(d, 1)] as [Dto, Dto])());
    return pairs.get(d.name)!;
  }

  /**
   * The token of a user (kept for the file) holding these actions on the resource and nothing else of it. Made
   * inactive through the API, then marked active and signed in as factories.user does, without Argon2's cost
   * (the password is not what these tests are about).
   */
  const keptUsers = new Map<string, Promise<string>>();
  function userWith(d: ResourceDeclaration, actions: readonly Action[], partnerId: string | null = null, besides: readonly Permission[] = []) {
    const key = `${d.name}:${[...actions].sort().join(',')}:${partnerId}:${besides.length}`;
    if (!keptUsers.has(key))
      keptUsers.set(
        key,
        (async () => {
          // Ranked between PartnerAdmin and Partner, as a partner's admin: it may invite users as Partner.
          const role = await kept.role({ permissions: [...new Set([...permissionsOf(d, actions), ...besides])], priority: 55 });
          const { id } = await kept.user({ roleId: role.id, partnerId, active: false });
          const db = server.built.database.db;
          await db.update(users).set({ isActive: true, emailConfirmed: true }).where(eq(users.id, id));
          return (await issueSession(db, server.config.jwtSecret, (await findUserById(db, id))!, { userAgent: null, address: null, method: 'password' })).token;
        })(),
      );
    return keptUsers.get(key)!;
  }

  /** The ids a search answers, in order. */
  async function searchIds(d: ResourceDeclaration, body: object, as = admin()) {
    const answer = await api<PagedResult<Dto>>('POST', `${pathOf(d)}/search`, body, as);
    expectEnvelope(answer, 200);
    return answer.body.data!.items.map((row) => row.id);
  }

  return { admin, api, bodyOf, create, pairOf, userWith, searchIds, referencesOf };
}

/** Runs calls that must all be refused and proves the database is exactly as it was before them. */
export async function unchanged(server: TestServer, calls: () => Promise<void>) {
  const before = await server.snapshot();
  await calls();
  expect(await server.snapshot()).toBe(before);
}

/** What a record answers for a body it was given: the same value in every declared field. */
export function expectStored(d: ResourceDeclaration, dto: Dto, body: Record<string, unknown>) {
  expect(Object.fromEntries(fieldEntries(d).map(([key]) => [key, dto[key]]))).toEqual(body);
}
