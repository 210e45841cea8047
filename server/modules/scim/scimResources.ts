import { SCIM_BASE_PATH } from '../../../contract/scimTokens';
import type { AppContext } from '../../context';

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

/** Results of one page at most (ServiceProviderConfig's `filter.maxResults`). */
export const PAGE_MAX = 200;

export const scimBaseOf = (ctx: AppContext) => `${ctx.config.publicUrl.replace(/\/$/, '')}${SCIM_BASE_PATH}`;

export interface ScimUserRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
  externalId: string | null;
  groups: { id: string; displayName: string }[];
}

export function scimUserOf(base: string, row: ScimUserRow) {
  const formatted = `${row.firstName} ${row.lastName}`.trim();
  return {
    schemas: [USER_SCHEMA],
    id: row.id,
    ...(row.externalId ? { externalId: row.externalId } : {}),
    userName: row.email,
    name: { givenName: row.firstName, familyName: row.lastName, formatted },
    displayName: formatted || row.email,
    emails: [{ value: row.email, type: 'work', primary: true }],
    ...(row.phoneNumber ? { phoneNumbers: [{ value: row.phoneNumber, type: 'work' }] } : {}),
    active: row.isActive,
    groups: row.groups.map((g) => ({ value: g.id, display: g.displayName, $ref: `${base}/Groups/${g.id}` })),
    meta: { resourceType: 'User', created: row.createdAt.toISOString(), lastModified: row.updatedAt.toISOString(), location: `${base}/Users/${row.id}` },
  };
}

export interface ScimGroupRow {
  id: string;
  displayName: string;
  externalId: string | null;
  createdAt: Date;
  updatedAt: Date;
  members: { id: string; email: string }[];
}

export function scimGroupOf(base: string, row: ScimGroupRow, withMembers = true) {
  return {
    schemas: [GROUP_SCHEMA],
    id: row.id,
    displayName: row.displayName,
    ...(row.externalId ? { externalId: row.externalId } : {}),
    ...(withMembers ? { members: row.members.map((m) => ({ value: m.id, display: m.email, $ref: `${base}/Users/${m.id}` })) } : {}),
    meta: { resourceType: 'Group', created: row.createdAt.toISOString(), lastModified: row.updatedAt.toISOString(), location: `${base}/Groups/${row.id}` },
  };
}

export const listResponse = (resources: unknown[], totalResults: number, startIndex: number) => ({
  schemas: [LIST_SCHEMA],
  totalResults,
  startIndex,
  itemsPerPage: resources.length,
  Resources: resources,
});

/** `startIndex` (1-based) and `count` of a list request: out-of-range values are clamped as RFC 7644 §3.4.2.4 says. */
export function pageOf(query: { startIndex?: unknown; count?: unknown }) {
  const number = (value: unknown, fallback: number) => {
    const n = typeof value === 'string' && /^-?\d{1,9}$/.test(value) ? Number(value) : fallback;
    return n;
  };
  const startIndex = Math.max(1, number(query.startIndex, 1));
  const count = Math.min(PAGE_MAX, Math.max(0, number(query.count, 100)));
  return { startIndex, count };
}
