import { and, eq, isNull } from 'drizzle-orm';
import type { FormDto } from '../../../contract/forms';
import type { Db } from '../../db/client';
import { rowVersion } from '../../core/recordVersion';
import { isUuid } from '../../core/search';
import { formVersions } from './formDefinitions.schema';

export type FormVersionRow = typeof formVersions.$inferSelect;

/** A live (not deleted) form version by id, or null (an id that is not a uuid is simply not found). */
export async function loadFormVersion(db: Db, id: string): Promise<FormVersionRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(formVersions)
    .where(and(eq(formVersions.id, id.toLowerCase()), isNull(formVersions.deletedAt)));
  return row ?? null;
}

/** The Ready version of a form definition, or null when it has none (never published, or being replaced). */
export async function readyVersionOf(db: Db, definitionId: string): Promise<FormVersionRow | null> {
  if (!isUuid(definitionId)) return null;
  const [row] = await db
    .select()
    .from(formVersions)
    .where(and(eq(formVersions.definitionId, definitionId.toLowerCase()), eq(formVersions.status, 'Ready'), isNull(formVersions.deletedAt)));
  return row ?? null;
}

/** The API's view of a version; `version` is its ETag (any change of the row, sections included, changes it). */
export const toFormDto = (row: FormVersionRow): FormDto => ({
  id: row.id,
  definitionId: row.definitionId,
  versionNumber: row.versionNumber,
  name: row.name,
  description: row.description,
  type: row.type,
  note: row.note,
  status: row.status,
  totalFields: row.totalFields,
  requiredFields: row.requiredFields,
  publishedAt: row.publishedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  version: rowVersion(row),
});
