import { count, eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { declaredResources } from '../../../contract/resources';
import { fieldEntries, type ResourceDeclaration } from '../../../contract/resources/declaration';
import type { ReferenceOnDelete } from '../../../contract/resources/fields';
import type { Db } from '../../db/client';
import { partnerFieldOf } from '../../../contract/resources/scopes';
import { ApiError } from '../errors';
import type { DomainEvent } from '../events';
import { resourceTitleOf } from '../i18n';

/** A declared field that refers to rows of a resource, and what deleting such a row does to it. */
interface Referrer {
  d: ResourceDeclaration;
  key: string;
  onDelete: ReferenceOnDelete;
}

/** The declared fields referring to a resource (those of resources with a derived table: the others' modules decide). */
export function referrersOf(d: ResourceDeclaration): Referrer[] {
  return (declaredResources as readonly ResourceDeclaration[]).flatMap((other) =>
    other.tableOwner
      ? []
      : fieldEntries(other)
          .filter(([, f]) => f.type === 'reference' && f.reference === d.name)
          .map(([key, f]) => ({ d: other, key, onDelete: f.onDelete ?? 'restrict' })),
  );
}

/** The most rows a delete announces per referring resource: a change beyond it reaches lists by their next read. */
const ANNOUNCED_PER_REFERRER = 500;

/**
 * Before a row of `d` is deleted for good (not a soft delete, whose row stays for the references to show): refuses
 * with 409, naming the referring resource and how many of its rows, when a `restrict` reference names it; else
 * answers the ResourceChanged events of the rows PostgreSQL empties (`setNull`) or deletes with it (`cascade`).
 */
export async function referencedDelete(tx: Db, d: ResourceDeclaration, id: string, table: (r: ResourceDeclaration) => unknown): Promise<DomainEvent[]> {
  const events: DomainEvent[] = [];
  for (const referrer of referrersOf(d)) {
    const other = table(referrer.d) as Record<string, PgColumn> & object;
    const refersHere = eq(other[referrer.key], id);
    if (referrer.onDelete === 'restrict') {
      const [{ rows }] = await tx
        .select({ rows: count() })
        .from(other as never)
        .where(refersHere);
      if (rows > 0) throw new ApiError(409, 'api.stillReferenced', undefined, { resource: resourceTitleOf(referrer.d), count: rows });
      continue;
    }
    const partnerField = partnerFieldOf(referrer.d.scope);
    const affected = (await tx
      .select({ id: other.id, ...(partnerField ? { partnerId: other[partnerField] } : {}) })
      .from(other as never)
      .where(refersHere)
      .limit(ANNOUNCED_PER_REFERRER)) as { id: string; partnerId?: string }[];
    const action = referrer.onDelete === 'cascade' ? 'deleted' : 'updated';
    for (const row of affected)
      events.push({
        type: 'ResourceChanged',
        resource: referrer.d.name,
        id: row.id,
        action,
        ...(partnerField ? { partnerId: row.partnerId } : {}),
      } as DomainEvent);
  }
  return events;
}
