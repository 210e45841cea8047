import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailTokens, users } from '../../db/schema';
import { hashOf, newOpaqueToken } from './secrets';

export type MailTokenPurpose = 'reset' | 'activation';

/** A new single-use token; earlier unused tokens of the same purpose stop working. */
export async function createMailToken(db: Pick<Db, 'insert' | 'update'>, userId: string, purpose: MailTokenPurpose, seconds: number) {
  await db
    .update(mailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(mailTokens.userId, userId), eq(mailTokens.purpose, purpose), isNull(mailTokens.usedAt)));
  const token = newOpaqueToken();
  await db.insert(mailTokens).values({ userId, purpose, tokenHash: hashOf(token), expiresAt: new Date(Date.now() + seconds * 1000) });
  return token;
}

/** Every mailed link of the user stops working (a deactivation: an old activation link must not undo it). */
export async function voidMailTokensOfUser(db: Pick<Db, 'update'>, userId: string) {
  await db
    .update(mailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(mailTokens.userId, userId), isNull(mailTokens.usedAt)));
}

/**
 * Whether the account still waits for its activation: its newest activation link, expired or not, was neither used
 * nor voided. A link is only ever voided by a newer one or by a deactivation, so a deactivated account waits no more.
 */
export async function awaitsActivation(db: Pick<Db, 'select'>, userId: string) {
  const [waiting] = await db
    .select({ id: mailTokens.id })
    .from(mailTokens)
    .where(and(eq(mailTokens.userId, userId), eq(mailTokens.purpose, 'activation'), isNull(mailTokens.usedAt)))
    .limit(1);
  return !!waiting;
}

/** The live token for this email and purpose, or null: unknown, used, expired or someone else's. */
export async function findMailToken(db: Db, email: string, token: string, purpose: MailTokenPurpose) {
  const [row] = await db
    .select({ id: mailTokens.id, userId: mailTokens.userId })
    .from(mailTokens)
    .innerJoin(users, eq(users.id, mailTokens.userId))
    .where(
      and(
        eq(mailTokens.tokenHash, hashOf(token)),
        eq(mailTokens.purpose, purpose),
        isNull(mailTokens.usedAt),
        gt(mailTokens.expiresAt, new Date()),
        isNull(users.deletedAt),
        sql`lower(${users.email}) = ${email.trim().toLowerCase()}`,
      ),
    );
  return row ?? null;
}

/** Uses the token once; false when another request used it first. */
export async function consumeMailToken(db: Pick<Db, 'update'>, id: string) {
  const rows = await db
    .update(mailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(mailTokens.id, id), isNull(mailTokens.usedAt)))
    .returning({ id: mailTokens.id });
  return rows.length === 1;
}
