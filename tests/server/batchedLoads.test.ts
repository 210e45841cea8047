import { describe, expect, it } from 'vitest';
import type { AccessTokenClaims } from '../../contract/tokens';
import { batchedLoads } from '../../server/core/batchedLoads';
import { loadPrincipal, loadPrincipals } from '../../server/modules/accounts/principal';
import { cachePrincipals } from '../../server/modules/accounts/principalCache';
import { createSignInCheck } from '../../server/modules/accounts/signIns';
import { expectEnvelope } from './expectations';
import { useDemoServer } from './factories';

/** A loadMany whose loads the test ends when it wants; it records the keys of each. */
function heldLoads() {
  const calls: string[][] = [];
  const releases: (() => void)[] = [];
  const loadMany = (keys: string[]) => {
    calls.push(keys);
    return new Promise<Map<string, string>>((resolve) => releases.push(() => resolve(new Map(keys.map((key) => [key, `value of ${key}`])))));
  };
  return { calls, loadMany, releaseAll: () => releases.splice(0).forEach((release) => release()) };
}

const claimsOf = (accessToken: string) => JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as AccessTokenClaims;
const sidOf = (accessToken: string) => claimsOf(accessToken).sid!;

/** Lets setImmediate callbacks and the promises after them run. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('batched loads', () => {
  it('keys asked in the same turn are loaded by one call, each answered with its own value', async () => {
    const held = heldLoads();
    const loads = batchedLoads(held.loadMany);
    const answers = Promise.all(['a', 'b', 'c'].map((key) => loads.load(key)));
    await nextTurn();
    expect(held.calls).toEqual([['a', 'b', 'c']]);
    held.releaseAll();
    expect(await answers).toEqual(['value of a', 'value of b', 'value of c']);
  });

  it('a burst asked while a load is under way waits for it and goes in one call, not one each', async () => {
    const held = heldLoads();
    const loads = batchedLoads(held.loadMany);
    const first = loads.load('first');
    await nextTurn();
    const burst: Promise<unknown>[] = [];
    for (let turn = 0; turn < 5; turn++) {
      for (let i = 0; i < 100; i++) burst.push(loads.load(`key ${turn}-${i}`));
      await nextTurn();
    }
    expect(held.calls).toHaveLength(1);
    held.releaseAll();
    await first;
    await nextTurn();
    expect(held.calls).toHaveLength(2);
    expect(held.calls[1]).toHaveLength(500);
    held.releaseAll();
    expect(await Promise.all(burst)).toHaveLength(500);
  });

  it('a key asked again while it waits or loads shares that load', async () => {
    const held = heldLoads();
    const loads = batchedLoads(held.loadMany);
    const asked = [loads.load('a'), loads.load('a')];
    await nextTurn();
    asked.push(loads.load('a'));
    await nextTurn();
    held.releaseAll();
    expect(await Promise.all(asked)).toEqual(['value of a', 'value of a', 'value of a']);
    expect(held.calls).toEqual([['a']]);
  });

  it('a key forgotten while it loads is loaded anew for who asks next: a change is never answered from a load started before it', async () => {
    const held = heldLoads();
    const loads = batchedLoads(held.loadMany);
    const before = loads.load('a');
    await nextTurn();
    loads.forget(['a']);
    const after = loads.load('a');
    held.releaseAll();
    await before;
    await nextTurn();
    expect(held.calls).toEqual([['a'], ['a']]);
    held.releaseAll();
    expect(await after).toBe('value of a');
  });

  it('asks that carry more than their key share a load by key, and the first ask of a key is the one loaded', async () => {
    const loaded: { key: string; more: string }[][] = [];
    const loads = batchedLoads(
      async (asks: { key: string; more: string }[]) => {
        loaded.push(asks);
        return new Map(asks.map((ask) => [ask.key, `${ask.key} with ${ask.more}`]));
      },
      { keyOf: (ask) => ask.key },
    );
    const answers = await Promise.all([
      loads.load({ key: 'a', more: 'first' }),
      loads.load({ key: 'b', more: 'only' }),
      loads.load({ key: 'a', more: 'second' }),
    ]);
    expect(answers).toEqual(['a with first', 'b with only', 'a with first']);
    expect(loaded).toEqual([
      [
        { key: 'a', more: 'first' },
        { key: 'b', more: 'only' },
      ],
    ]);
  });

  it('a failed load fails the keys it held; asked again, they are loaded again', async () => {
    let fail = true;
    const calls: string[][] = [];
    const loads = batchedLoads(async (keys: string[]) => {
      calls.push(keys);
      if (fail) throw new Error('the database is restarting');
      return new Map(keys.map((key) => [key, key.toUpperCase()]));
    });
    await expect(Promise.all([loads.load('a'), loads.load('b')])).rejects.toThrow('the database is restarting');
    fail = false;
    expect(await Promise.all([loads.load('a'), loads.load('b')])).toEqual(['A', 'B']);
    expect(calls).toEqual([
      ['a', 'b'],
      ['a', 'b'],
    ]);
  });
});

describe('who is asking, many at once', () => {
  const { server, make, token } = useDemoServer();
  const db = () => server.built.database.db;

  it('principals loaded many at once are those loaded one by one; a deactivated user and a malformed id are not found', async () => {
    const users = await Promise.all([make.userWith([]), make.userWith([]), make.userWith([])]);
    const [, , deactivated] = users;
    expectEnvelope(await server.api('POST', `/api/v1/users/${deactivated!.id}/toggle-status`, { token: token('admin@example.com') }), 200);
    const ids = users.map((user) => user.id);
    const many = await loadPrincipals(
      db(),
      [...ids, 'not-an-id'].map((userId) => ({ userId })),
    );
    expect([...many.keys()].sort()).toEqual(ids.slice(0, 2).sort());
    for (const id of ids.slice(0, 2)) expect(many.get(id)).toEqual(await loadPrincipal(db(), id));
  });

  it('the principal cache answers a burst of users it does not hold with one statement', async () => {
    const users = await Promise.all([make.userWith([]), make.userWith([]), make.userWith([]), make.userWith([])]);
    const calls: string[][] = [];
    const principals = cachePrincipals((asks) => {
      calls.push(asks.map((ask) => ask.userId));
      return loadPrincipals(db(), asks);
    }, server.built.ctx.events);
    const loaded = await Promise.all(users.map((user) => principals.load(user.id)));
    expect(loaded.map((principal) => principal?.id)).toEqual(users.map((user) => user.id));
    expect(calls).toHaveLength(1);
  });

  it('the sign-in check answers a burst of sign-ins, ended and lasting, each rightly', async () => {
    const users = await Promise.all([make.userWith([]), make.userWith([]), make.userWith([])]);
    const ended = users[1]!;
    expectEnvelope(await server.api('POST', `/api/v1/users/${ended.id}/sessions/${sidOf(ended.token)}/end`, { token: token('admin@example.com') }), 200);
    const check = createSignInCheck(db(), server.built.ctx.events);
    expect(await Promise.all(users.map((user) => check.isEnded(sidOf(user.token))))).toEqual([false, true, false]);
  });

  it("a burst of sign-ins' first requests, as the app loads them: the principals and their sign-ins in one statement, no read of a sign-in after", async () => {
    const users = await Promise.all([make.userWith([]), make.userWith([]), make.userWith([])]);
    const ended = users[1]!;
    expectEnvelope(await server.api('POST', `/api/v1/users/${ended.id}/sessions/${sidOf(ended.token)}/end`, { token: token('admin@example.com') }), 200);
    let signInReads = 0;
    const readsCounted = new Proxy(db(), {
      get: (target, property, receiver) => {
        if (property === 'select') signInReads++;
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const check = createSignInCheck(readsCounted, server.built.ctx.events);
    const statements: number[] = [];
    const principals = cachePrincipals((asks) => {
      statements.push(asks.length);
      return loadPrincipals(
        db(),
        asks.map(({ userId, claims }) => ({ userId, signIn: claims?.sid ? check.toRead(claims.sid) : null })),
      );
    }, server.built.ctx.events);
    const loaded = await Promise.all(users.map((user) => principals.load(user.id, claimsOf(user.token))));
    expect(loaded.map((principal) => principal?.id)).toEqual(users.map((user) => user.id));
    expect(statements).toEqual([3]);
    expect(await Promise.all(users.map((user) => check.isEnded(sidOf(user.token))))).toEqual([false, true, false]);
    expect(signInReads).toBe(0);
  });
});
