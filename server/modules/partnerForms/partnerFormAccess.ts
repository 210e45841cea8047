import { and, eq } from 'drizzle-orm';
import { formProgress } from '../../../contract/answers';
import type { PartnerFormSectionDto, PartnerFormStatus } from '../../../contract/forms';
import type { Db } from '../../db/client';
import { partnerForms } from '../../db/schema';
import { notFound } from '../../core/errors';
import type { DomainEvent } from '../../core/events';
import type { Principal } from '../../core/guard';
import { rowIdOf } from '../../core/search';
import { loadFormVersion, type FormVersionRow } from '../formDefinitions/formVersionQueries';
import type { PartnerFormRow } from './assignment';
import type { FormProgress } from './partnerFormColumns';
import { partnerFormVersion } from './partnerFormDtos';
import { partnerFormScope } from './partnerFormSearch';

export const NOT_FOUND = 'partnerFormsApi.notFound';

/** A partner form within the principal's reach (partnerFormScope), else 404 (a foreign one is as missing as none). */
export async function findVisiblePartnerForm(db: Db, principal: Principal, id: string): Promise<PartnerFormRow> {
  const [row] = await db.select().from(partnerForms).where(visiblePartnerForm(principal, id));
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** The condition that finds a partner form within the principal's reach by its id (a malformed id is 404). */
export const visiblePartnerForm = (principal: Principal, id: string) => and(eq(partnerForms.id, rowIdOf(id, NOT_FOUND)), partnerFormScope(principal));

/** The row locked for the rest of the transaction: saves, submits and staff changes of one partner form queue here. */
export async function lockPartnerForm(tx: Db, id: string): Promise<PartnerFormRow> {
  const [row] = await tx.select().from(partnerForms).where(eq(partnerForms.id, id)).for('update');
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** The version a partner form holds (a Ready or Outdate one is never deleted while a partner form uses it). */
export async function versionOfPartnerForm(db: Db, row: Pick<PartnerFormRow, 'formId'>): Promise<FormVersionRow> {
  const version = await loadFormVersion(db, row.formId);
  if (!version) throw notFound(NOT_FOUND);
  return version;
}

/** What the filling reads of a version: fixed once it is Ready (only an Editing version's sections change). */
export type FilledVersion = Pick<FormVersionRow, 'id' | 'sections' | 'versionNumber'>;

/**
 * The versions partner forms hold, kept in memory (a bounded number, the least recently used dropped first): a
 * version's sections never change once it left Editing, so Save Draft need not read them again.
 */
export function createFormVersionCache(db: Db, capacity = 256) {
  const kept = new Map<string, FilledVersion>();
  return async function versionOf(row: Pick<PartnerFormRow, 'formId'>): Promise<FilledVersion> {
    const hit = kept.get(row.formId);
    if (hit) {
      kept.delete(row.formId);
      kept.set(row.formId, hit);
      return hit;
    }
    const version = await versionOfPartnerForm(db, row);
    const filled = { id: version.id, sections: version.sections, versionNumber: version.versionNumber };
    if (version.status === 'Editing') return filled;
    kept.set(version.id, filled);
    if (kept.size > capacity) kept.delete(kept.keys().next().value!);
    return filled;
  };
}

/** The columns of a partner form a save may change, beside its answers (updatedAt is not history). */
const SAVED_COLUMNS = ['totalFields', 'requiredFields', 'filledCount', 'status', 'submittedAt', 'reopenedAt'] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The audit of a save or a submit: only the answers that changed, by question key (a cleared one is null after),
 * and the other columns that moved. Empty objects when nothing changed. An autosave every few seconds must not
 * copy the whole answers object into the trail twice.
 */
export function auditOfSave(before: PartnerFormRow, after: Pick<PartnerFormRow, 'answers'> & Partial<PartnerFormRow>) {
  const old: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  const keys = new Set([...Object.keys(before.answers), ...Object.keys(after.answers)]);
  const changedKeys = [...keys].filter((key) => !same(before.answers[key], after.answers[key]));
  if (changedKeys.length) {
    old.answers = Object.fromEntries(changedKeys.map((key) => [key, before.answers[key] ?? null]));
    now.answers = Object.fromEntries(changedKeys.map((key) => [key, after.answers[key] ?? null]));
  }
  for (const column of SAVED_COLUMNS) {
    if (column in after && !same(before[column], after[column])) {
      old[column] = before[column];
      now[column] = after[column];
    }
  }
  return { before: old, after: now };
}

/** One section as the filler shows it, with every section's completeness for the stepper; 404 for a key the version lacks. */
export function partnerFormSectionDto(
  row: PartnerFormRow,
  version: Pick<FormVersionRow, 'sections'>,
  sectionKey: string,
  progress?: FormProgress,
): PartnerFormSectionDto {
  const section = version.sections.find((s) => s.key === sectionKey);
  if (!section) throw notFound('partnerFormsApi.sectionNotFound');
  const { sections } = progress ?? formProgress(version.sections, row.answers);
  return {
    partnerFormId: row.id,
    status: row.status as PartnerFormStatus,
    section,
    sections: sections.map(({ key, title, filled, total, errors }) => ({ key, title, filled, total, errors })),
    answers: row.answers,
    comments: row.comments,
    updatedAt: row.updatedAt.toISOString(),
    version: partnerFormVersion(row),
  };
}

/** Lists showing the partner form refetch, for its partner's users and staff. */
export const partnerFormChanged = (publish: (event: DomainEvent) => void, row: Pick<PartnerFormRow, 'id' | 'partnerId'>) =>
  publish({ type: 'ResourceChanged', resource: 'partner-forms', id: row.id, action: 'updated', partnerId: row.partnerId });
