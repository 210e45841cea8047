import crypto from 'node:crypto';
import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { REFRESH_TOKEN_SECONDS, type TokenResponse } from '../../../contract/tokens';
import type { Db } from '../../db/client';
import { refreshTokens, signIns } from '../../db/schema';
import { hashOf, newOpaqueToken } from './secrets';
import { openSuccessor, sealSuccessor } from './successorSeal';

function newRefreshToken(userId: string, familyId: string) {
  const token = newOpaqueToken();
  const expiresAt = new Date(Date.now() + REFRESH_TOKEN_SECONDS * 1000);
  return { token, expiresAt, row: { userId, familyId, tokenHash: hashOf(token), expiresAt } };
}

/** A refresh token starting a new sign-in chain (its family), or continuing the given one. */
export async function issueRefreshToken(db: Pick<Db, 'insert'>, userId: string, familyId: string = crypto.randomUUID()) {
  const fresh = newRefreshToken(userId, familyId);
  await db.insert(refreshTokens).values(fresh.row);
  return { token: fresh.token, expiresAt: fresh.expiresAt, familyId };
}

export type RotationOutcome = { kind: 'rotated' | 'grace'; pair: TokenResponse } | { kind: 'refused' };

export interface Rotation {
  token: string;
  /** The user of the access token sent with it: another user's refresh token is unknown, not burnt. */
  userId: string;
  secret: Uint8Array;
  /** How long a rotated token answers its successor pair again instead of counting as reuse. */
  graceMs: number;
  /** The access token of the successor pair, in the same sign-in chain. */
  signAccessToken: (familyId: string) => Promise<string>;
}

/**
 * Exchanges a refresh token for its successor pair. Within the grace period a token already rotated answers
 * the same pair again (two tabs, or a retried request whose answer was lost); after it, a rotated or revoked
 * token means it leaked or was replayed: the whole sign-in chain is revoked and the caller must sign in again.
 */
export async function rotateRefreshToken(db: Db, rotation: Rotation): Promise<RotationOutcome> {
  const { token, userId, secret } = rotation;
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashOf(token)));
  if (!row || row.userId !== userId) return { kind: 'refused' };
  if (row.revokedAt || (await isFamilyRevoked(db, row.familyId))) {
    await revokeFamily(db, row.familyId);
    return { kind: 'refused' };
  }
  if (row.rotatedAt) {
    const inGrace = Date.now() - row.rotatedAt.getTime() < rotation.graceMs;
    const pair = inGrace && row.successorSealed ? openSuccessor(secret, token, row.successorSealed) : null;
    if (pair) return { kind: 'grace', pair };
    await revokeFamily(db, row.familyId);
    return { kind: 'refused' };
  }
  if (row.expiresAt.getTime() <= Date.now()) return { kind: 'refused' };

  const successor = newRefreshToken(row.userId, row.familyId);
  const pair: TokenResponse = {
    token: await rotation.signAccessToken(row.familyId),
    refreshToken: successor.token,
    refreshTokenExpiryTime: successor.expiresAt.toISOString(),
  };
  // The claim and the successor commit together: a concurrent presentation either waits for both or sees neither.
  const claimed = await db.transaction(async (tx) => {
    const [won] = await tx
      .update(refreshTokens)
      .set({ rotatedAt: new Date(), successorSealed: sealSuccessor(secret, token, pair) })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    if (won) await tx.insert(refreshTokens).values(successor.row);
    return !!won;
  });
  // Another request rotated it first: answer as a second presentation would (the same pair, in grace).
  if (!claimed) return rotateRefreshToken(db, rotation);
  return { kind: 'rotated', pair };
}

/** A revoked row marks its whole family revoked, even a successor committed while the family was being revoked. */
async function isFamilyRevoked(db: Db, familyId: string) {
  const [revoked] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNotNull(refreshTokens.revokedAt)))
    .limit(1);
  return !!revoked;
}

const revocation = () => ({ revokedAt: new Date(), successorSealed: null });

/** Revokes a sign-in chain and marks its sign-in ended (the sessions list no longer shows it). */
async function revokeFamily(db: Pick<Db, 'update'>, familyId: string) {
  await db
    .update(refreshTokens)
    .set(revocation())
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  await db
    .update(signIns)
    .set({ endedAt: new Date() })
    .where(and(eq(signIns.id, familyId), isNull(signIns.endedAt)));
}

/**
 * Sign-out: ends the sign-in chain of this refresh token, whichever of its tokens is presented. Unknown tokens do
 * nothing. Answers the sign-in ended, for the caller to announce.
 */
export async function revokeSignInOf(db: Db, token: string): Promise<{ userId: string; familyId: string } | null> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashOf(token)));
  if (row) await revokeFamily(db, row.familyId);
  return row ?? null;
}

/**
 * Every sign-in of a user, or every one but `exceptFamilyId` (the session that changed the password): chains
 * revoked, sign-ins marked ended. Answers the ids of the sign-ins ended, for the caller to announce once committed.
 */
export async function revokeRefreshTokensOfUser(db: Pick<Db, 'update'>, userId: string, exceptFamilyId?: string): Promise<string[]> {
  await db
    .update(refreshTokens)
    .set(revocation())
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), exceptFamilyId ? ne(refreshTokens.familyId, exceptFamilyId) : undefined));
  const ended = await db
    .update(signIns)
    .set({ endedAt: new Date() })
    .where(and(eq(signIns.userId, userId), isNull(signIns.endedAt), exceptFamilyId ? ne(signIns.id, exceptFamilyId) : undefined))
    .returning({ id: signIns.id });
  return ended.map((row) => row.id);
}
