import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { bearerToken } from '../../core/guard';
import { createRateLimitCounter } from '../../core/rateLimits';
import { partners } from '../../db/schema';
import { hashOf } from '../accounts/secrets';
import { scimTokens } from './scim.schema';
import { ScimError } from './scimErrors';

/** Who is provisioning: the token, its partner, and the admin who made it (the audit trail's actor). */
export interface ScimClient {
  tokenId: string;
  partnerId: string;
  actorId: string | null;
}

/** A token's last use moves at most this often, so a sync of thousands of requests writes it once a minute. */
const LAST_USED_STEP_MS = 60_000;
const RATE_WINDOW_MS = 60_000;

/**
 * The SCIM client behind a request's bearer token, counted against that token's limit: a token unknown, revoked or
 * of a deleted partner is 401; over the limit 429. Nothing but a SCIM token is accepted (no session token).
 */
export function createScimAuthentication(ctx: AppContext) {
  const counter = createRateLimitCounter(ctx.db);

  return async function authenticateScim(request: FastifyRequest): Promise<ScimClient> {
    const token = bearerToken(request);
    if (!token || token.length > 200) throw new ScimError(401, 'scim.unauthorized');
    const [row] = await ctx.db
      .select({ id: scimTokens.id, partnerId: scimTokens.partnerId, createdBy: scimTokens.createdBy })
      .from(scimTokens)
      .innerJoin(partners, eq(partners.id, scimTokens.partnerId))
      .where(and(eq(scimTokens.tokenHash, hashOf(token)), isNull(scimTokens.revokedAt), isNull(partners.deletedAt)));
    if (!row) throw new ScimError(401, 'scim.unauthorized');
    const { hits, msLeft } = await counter.hit(`scim:${row.id}`, RATE_WINDOW_MS);
    if (hits > ctx.config.limits.scimPerMinute)
      throw Object.assign(new ScimError(429, 'api.tooManyRequests'), { retryAfterSeconds: Math.max(1, Math.ceil(msLeft / 1000)) });
    await ctx.db
      .update(scimTokens)
      .set({ lastUsedAt: new Date() })
      .where(
        and(
          eq(scimTokens.id, row.id),
          or(isNull(scimTokens.lastUsedAt), lt(scimTokens.lastUsedAt, sql`now() - interval '${sql.raw(String(LAST_USED_STEP_MS))} milliseconds'`)),
        ),
      );
    return { tokenId: row.id, partnerId: row.partnerId, actorId: row.createdBy };
  };
}
