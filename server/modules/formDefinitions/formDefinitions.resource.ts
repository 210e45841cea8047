import { count, eq } from 'drizzle-orm';
import type { FormDto } from '../../../contract/forms';
import { formDtoSchema } from '../../../contract/schemas/forms.dto';
import { formFieldsSchema, formSearchSchema, type FormFieldsInput } from '../../../contract/schemas/formDefinitions';
import { ApiError } from '../../core/errors';
import type { CrudResource, CrudRow } from '../../core/crud';
import { containsFolded, keywordWhere } from '../../core/search';
import type { Db } from '../../db/client';
import { partnerForms } from '../partnerForms/partnerForms.schema';
import { formVersions } from './formDefinitions.schema';
import { formSearchText } from './formVersionColumns';
import { toFormDto, type FormVersionRow } from './formVersionQueries';

/** Only a version being edited takes changes: Ready and Outdate versions are what partners were given. */
export function assertEditing(row: Pick<FormVersionRow, 'status'>) {
  if (row.status !== 'Editing') throw new ApiError(409, 'formDefinitionsApi.notEditing');
}

async function assertUnused(tx: Db, id: string) {
  const [{ total }] = await tx.select({ total: count() }).from(partnerForms).where(eq(partnerForms.formId, id));
  if (total > 0) throw new ApiError(409, 'formDefinitionsApi.inUse');
}

const { status: statusFilter, definitionId: definitionFilter } = formSearchSchema.fields;

/**
 * Form versions as a declared resource for search, read, field edits (Editing only) and delete (an Editing
 * version no partner form uses). Creating, sections, publish and new versions are the service's own.
 */
export const formVersionsResource: CrudResource<FormFieldsInput, FormDto> = {
  name: 'forms',
  permissions: 'Form',
  table: formVersions,
  schema: formFieldsSchema,
  searchFilters: { status: statusFilter, definitionId: definitionFilter },
  toDto: (row) => toFormDto(row as unknown as FormVersionRow),
  dtoSchema: formDtoSchema,
  toValues: (input) => ({
    name: input.name,
    description: input.description,
    type: input.type,
    note: input.note,
    searchText: formSearchText(input.name),
  }),
  sortable: {
    definitionId: formVersions.definitionId,
    name: formVersions.name,
    description: formVersions.description,
    note: formVersions.note,
    totalFields: formVersions.totalFields,
    requiredFields: formVersions.requiredFields,
    versionNumber: formVersions.versionNumber,
    status: formVersions.status,
    type: formVersions.type,
    createdAt: formVersions.createdAt,
    updatedAt: formVersions.updatedAt,
    publishedAt: formVersions.publishedAt,
  },
  defaultSort: 'updatedAt desc',
  where: (search) => [
    keywordWhere(search, { name: (keyword) => containsFolded(formVersions.searchText, keyword) }),
    typeof search.status === 'string' ? eq(formVersions.status, search.status as FormDto['status']) : undefined,
    typeof search.definitionId === 'string' ? eq(formVersions.definitionId, search.definitionId.toLowerCase()) : undefined,
  ],
  csv: [],
  beforeWrite: async (_tx, _input, existing) => {
    if (existing) assertEditing(existing as CrudRow & FormVersionRow);
  },
  beforeDelete: async (tx, existing) => {
    assertEditing(existing as CrudRow & FormVersionRow);
    await assertUnused(tx, existing.id);
  },
};
