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
