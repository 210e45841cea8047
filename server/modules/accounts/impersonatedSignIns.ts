import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ImpersonatorClaim } from '../../../contract/tokens';
import type { Db } from '../../db/client';
import { unauthorized } from '../../core/errors';
import { signIns, users } from '../../db/schema';
import { fullNameOf } from './principal';

export interface Impersonation {
  act: ImpersonatorClaim;
  endsAt: Date;
}

const impersonators = alias(users, 'impersonators');

/**
 * The impersonation a sign-in is (issue 26, point 5), or null for a sign-in of one's own. Past its time limit, or
 * once its impersonator is no longer an active user, it signs no more tokens: refreshing it is refused (401).
 */
export async function impersonationOfSignIn(db: Db, familyId: string): Promise<Impersonation | null> {
  const [row] = await db
    .select({
      endsAt: signIns.endsAt,
      id: impersonators.id,
      firstName: impersonators.firstName,
      lastName: impersonators.lastName,
      isActive: impersonators.isActive,
    })
    .from(signIns)
    .leftJoin(impersonators, and(eq(impersonators.id, signIns.impersonatorId), isNull(impersonators.deletedAt)))
    .where(and(eq(signIns.id, familyId), isNotNull(signIns.impersonatorId)));
  if (!row) return null;
  if (!row.endsAt || row.endsAt.getTime() <= Date.now() || !row.id || !row.isActive) throw unauthorized('impersonation.expired');
  return { act: { sub: row.id, fullName: fullNameOf({ firstName: row.firstName!, lastName: row.lastName! }) }, endsAt: row.endsAt };
}
