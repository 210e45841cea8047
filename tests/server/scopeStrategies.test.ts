import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, permission } from '../../contract/permissions';
import { declaredResources, defineResource, fields, none, ownPartner, ownUser, sharedOrOwn } from '../../contract/resources';
import type { ResourceDeclaration } from '../../contract/resources/declaration';
import { declaredScopeOf } from '../../server/core/declared';
import { ApiError } from '../../server/core/errors';
import type { Principal } from '../../server/core/guard';
import { mayHear, accessOf } from '../../server/hub/audience';

// Each scope strategy's rules (server/core/declared/scopes.ts) on a declaration of its own, as the CRUD routes and
// the hub use them: the filter as PostgreSQL receives it, what a write stores and refuses, who hears a change.
const dialect = new PgDialect();
const rendered = (filter: SQL | undefined) => {
  if (filter === undefined) return 'every row';
  const { sql, params } = dialect.sqlToQuery(filter);
  return { sql, params };
};

const declared = <S extends ResourceDeclaration['scope']>(name: string, scope: S) =>
  defineResource({
    name,
    table: name.replace(/-/g, '_'),
    permission: 'CannedResponses',
    scope,
    fields: {
      title: fields.text(50, { required: true }),
      shared: fields.boolean(),
      partnerId: fields.reference('partners', { required: true }),
    },
    defaultSort: 'title asc',
    titleField: 'title',
    labels: { prefix: `resources.${name}` },
  }) as ResourceDeclaration;

const manage = permission('CannedResponses', 'Configure');
const adminView = permission('CannedResponses', 'AdminView');
const everyday = (['View', 'Search', 'Create', 'Update', 'Delete'] as const).map((a) => permission('CannedResponses', a));
const principal = (id: string, partnerId: string | null, held: readonly string[]): Principal =>
  ({ id, partnerId, permissions: new Set(held) }) as unknown as Principal;
const ANN = principal('ann-id', null, everyday);
const MANAGER = principal('max-id', null, [...everyday, manage, adminView]);
const PARTNER = principal('pat-id', 'acme-id', ALL_PERMISSIONS);

/** The status and message of what a call throws, or 'allowed'. */
function outcome(call: () => void) {
  try {
    call();
    return 'allowed';
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return `${error.statusCode} ${error.messageKey}`;
  }
}

describe('none()', () => {
  const rules = declaredScopeOf(declared('scope-none', none()));
  it('filters no row, stores nothing of its own, refuses nothing, and announces to every reader', () => {
    expect(rules.rows).toBeUndefined();
    expect(rules.written({ title: 't' }, PARTNER)).toEqual({});
    expect(outcome(() => rules.assertWrite({}, null, ANN))).toBe('allowed');
    expect(rules.audience({})).toMatchObject({ scope: 'anyone' });
  });
});

describe('ownPartner()', () => {
  const rules = declaredScopeOf(declared('scope-own-partner', ownPartner()));
  it("reads a partner's rows for its users, every row for staff with AdminView, none without", () => {
    expect(rendered(rules.rows!(PARTNER))).toEqual({ sql: '"scope_own_partner"."partner_id" = $1', params: ['acme-id'] });
    expect(rendered(rules.rows!(MANAGER))).toBe('every row');
    expect(rendered(rules.rows!(ANN))).toEqual({ sql: 'false', params: [] });
  });
  it("lands a partner's user's write on their partner; staff need AdminView and must name the partner", () => {
    expect(rules.written({ partnerId: 'globex-id' }, PARTNER)).toEqual({ partnerId: 'acme-id' });
    expect(rules.written({ partnerId: 'globex-id' }, MANAGER)).toEqual({});
    expect(outcome(() => rules.assertWrite({ partnerId: 'globex-id' }, null, ANN))).toBe('403 api.forbidden');
    expect(outcome(() => rules.assertWrite({}, null, MANAGER))).toBe('400 validation.required');
    expect(outcome(() => rules.assertWrite({}, null, PARTNER))).toBe('allowed');
  });
  it("is heard by the row's partner and by staff with AdminView", () => {
    const audience = rules.audience({ partnerId: 'acme-id' });
    expect([PARTNER, principal('x', 'globex-id', ALL_PERMISSIONS), MANAGER, ANN].map((p) => mayHear(accessOf(p), audience))).toEqual([
      true,
      false,
      true,
      false,
    ]);
  });
});

describe("ownUser('createdBy')", () => {
  const rules = declaredScopeOf(declared('scope-own-user', ownUser('createdBy')));
  it("reads the reader's own rows only, whoever they are, and stores the writer as the owner whatever the input says", () => {
    expect(rendered(rules.rows!(ANN))).toEqual({ sql: '"scope_own_user"."created_by" = $1', params: ['ann-id'] });
    expect(rendered(rules.rows!(MANAGER))).toEqual({ sql: '"scope_own_user"."created_by" = $1', params: ['max-id'] });
    expect(rendered(rules.rows!(PARTNER))).toEqual({ sql: '"scope_own_user"."created_by" = $1', params: ['pat-id'] });
    expect(rules.written({ createdBy: 'max-id' }, ANN)).toEqual({ createdBy: 'ann-id' });
  });
});

describe('sharedOrOwn(...)', () => {
  const scope = sharedOrOwn({ owner: 'ownerId', shared: 'shared', manageShared: 'Configure', refusal: 'resources.notes.sharedRefused' });
  const rules = declaredScopeOf(declared('scope-shared-or-own', scope));
  it("reads the shared rows and the reader's own; a partner's user none, whatever they hold", () => {
    expect(rendered(rules.rows!(ANN))).toEqual({
      sql: '("scope_shared_or_own"."shared" = $1 or "scope_shared_or_own"."owner_id" = $2)',
      params: [true, 'ann-id'],
    });
    expect(rendered(rules.rows!(PARTNER))).toEqual({ sql: 'false', params: [] });
  });
  it('stores the writer as the owner of a personal row and no owner on a shared one', () => {
    expect(rules.written({ shared: false, ownerId: 'max-id' }, ANN)).toEqual({ ownerId: 'ann-id' });
    expect(rules.written({ shared: true }, MANAGER)).toEqual({ ownerId: null });
  });
  it('refuses a shared row written, made or deleted without the manage permission, and any write of a partner', () => {
    const sharedRow = { id: 'r', shared: true, ownerId: null };
    const ownRow = { id: 'r', shared: false, ownerId: 'ann-id' };
    expect(outcome(() => rules.assertWrite({ shared: false }, null, ANN))).toBe('allowed');
    expect(outcome(() => rules.assertWrite({ shared: false }, ownRow, ANN))).toBe('allowed');
    expect(outcome(() => rules.assertWrite({ shared: true }, null, ANN))).toBe('403 resources.notes.sharedRefused');
    expect(outcome(() => rules.assertWrite({ shared: true }, ownRow, ANN))).toBe('403 resources.notes.sharedRefused');
    expect(outcome(() => rules.assertWrite({ shared: false }, sharedRow, ANN))).toBe('403 resources.notes.sharedRefused');
    expect(outcome(() => rules.assertWrite({ shared: false }, sharedRow, MANAGER))).toBe('allowed');
    expect(outcome(() => rules.assertWrite({ shared: false }, null, PARTNER))).toBe('403 api.forbidden');
    expect(outcome(() => rules.assertDelete(sharedRow, ANN))).toBe('403 resources.notes.sharedRefused');
    expect(outcome(() => rules.assertDelete(ownRow, ANN))).toBe('allowed');
    expect(outcome(() => rules.assertDelete(sharedRow, MANAGER))).toBe('allowed');
  });
  it("is heard by staff who may read it, never by a partner's user", () => {
    const audience = rules.audience({});
    expect([ANN, MANAGER, PARTNER].map((p) => mayHear(accessOf(p), audience))).toEqual([true, true, false]);
  });
});

describe('the declared resources', () => {
  it('each name a strategy whose rules the server makes', () => {
    expect(Object.fromEntries((declaredResources as readonly ResourceDeclaration[]).map((d) => [d.name, d.scope.kind]))).toEqual({
      agreements: 'none',
      countries: 'none',
      'help-categories': 'none',
      partners: 'none',
      'validation-rules': 'none',
      'partner-contacts': 'ownPartner',
      'partner-users': 'ownPartner',
      'canned-responses': 'sharedOrOwn',
    });
  });
});
