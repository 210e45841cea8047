import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Permission } from '../../contract/permissions';
import type { Principal } from './guard';

/**
 * Partner isolation, written once (DESIGN.md "Permissions and roles"): a user of a partner reaches only the rows of
 * that partner (whatever else they hold); staff reach every partner's rows with the resource's AdminView, and none
 * without it. A row outside answers 404. Tickets, partner forms, file requests and every `ownPartner` declared
 * resource filter their rows by it.
 */
export const ownPartnerRows =
  (partnerColumn: PgColumn, adminView: Permission) =>
  (principal: Pick<Principal, 'partnerId' | 'permissions'>): SQL | undefined => {
    if (principal.partnerId) return eq(partnerColumn, principal.partnerId);
    return principal.permissions.has(adminView) ? undefined : sql`false`;
  };
