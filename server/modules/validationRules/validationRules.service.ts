import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { foldForSearch } from '../../../contract/fold';
import type { ValidationRuleDto } from '../../../contract/forms';
import { validationRuleDtoSchema } from '../../../contract/schemas/dtos';
import { validationRuleSchema, type ValidationRuleInput } from '../../../contract/schemas/validationRules';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { createCrudService, type CrudResource } from '../../core/crud';
import { ApiError } from '../../core/errors';
import { containsFolded, keywordOf } from '../../core/search';
import { formVersions } from '../formDefinitions/formDefinitions.schema';
import { validationRules } from './validationRules.schema';

type ValidationRuleRow = typeof validationRules.$inferSelect;

export const toValidationRuleDto = (row: ValidationRuleRow): ValidationRuleDto => ({
  id: row.id,
  name: row.name,
  suggestText: row.suggestText,
  errorText: row.errorText,
  minLength: row.minLength,
  maxLength: row.maxLength,
  regex: row.regex,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The columns of a rule as every write (the API, the seeds) stores them, its folded search text included. */
export const validationRuleValues = (input: ValidationRuleInput) => ({
  name: input.name,
  suggestText: input.suggestText ?? '',
  errorText: input.errorText ?? '',
  minLength: input.minLength ?? null,
  maxLength: input.maxLength ?? null,
  regex: input.regex || null,
  searchText: foldForSearch([input.name, input.suggestText, input.errorText].filter(Boolean).join(' ')),
});

/**
 * Refuses a name another live rule has, case ignored (400 on the field). Saves of one name queue on a lock held
 * until the transaction ends, so two saves of the same new name cannot both pass and hit the unique index.
 */
async function assertNameFree(tx: Db, name: string, exceptId: string | undefined) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`validation_rules.name:${name.toLowerCase()}`}))`);
  const [taken] = await tx
    .select({ id: validationRules.id })
    .from(validationRules)
    .where(
      and(
        sql`lower(${validationRules.name}) = ${name.toLowerCase()}`,
        isNull(validationRules.deletedAt),
        exceptId ? ne(validationRules.id, exceptId) : undefined,
      ),
    );
  if (taken) throw new ApiError(400, 'formRulesApi.nameTaken', [{ field: 'name', message: 'formRulesApi.nameTaken' }]);
}

/** The names of the Ready form versions whose questions use the rule. */
export async function readyFormsUsingRule(db: Db, ruleId: string) {
  const rows = await db
    .select({ name: formVersions.name })
    .from(formVersions)
    .where(and(sql`${ruleId}::uuid = any(${formVersions.ruleIds})`, eq(formVersions.status, 'Ready'), isNull(formVersions.deletedAt)))
    .orderBy(asc(formVersions.name));
  return rows.map((row) => row.name);
}

/** Validation rules (DESIGN.md "Forms"): staff CRUD; a rule a Ready form uses is not deleted. */
export const validationRulesResource: CrudResource<ValidationRuleInput, ValidationRuleDto> = {
  name: 'validation-rules',
  permissions: 'ValidationRules',
  table: validationRules,
  schema: validationRuleSchema,
  toDto: (row) => toValidationRuleDto(row as unknown as ValidationRuleRow),
  dtoSchema: validationRuleDtoSchema,
  toValues: validationRuleValues,
  sortable: {
    name: validationRules.name,
    minLength: validationRules.minLength,
    maxLength: validationRules.maxLength,
    createdAt: validationRules.createdAt,
    updatedAt: validationRules.updatedAt,
  },
  defaultSort: 'name asc',
  where: (search) => [containsFolded(validationRules.searchText, keywordOf(search))],
  async beforeWrite(tx, input, existing) {
    await assertNameFree(tx, input.name, existing?.id);
  },
  // The delete holds the rule row locked: a publish that share-locks the rules it copies waits for the verdict.
  async beforeDelete(tx, existing) {
    const forms = await readyFormsUsingRule(tx, existing.id);
    if (forms.length) throw new ApiError(409, 'formRulesApi.ruleInUse', undefined, { forms: forms.join(', '), count: forms.length });
  },
  csv: [
    { header: 'id', value: (r) => r.id },
    { header: 'name', value: (r) => r.name },
    { header: 'suggestText', value: (r) => r.suggestText },
    { header: 'errorText', value: (r) => r.errorText },
    { header: 'minLength', value: (r) => r.minLength },
    { header: 'maxLength', value: (r) => r.maxLength },
    { header: 'regex', value: (r) => r.regex },
    { header: 'createdAt', value: (r) => r.createdAt },
  ],
};

export const createValidationRuleService = (ctx: AppContext) => createCrudService(ctx, validationRulesResource);
