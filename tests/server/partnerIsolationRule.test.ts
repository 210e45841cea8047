import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, permission } from '../../contract/permissions';
import { ownPartnerRows } from '../../server/core/partnerIsolation';
import { tickets } from '../../server/db/schema';

// The isolation rule as the filter it hands a query, rendered as PostgreSQL receives it; the routes' tests
// (declaredResourceScope, partnerFormsIsolation, fileLinkIsolation, tickets) prove the same through the API.
const ADMIN_VIEW = permission('Tickets', 'AdminView');
const ticketRows = ownPartnerRows(tickets.partnerId, ADMIN_VIEW);
const dialect = new PgDialect();
const rendered = (filter: SQL | undefined) => {
  if (filter === undefined) return 'every row';
  const { sql, params } = dialect.sqlToQuery(filter);
  return { sql, params };
};

describe('partner isolation', () => {
  it("a partner's user reaches its own partner's rows only, whatever else it holds", () => {
    const ownRows = { sql: '"tickets"."partner_id" = $1', params: ['acme'] };
    expect(rendered(ticketRows({ partnerId: 'acme', permissions: new Set() }))).toEqual(ownRows);
    expect(rendered(ticketRows({ partnerId: 'acme', permissions: new Set(ALL_PERMISSIONS) }))).toEqual(ownRows);
    expect(rendered(ticketRows({ partnerId: 'globex', permissions: new Set([ADMIN_VIEW]) }))).toEqual({ ...ownRows, params: ['globex'] });
  });

  it("staff reach every partner's rows with the resource's AdminView", () => {
    expect(rendered(ticketRows({ partnerId: null, permissions: new Set([ADMIN_VIEW]) }))).toBe('every row');
  });

  it("staff without the resource's AdminView reach no row, whatever else they hold", () => {
    const none = { sql: 'false', params: [] };
    expect(rendered(ticketRows({ partnerId: null, permissions: new Set() }))).toEqual(none);
    const allButAdminView = ALL_PERMISSIONS.filter((p) => p !== ADMIN_VIEW);
    expect(rendered(ticketRows({ partnerId: null, permissions: new Set(allButAdminView) }))).toEqual(none);
    const formsAdminView = ownPartnerRows(tickets.partnerId, permission('PartnerForm', 'AdminView'));
    expect(rendered(formsAdminView({ partnerId: null, permissions: new Set([ADMIN_VIEW]) }))).toEqual(none);
  });
});
