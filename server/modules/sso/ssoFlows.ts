import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newOpaqueToken } from '../accounts/secrets';
import { ssoFlows } from './sso.schema';

/** How long a person may take at the provider's login page. */
export const FLOW_MINUTES = 10;

export interface FlowInput {
  nonce?: string;
  codeVerifier?: string;
  samlRequestId?: string;
  returnTo?: string | null;
}

/** A new flow of `providerId`; its id is the `state` (OIDC) or `RelayState` (SAML) that must come back. */
export async function openFlow(db: Db, providerId: string, input: FlowInput): Promise<string> {
  const id = newOpaqueToken();
  await db.delete(ssoFlows).where(lt(ssoFlows.expiresAt, new Date()));
  await db.insert(ssoFlows).values({
    id,
    providerId,
    nonce: input.nonce ?? null,
    codeVerifier: input.codeVerifier ?? null,
    samlRequestId: input.samlRequestId ?? null,
    returnTo: input.returnTo ?? null,
    expiresAt: new Date(Date.now() + FLOW_MINUTES * 60_000),
  });
  return id;
}

/** The flow `id` of `providerId`, taken (deleted) at once so it serves one callback; null when unknown, used or expired. */
export async function takeFlow(db: Db, providerId: string, id: string) {
  if (typeof id !== 'string' || id.length > 100) return null;
  const [flow] = await db
    .delete(ssoFlows)
    .where(and(eq(ssoFlows.id, id), eq(ssoFlows.providerId, providerId), gt(ssoFlows.expiresAt, new Date())))
    .returning();
  return flow ?? null;
}
