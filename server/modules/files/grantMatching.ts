import { and, eq, gt, inArray, isNull, lt, lte, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { GrantState } from '../../../contract/files';
import { userRoles } from '../../db/schema';
import { fileGrants } from './files.schema';

/** Who asks: a user, with the partner they belong to (null for staff). Their roles are read fresh from user_roles. */
export interface Grantee {
  id: string;
  partnerId: string | null;
}

/**
 * The grants whose condition names this user: the user, their partner, or a role they hold now. Roles are
 * read in the same query, so a role taken away ends a role grant at once (a link minted before included).
 * The user may be given as values or as columns of the query's own rows (a link's user, joined).
 */
export function grantNamesUser(user: Grantee | { id: Column; partnerId: Column }): SQL {
  const conditions = [
    eq(fileGrants.userId, user.id),
    inArray(fileGrants.roleId, sql`(select ${userRoles.roleId} from ${userRoles} where ${userRoles.userId} = ${user.id})`),
  ];
  if (user.partnerId) conditions.push(eq(fileGrants.partnerId, user.partnerId));
  return or(...conditions)!;
}

/** Grants in force at `at`: not revoked, `at` in [from, to), downloads left (or no limit). */
export function grantInForce(at: Date): SQL {
  return and(
    isNull(fileGrants.revokedAt),
    lte(fileGrants.validFrom, at),
    gt(fileGrants.validTo, at),
    or(isNull(fileGrants.downloadLimit), lt(fileGrants.downloadCount, fileGrants.downloadLimit)),
  )!;
}

/** Where a grant stands at `at` (revoked first, then the window, then the downloads). */
export function grantStateAt(
  grant: { revokedAt: Date | null; validFrom: Date; validTo: Date; downloadLimit: number | null; downloadCount: number },
  at: Date,
): GrantState {
  if (grant.revokedAt) return 'revoked';
  if (at < grant.validFrom) return 'scheduled';
  if (at >= grant.validTo) return 'expired';
  if (grant.downloadLimit !== null && grant.downloadCount >= grant.downloadLimit) return 'exhausted';
  return 'active';
}
