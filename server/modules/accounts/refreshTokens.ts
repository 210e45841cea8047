import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { REFRESH_TOKEN_SECONDS } from '../../../contract/tokens';
import type { Db } from '../../db/client';
import { refreshTokens } from '../../db/schema';
import { hashOf, newOpaqueToken } from './secrets';

export async function issueRefreshToken(db: Pick<Db, 'insert'>, userId: string, familyId: string = crypto.randomUUID()) {
  const token = newOpaqueToken();
  const expiresAt = new Date(Date.now() + REFRESH_TOKEN_SECONDS * 1000);
  await db.insert(refreshTokens).values({ userId, familyId, tokenHash: hashOf(token), expiresAt });
  return { token, expiresAt };
}

export type RotationOutcome =
  | { kind: 'rotated'; userId: string; familyId: string }
  | { kind: 'unknown' }
  | { kind: 'expired' }
  | { kind: 'reused' };

/**
 * Marks a refresh token used. A token already rotated or revoked means it leaked or was replayed: the whole
 * sign-in chain (its family) is revoked, and the caller must sign in again.
 */
export async function rotateRefreshToken(db: Db, token: string, userId: string): Promise<RotationOutcome> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashOf(token)));
  if (!row || row.userId !== userId) return { kind: 'unknown' };
  if (row.rotatedAt || row.revokedAt) {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
    return { kind: 'reused' };
  }
  if (row.expiresAt.getTime() <= Date.now()) return { kind: 'expired' };
  const [claimed] = await db
    .update(refreshTokens)
    .set({ rotatedAt: new Date() })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotatedAt)))
    .returning({ id: refreshTokens.id });
  if (!claimed) return rotateRefreshToken(db, token, userId);
  return { kind: 'rotated', userId: row.userId, familyId: row.familyId };
}

export async function revokeRefreshTokensOfUser(db: Pick<Db, 'update'>, userId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
