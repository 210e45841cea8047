import fs from 'node:fs';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, permission, type Permission, type Resource } from '../../contract/permissions';
import { declaredResources } from '../../contract/resources';
import type { Principal } from '../../server/core/guard';
import { declaredScopeOf } from '../../server/core/declared';
import { acceptanceScope } from '../../server/modules/agreements/agreements.service';
import { fileRequestScope } from '../../server/modules/files/fileRequests.service';
import { partnerFormScope } from '../../server/modules/partnerForms/partnerFormSearch';
import { partnerUsersScope } from '../../server/modules/partnerUsers/partnerUsers.service';
import { ticketScope } from '../../server/modules/tickets/ticketSearch';

// The isolation rule as the filter each resource hands its queries, rendered as PostgreSQL receives it; the routes'
// tests (declaredResourceScope, partnerFormsIsolation, fileLinkIsolation, tickets) prove the same through the API.
const ACME = 'acme-partner-id';
const GLOBEX = 'globex-partner-id';
const dialect = new PgDialect();
const rendered = (filter: SQL | undefined) => {
  if (filter === undefined) return 'every row';
  const { sql, params } = dialect.sqlToQuery(filter);
  return { sql, params };
};

type Rows = (principal: Pick<Principal, 'partnerId' | 'permissions'>) => SQL | undefined;

interface UserOfTheRule {
  resource: string;
  rows: Rows;
  table: string;
  adminView: Permission;
  /** What the resource's query asks besides the rule (partner users: users that have a partner). */
  within?: string;
}

/** Declared resources whose rows a module serves (`tableOwner`): the scope that module's queries use. */
const servedByModule: Record<string, Pick<UserOfTheRule, 'rows' | 'within'>> = {
  'partner-users': { rows: partnerUsersScope as Rows, within: '"users"."partner_id" is not null' },
};

/** Every resource whose rows the rule filters; the declared ones come from their catalogue, so a new one is here too. */
const usersOfTheRule: UserOfTheRule[] = [
  { resource: 'tickets', rows: ticketScope, table: 'tickets', adminView: permission('Tickets', 'AdminView') },
  { resource: 'partner forms', rows: partnerFormScope, table: 'partner_forms', adminView: permission('PartnerForm', 'AdminView') },
  { resource: 'file requests', rows: fileRequestScope, table: 'file_requests', adminView: permission('FileAccessRequest', 'AdminView') },
  {
    resource: 'agreement acceptances',
    rows: acceptanceScope,
    table: 'agreement_acceptances',
    adminView: permission('Agreements', 'AdminView'),
  },
  ...declaredResources
    .filter((d) => d.scope.kind === 'ownPartner')
    .map((d) => {
      const served = d.tableOwner ? servedByModule[d.name] : { rows: declaredScopeOf(d).rows! as Rows };
      if (!served) throw new Error(`${d.name}: add the scope its module's queries use to servedByModule`);
      return { resource: d.name, table: d.table, adminView: permission(d.permission as Resource, 'AdminView'), ...served };
    }),
];

/** What each principal reaches of a resource, as the filter its query gets. */
function reachOf({ rows, adminView }: UserOfTheRule) {
  return {
    acmeUserHoldingEverything: rendered(rows({ partnerId: ACME, permissions: new Set(ALL_PERMISSIONS) })),
    globexUserHoldingAdminView: rendered(rows({ partnerId: GLOBEX, permissions: new Set([adminView]) })),
    staffWithAdminView: rendered(rows({ partnerId: null, permissions: new Set([adminView]) })),
    staffWithEverythingButIt: rendered(rows({ partnerId: null, permissions: new Set(ALL_PERMISSIONS.filter((p) => p !== adminView)) })),
    staffWithNothing: rendered(rows({ partnerId: null, permissions: new Set() })),
  };
}

function expectedReachOf({ table, within }: UserOfTheRule) {
  const inside = (condition: string) => (within ? `(${within} and ${condition})` : condition);
  const partnersRows = (partnerId: string) => ({ sql: inside(`"${table}"."partner_id" = $1`), params: [partnerId] });
  const none = { sql: inside('false'), params: [] };
  return {
    acmeUserHoldingEverything: partnersRows(ACME),
    globexUserHoldingAdminView: partnersRows(GLOBEX),
    staffWithAdminView: within ? { sql: within, params: [] } : 'every row',
    staffWithEverythingButIt: none,
    staffWithNothing: none,
  };
}

/** The server's source files that make a filter of the rule, or the declared scopes' rules (the rule's definition aside). */
function filesUsingTheRule() {
  const server = path.resolve('server');
  return (fs.readdirSync(server, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts'))
    .filter((file) => /\b(ownPartnerRows|scopeRulesOf)\(/.test(fs.readFileSync(path.join(server, file), 'utf8')))
    .map((file) => `server/${file.split(path.sep).join('/')}`)
    .filter((file) => file !== 'server/core/partnerIsolation.ts')
    .sort();
}

describe('partner isolation', () => {
  it("holds for every resource that uses it: a partner's user reaches its partner's rows only, staff every partner's with the resource's AdminView and none without it", () => {
    const reached = Object.fromEntries(usersOfTheRule.map((user) => [user.resource, reachOf(user)]));
    expect(reached).toEqual(Object.fromEntries(usersOfTheRule.map((user) => [user.resource, expectedReachOf(user)])));
    expect(Object.keys(reached)).toEqual(['tickets', 'partner forms', 'file requests', 'agreement acceptances', 'partner-contacts', 'partner-users']);
  });

  it('is used by no other query than those of the resources above', () => {
    expect(filesUsingTheRule()).toEqual([
      // the declared resources' CRUD queries (declaredScopeOf), their scope rules and their hub audience
      'server/core/declared/crudResource.ts',
      'server/core/declared/scopes.ts',
      'server/hub/resourceAudiences.ts',
      'server/modules/agreements/agreements.service.ts',
      'server/modules/files/fileRequests.service.ts',
      'server/modules/partnerForms/partnerFormSearch.ts',
      'server/modules/partnerUsers/partnerUsers.service.ts',
      'server/modules/tickets/ticketSearch.ts',
    ]);
  });
});
