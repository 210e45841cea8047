import { lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ssoAssertionsSeen } from '../sso.schema';

/**
 * Takes the assertion `assertionId` of `providerId` once: true the first time, false for a replay (the primary key
 * decides, so two posts of one assertion at once see one true). Kept until it expires; expired ones are swept here.
 */
export async function takeAssertionOnce(db: Db, providerId: string, assertionId: string, keepUntil: Date): Promise<boolean> {
  await db.delete(ssoAssertionsSeen).where(lt(ssoAssertionsSeen.expiresAt, new Date()));
  const taken = await db
    .insert(ssoAssertionsSeen)
    .values({ providerId, assertionId, expiresAt: keepUntil })
    .onConflictDoNothing({ target: [ssoAssertionsSeen.providerId, ssoAssertionsSeen.assertionId] })
    .returning({ assertionId: ssoAssertionsSeen.assertionId });
  return taken.length === 1;
}
