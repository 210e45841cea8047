import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditTrails, partners, roles } from '../../server/db/schema';
import { ApiError } from '../../server/core/errors';
import {
  contains,
  containsFolded,
  containsInAny,
  countOf,
  escapeLike,
  idsFilter,
  keysetBatches,
  keysetOrder,
  keywordOf,
  readPage,
  rowIdOf,
} from '../../server/core/search';
import { unique, useDemoServer } from './factories';

const { server, token, make } = useDemoServer();
const ADMIN = 'admin@example.com';
const db = () => server.built.database.db;

describe('keywords are text, not patterns', () => {
  it('escapes the characters LIKE reads as wildcards, and its escape character', () => {
    expect(escapeLike('100%_off\\now')).toBe('100\\%\\_off\\\\now');
  });

  it('a keyword with % and _ matches them literally, case ignored', async () => {
    const tag = unique('lit');
    const names = [`${tag} 50% off`, `${tag} 50 percent off`, `${tag} a_b`, `${tag} axb`, `${tag} back\\slash`];
    const made = await db()
      .insert(roles)
      .values(names.map((name, i) => ({ name, priority: 900 + i })))
      .returning();
    try {
      const found = async (keyword: string) =>
        (
          await db()
            .select({ name: roles.name })
            .from(roles)
            .where(and(like(roles.name, `${tag}%`), contains(roles.name, keyword)))
            .orderBy(asc(roles.name))
        ).map((r) => r.name);
      expect(await found('50%')).toEqual([`${tag} 50% off`]);
      expect(await found('A_B')).toEqual([`${tag} a_b`]);
      expect(await found('k\\s')).toEqual([`${tag} back\\slash`]);
      expect(await found('   ')).toHaveLength(names.length);
      expect(
        await db()
          .select({ name: roles.name })
          .from(roles)
          .where(and(like(roles.name, `${tag}%`), containsInAny([roles.description, roles.name], '% off')))
          .orderBy(asc(roles.name)),
      ).toEqual([{ name: `${tag} 50% off` }]);
    } finally {
      await db()
        .delete(roles)
        .where(
          inArray(
            roles.id,
            made.map((r) => r.id),
          ),
        );
    }
  });

  it('a folded search ignores case and Vietnamese diacritics, and still takes % literally', async () => {
    const tag = unique('fold');
    const partner = await make.partner({ name: `Công ty Đông Á ${tag} 100%` });
    const found = async (keyword: string) =>
      (await db().select({ id: partners.id }).from(partners).where(containsFolded(partners.nameFolded, keyword))).map((r) => r.id);
    expect(await found(`cong ty dong a ${tag}`)).toEqual([partner.id]);
    expect(await found(`ĐÔNG Á ${tag} 100%`)).toEqual([partner.id]);
    expect(await found(`${tag} 1%0`)).toEqual([]);
  });

  it('the keyword of a search is advancedSearch.keyword, else keyword, trimmed', () => {
    expect(keywordOf({ advancedSearch: { keyword: ' acme ' }, keyword: 'other' })).toBe('acme');
    expect(keywordOf({ keyword: ' acme ' })).toBe('acme');
    expect(keywordOf({})).toBe('');
  });
});

describe('ids', () => {
  it('a malformed id is a 404 with the resource’s message, before any query', () => {
    for (const bad of ['not-a-uuid', "1' or '1'='1", '', '0000000-0000-0000-0000-000000000000']) {
      expect(() => rowIdOf(bad, 'users.notFound')).toThrow(expect.objectContaining({ statusCode: 404, messageKey: 'users.notFound' }) as ApiError);
    }
    expect(rowIdOf('0A6E2C5E-3B7F-4C1D-9E8F-1A2B3C4D5E6F')).toBe('0a6e2c5e-3b7f-4c1d-9e8f-1a2b3c4d5e6f');
  });

  it('answers 404, never 500, for a malformed id on every resource that reads one', async () => {
    for (const path of ['/api/v1/partners/nope', '/api/v1/roles/nope', '/api/v1/roles/nope/permissions', '/api/v1/users/nope', '/api/v1/tickets/nope']) {
      const answer = await server.api('GET', path, { token: token(ADMIN) });
      expect([path, answer.status, answer.body.isSuccess]).toEqual([path, 404, false]);
    }
  });

  it('an ids filter ignores malformed ids, and matches nothing when none is well formed', async () => {
    const role = await make.role();
    const ids = async (list: string[]) => (await db().select({ id: roles.id }).from(roles).where(idsFilter(roles.id, list))).map((r) => r.id);
    expect(await ids([role.id.toUpperCase(), 'nope'])).toEqual([role.id]);
    expect(await ids(['nope'])).toEqual([]);
  });
});

describe('a page with its total', () => {
  it('answers the page asked for and the total of every match', async () => {
    const key = unique('page');
    for (let i = 0; i < 5; i++) await db().insert(auditTrails).values({ type: 'Create', tableName: 'page_probe', primaryKey: key, newValues: { i } });
    const where = eq(auditTrails.primaryKey, key);
    const page = await readPage({ pageNumber: 2, pageSize: 2 }, countOf(db(), auditTrails, where), async ({ limit, offset }) =>
      (
        await db()
          .select()
          .from(auditTrails)
          .where(where)
          .orderBy(sql`(${auditTrails.newValues}->>'i')::int`)
          .limit(limit)
          .offset(offset)
      ).map((r) => (r.newValues as { i: number }).i),
    );
    expect(page).toEqual({ items: [2, 3], totalCount: 5, currentPage: 2, pageSize: 2 });
  });

  it('reads the total through the count cache, keyed by the count query itself', async () => {
    const keys: string[] = [];
    const totals = { get: async (key: string) => (keys.push(key), 42) };
    expect(await countOf(db(), roles, eq(roles.name, 'a'), totals)).toBe(42);
    expect(await countOf(db(), roles, eq(roles.name, 'b'), totals)).toBe(42);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });
});

describe('keyset batches', () => {
  it('reads every row once, in order, a batch at a time, whatever the batch size', async () => {
    const tag = unique('ks');
    const made = await db()
      .insert(roles)
      .values([3, 1, 2, 2, 5].map((n, i) => ({ name: `${tag} ${n} ${i}`, description: String(n), priority: 950 + i })))
      .returning();
    try {
      const mine = like(roles.name, `${tag}%`);
      const key = keysetOrder(['description desc'], { description: roles.description }, 'description asc', roles.id);
      const batchSizes: number[] = [];
      const seen: string[] = [];
      const batches = keysetBatches(
        key,
        ({ after, order, limit }) =>
          db()
            .select()
            .from(roles)
            .where(and(mine, after))
            .orderBy(...order)
            .limit(limit),
        (row) => row.name,
        2,
      );
      for await (const batch of batches) {
        batchSizes.push(batch.length);
        seen.push(...batch);
      }
      const expected = (
        await db()
          .select()
          .from(roles)
          .where(mine)
          .orderBy(sql`${roles.description} desc`, sql`${roles.id} desc`)
      ).map((r) => r.name);
      expect(seen).toEqual(expected);
      expect(batchSizes).toEqual([2, 2, 1]);
    } finally {
      await db()
        .delete(roles)
        .where(
          inArray(
            roles.id,
            made.map((r) => r.id),
          ),
        );
    }
  });
});
