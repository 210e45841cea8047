import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import type { TokenResponse } from '../../../contract/tokens';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { bearerToken } from '../../core/guard';
import { signAccessToken } from '../../core/jwt';
import { fullNameOf, rolesOfUser } from './principal';
import { issueRefreshToken } from './refreshTokens';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, isNull(users.deletedAt)));
  return user ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return user ?? null;
}

/** An access token with the claims of DESIGN.md; `sid` names its sign-in chain (the refresh token family). */
export async function signAccessTokenOf(db: Db, secret: Uint8Array, user: UserRow, familyId: string): Promise<string> {
  const [topRole] = await rolesOfUser(db, user.id);
  return signAccessToken(secret, {
    sub: user.id,
    sid: familyId,
    fullName: fullNameOf(user),
    email: user.email,
    role: topRole?.name ?? '',
    partnerId: user.partnerId,
    phone: user.phoneNumber,
    avatar: user.imageUrl,
  });
}

/** A new sign-in: a refresh token starting its own chain and an access token naming that chain. */
export async function issueSession(db: Db, secret: Uint8Array, user: UserRow): Promise<TokenResponse> {
  const refresh = await issueRefreshToken(db, user.id);
  const token = await signAccessTokenOf(db, secret, user, refresh.familyId);
  return { token, refreshToken: refresh.token, refreshTokenExpiryTime: refresh.expiresAt.toISOString() };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The sign-in chain of the request's access token (already verified by the guard); undefined for tokens without one. */
export function signInIdOf(request: FastifyRequest): string | undefined {
  const token = bearerToken(request);
  const { sid } = token ? decodeJwt(token) : {};
  return typeof sid === 'string' && UUID.test(sid) ? sid : undefined;
}
