import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { declaredResources } from '../../../contract/resources';
import { computedEntries, fieldEntries, type ResourceDeclaration } from '../../../contract/resources/declaration';
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
  required: boolean;
}

/** The declared fields referring to a resource (those of resources with a derived table: the others' modules decide). */
export function referrersOf(d: ResourceDeclaration): Referrer[] {
  return (declaredResources as readonly ResourceDeclaration[]).flatMap((other) =>
    other.tableOwner
      ? []
      : fieldEntries(other)
          .filter(([, f]) => f.type === 'reference' && f.reference === d.name)
          .map(([key, f]) => ({ d: other, key, onDelete: f.onDelete ?? 'restrict', required: Boolean(f.required) })),
  );
}

/**
 * A `restrict` reference: refuses while a live row refers here. Rows in the bin (soft-deleted) hold nothing hostage,
 * since nobody sees them refer: an optional reference of theirs is emptied in the delete's transaction (restored, such
 * a row has none); a required one refuses, naming them, since emptying it would break the row.
 */
async function restrictedDelete(tx: Db, referrer: Referrer, other: Record<string, PgColumn>, refersHere: ReturnType<typeof eq>) {
  const deletedAt = referrer.d.softDelete ? other.deletedAt : undefined;
  const rowsWhere = async (where: ReturnType<typeof eq> | undefined) => {
    const [{ rows }] = (await tx
      .select({ rows: count() })
      .from(other as never)
      .where(where)) as { rows: number }[];
    return rows;
  };
  const resource = resourceTitleOf(referrer.d);
  const live = await rowsWhere(deletedAt ? and(refersHere, isNull(deletedAt)) : refersHere);
  if (live > 0) throw new ApiError(409, 'api.stillReferenced', undefined, { resource, count: live });
  if (!deletedAt) return;
  const inTheBin = and(refersHere, isNotNull(deletedAt));
  if (!referrer.required) {
    await tx
      .update(other as never)
      .set({ [referrer.key]: null } as never)
      .where(inTheBin);
    return;
  }
  const deleted = await rowsWhere(inTheBin);
  if (deleted > 0) throw new ApiError(409, 'api.stillReferencedByDeleted', undefined, { resource, count: deleted });
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
      await restrictedDelete(tx, referrer, other, refersHere);
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

/**
 * The rows of other resources whose computed counts a change of a `d` row moves (countries' partnerCount when a
 * partner names another country, is made or deleted): a ResourceChanged each, so their lists read them again. Counts
 * kept by partner-scoped resources are left out: their event would need the counted row's partner.
 */
export function countedChanges(d: ResourceDeclaration) {
  const counters = (declaredResources as readonly ResourceDeclaration[]).flatMap((other) =>
    other.scope.kind === 'none'
      ? computedEntries(other)
          .filter(([, f]) => f.counts.resource === d.name)
          .map(([, f]) => ({ other, field: f.counts.field }))
      : [],
  );
  if (!counters.length) return undefined;
  return (before: Record<string, unknown> | null, after: Record<string, unknown> | null): DomainEvent[] =>
    counters.flatMap(({ other, field }) => {
      const was = before?.[field];
      const is = after?.[field];
      if (was === is) return [];
      return [was, is]
        .filter((id): id is string => typeof id === 'string')
        .map((id) => ({ type: 'ResourceChanged', resource: other.name, id, action: 'updated' }) as DomainEvent);
    });
}
