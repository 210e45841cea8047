import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TokenResponse } from '../../../contract/tokens';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
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
  const [user] = await db.select().from(users).where(and(eq(users.id, id), isNull(users.deletedAt)));
  return user ?? null;
}

/** An access token with the claims of DESIGN.md and a refresh token in the given sign-in chain. */
export async function issueSession(db: Db, secret: Uint8Array, user: UserRow, familyId?: string): Promise<TokenResponse> {
  const [topRole] = await rolesOfUser(db, user.id);
  const token = await signAccessToken(secret, {
    sub: user.id,
    fullName: fullNameOf(user),
    email: user.email,
    role: topRole?.name ?? '',
    partnerId: user.partnerId,
    phone: user.phoneNumber,
    avatar: user.imageUrl,
  });
  const refresh = await issueRefreshToken(db, user.id, familyId);
  return { token, refreshToken: refresh.token, refreshTokenExpiryTime: refresh.expiresAt.toISOString() };
}
