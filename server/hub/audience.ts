import { permission, type Permission, type Resource } from '../../contract/permissions';
import type { Principal } from '../core/guard';

/**
 * Who may hear what the hub delivers. A delivery names groups (where to look) and an audience (who among
 * them may read what the record tells of); every connection is checked against its user's principal as it
 * is now, which the hub keeps current on user and role changes.
 */

/** What a connection's user may read: their partner and permissions. Users with the same share one object. */
export interface HubAccess {
  readonly partnerId: string | null;
  readonly permissions: ReadonlySet<string>;
}

/** One way to be allowed: hold every permission in `all`; staff reading a partner's thing also need `acrossPartners`. */
export interface HubReader {
  all: string[];
  acrossPartners?: string;
}

/**
 * `scope`: a partner's thing (its own users, and staff), a back-office thing (`staff`: users without a partner)
 * or one that anyone holding a reader's permissions may read (`anyone`). Plain JSON: it crosses the backplane.
 */
export interface HubAudience {
  scope: { partnerId: string } | 'staff' | 'anyone';
  readers: HubReader[];
}

const MAX_INTERNED = 10_000;
const interned = new Map<string, HubAccess>();

/** Thousands of connections hold a handful of distinct accesses (one per partner and role): one object each. */
export function accessOf(principal: Pick<Principal, 'partnerId' | 'permissions'>): HubAccess {
  const permissions = [...principal.permissions].sort();
  const key = `${principal.partnerId ?? ''}|${permissions.join(',')}`;
  let access = interned.get(key);
  if (!access) {
    if (interned.size >= MAX_INTERNED) interned.clear();
    access = Object.freeze({ partnerId: principal.partnerId, permissions: new Set(permissions) });
    interned.set(key, access);
  }
  return access;
}

export function mayHear(access: HubAccess, { scope, readers }: HubAudience): boolean {
  const staff = access.partnerId === null;
  if (scope === 'staff' && !staff) return false;
  const ofPartner = typeof scope === 'object';
  if (ofPartner && !staff && access.partnerId !== scope.partnerId) return false;
  return readers.some(
    (reader) =>
      reader.all.every((p) => access.permissions.has(p)) && (!(staff && ofPartner) || !reader.acrossPartners || access.permissions.has(reader.acrossPartners)),
  );
}

/** For what leaves by other ways than the hub (a mail): whether this principal is in the audience. */
export const principalMayHear = (principal: Pick<Principal, 'partnerId' | 'permissions'>, audience: HubAudience) => mayHear(accessOf(principal), audience);

/** Readers of a catalogue resource: its View or its Search permission, each alone, with the same cross-partner rule. */
export function viewOrSearch(resource: Resource, acrossPartners?: Permission): HubReader[] {
  return (['View', 'Search'] as const).map((action) => ({ all: [permission(resource, action)], ...(acrossPartners ? { acrossPartners } : {}) }));
}
