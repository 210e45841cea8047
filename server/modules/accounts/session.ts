import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import type { SignInMethod } from '../../../contract/signIns';
import type { TokenResponse } from '../../../contract/tokens';
import type { Db } from '../../db/client';
import { signIns, users } from '../../db/schema';
import { bearerToken } from '../../core/guard';
import { signAccessToken } from '../../core/jwt';
import { signInClaimsOf } from './impersonatedSignIns';
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

/**
 * An access token with the claims of DESIGN.md; `sid` names its sign-in chain (the refresh token family). An
 * impersonation's names its impersonator (`act`) and ends by the impersonation's time limit.
 */
export async function signAccessTokenOf(db: Db, secret: Uint8Array, user: UserRow, familyId: string): Promise<string> {
  const [[topRole], { impersonation, providerMfa, identityProviderId }] = await Promise.all([rolesOfUser(db, user.id), signInClaimsOf(db, familyId)]);
  const claims = {
    sub: user.id,
    sid: familyId,
    fullName: fullNameOf(user),
    email: user.email,
    role: topRole?.name ?? '',
    partnerId: user.partnerId,
    phone: user.phoneNumber,
    avatar: user.imageUrl,
    // An identity provider vouched for its own multi-factor check (issue 37): it stands for the portal's second factor.
    ...(providerMfa ? { amr: ['mfa'] } : {}),
    ...(identityProviderId ? { idp: identityProviderId } : {}),
  };
  if (!impersonation) return signAccessToken(secret, claims);
  return signAccessToken(secret, { ...claims, act: impersonation.act }, Date.now(), impersonation.endsAt);
}

/** What a sign-in records about itself: shown in the user's sessions list. */
export interface SignInMeta {
  userAgent: string | null;
  address: string | null;
  method: SignInMethod;
  /** An impersonated sign-in: who started it, why, and when it ends by itself. */
  impersonatorId?: string;
  reason?: string;
  endsAt?: Date;
  /** A sign-in through an organisation's identity provider (issue 37): which, whether it vouched for MFA, how to sign out there. */
  identityProviderId?: string;
  providerMfa?: boolean;
  providerLogoutHint?: string | null;
}

/** The User-Agent and address of the request signing in (both cut to their columns' length). */
export function signInMetaOf(request: FastifyRequest, method: SignInMeta['method']): SignInMeta {
  const agent = request.headers['user-agent'];
  return {
    userAgent: typeof agent === 'string' && agent.trim() ? agent.trim().slice(0, 512) : null,
    address: request.ip ? request.ip.slice(0, 64) : null,
    method,
  };
}

/** A new sign-in: its record, a refresh token starting its own chain and an access token naming that chain. */
export async function issueSession(db: Db, secret: Uint8Array, user: UserRow, meta: SignInMeta): Promise<TokenResponse> {
  const familyId = crypto.randomUUID();
  const refresh = await db.transaction(async (tx) => {
    await tx.insert(signIns).values({
      id: familyId,
      userId: user.id,
      userAgent: meta.userAgent,
      address: meta.address,
      method: meta.method,
      impersonatorId: meta.impersonatorId ?? null,
      reason: meta.reason ?? null,
      endsAt: meta.endsAt ?? null,
      identityProviderId: meta.identityProviderId ?? null,
      providerMfa: meta.providerMfa ?? false,
      providerLogoutHint: meta.providerLogoutHint ?? null,
    });
    return issueRefreshToken(tx, user.id, familyId);
  });
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
