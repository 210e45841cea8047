import { writeAudit, type AuditType } from '../../core/audit';
import type { Db } from '../../db/client';
import type { ScimClient } from './scimAuth';

/**
 * An audit row of a SCIM change: the token's maker as the actor (the admin who let the provider in), the token's id
 * beside the values so the trail tells a provider's change from the admin's own.
 */
export function auditScim(
  tx: Db,
  client: ScimClient,
  entry: { type: AuditType; table: string; key: string; before?: Record<string, unknown> | null; after?: Record<string, unknown> | null },
) {
  const mark = { via: 'scim', scimTokenId: client.tokenId };
  return writeAudit(tx, {
    userId: client.actorId,
    type: entry.type,
    table: entry.table,
    key: entry.key,
    before: entry.type === 'Delete' ? { ...entry.before, ...mark } : (entry.before ?? null),
    after: entry.type === 'Delete' ? null : { ...entry.after, ...mark },
  });
}
