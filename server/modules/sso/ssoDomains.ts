import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { SsoDiscovery } from '../../../contract/sso';
import type { Db } from '../../db/client';
import { identityProviders, ssoDomains } from './sso.schema';

/** The enabled provider of the organisation that verified the domain of `email`, if any. */
export async function discoverProvider(db: Pick<Db, 'select'>, email: string): Promise<SsoDiscovery> {
  const at = email.lastIndexOf('@');
  if (at < 0) return { provider: null, required: false };
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');
  const [row] = await db
    .select({ id: identityProviders.id, name: identityProviders.name, kind: identityProviders.kind, required: identityProviders.requireSso })
    .from(ssoDomains)
    .innerJoin(identityProviders, sql`${identityProviders.partnerId} is not distinct from ${ssoDomains.partnerId}`)
    .where(and(eq(ssoDomains.domain, domain), isNotNull(ssoDomains.verifiedAt), eq(identityProviders.enabled, true)))
    .limit(1);
  if (!row) return { provider: null, required: false };
  return { provider: { id: row.id, name: row.name, kind: row.kind }, required: row.required };
}
