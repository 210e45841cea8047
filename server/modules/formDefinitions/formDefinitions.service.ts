import { and, count, eq, isNull, max } from 'drizzle-orm';
import { isAnswerable, placedQuestions, rulePatternCostError } from '../../../contract/answers';
import type { FieldError } from '../../../contract/envelope';
import { FORM_STATUSES, type FormQuestion, type FormSection, type FormSectionsDto, type FormStatus, type TextRule } from '../../../contract/forms';
import { formFieldsSchema, formSectionsSchema, formStructureErrors } from '../../../contract/schemas/formDefinitions';
import type { AppContext } from '../../context';
import { writeAudit } from '../../core/audit';
import { createCrudService } from '../../core/crud';
import { ApiError } from '../../core/errors';
import { transactionThenPublish, type DomainEvent } from '../../core/events';
import type { Principal } from '../../core/guard';
import { assertIfMatch, rowVersion, type IfMatch } from '../../core/recordVersion';
import { validate } from '../../core/validation';
import type { Db } from '../../db/client';
import { formDefinitions, formVersions } from './formDefinitions.schema';
import { assertEditing, formVersionsResource } from './formDefinitions.resource';
import { liveRulesOf, storedSections, versionColumns, withRuleCopies } from './formVersionColumns';
import { toFormDto, type FormVersionRow } from './formVersionQueries';

type Publish = (event: DomainEvent) => void;

const changed = (publish: Publish, id: string, action: 'created' | 'updated') => publish({ type: 'ResourceChanged', resource: 'forms', id, action });

const sectionsDto = (row: FormVersionRow): FormSectionsDto => ({ formId: row.id, status: row.status, sections: row.sections, version: rowVersion(row) });

/** A `ruleId` error for each question that names a rule stored before the pattern cost bound and over it: it is not copied on. */
function costlyRuleErrors(sections: readonly FormSection[], rules: ReadonlyMap<string, TextRule>): FieldError[] {
  const errors: FieldError[] = [];
  const check = (question: FormQuestion, path: string) => {
    const rule = question.ruleId ? rules.get(question.ruleId.toLowerCase()) : undefined;
    if (rule?.regex && rulePatternCostError(rule.regex, rule.maxLength)) errors.push({ field: `${path}.ruleId`, message: 'formDefinitionsApi.ruleTooCostly' });
  };
  sections.forEach((section, s) =>
    section.questions.forEach((question, q) => {
      check(question, `sections[${s}].questions[${q}]`);
      question.children.forEach((child, c) => check(child, `sections[${s}].questions[${q}].children[${c}]`));
    }),
  );
  return errors;
}

/** The sections with their rule copies from the live rules, refused (400 naming each field) when their structure breaks a rule. */
async function checkedSections(tx: Db, sections: FormSection[]) {
  const rules = await liveRulesOf(tx, sections);
  const errors = [...formStructureErrors(sections, new Set(rules.keys())), ...costlyRuleErrors(sections, rules)];
  if (errors.length) throw new ApiError(400, 'api.validationFailed', errors);
  return withRuleCopies(sections, rules);
}

/**
 * Form definitions and their versions (DESIGN.md "Forms"): Editing → (publish) → Ready → (a newer version is
 * published) → Outdate. Only Editing versions change; every change is one transaction, audited, announced after it commits.
 */
export function createFormDefinitionService(ctx: AppContext) {
  const { db } = ctx;
  const crud = createCrudService(ctx, formVersionsResource);
  const { findVisible } = crud.rows;
  const transaction = <T>(work: (tx: Db, publish: Publish) => Promise<T>) => transactionThenPublish(ctx, work);

  const lockVersion = async (tx: Db, id: string) => (await tx.select().from(formVersions).where(eq(formVersions.id, id)).for('update'))[0];
  const lockDefinition = (tx: Db, definitionId: string) =>
    tx.select({ id: formDefinitions.id }).from(formDefinitions).where(eq(formDefinitions.id, definitionId)).for('update');

  /** A change of one version under its row lock, after the If-Match check; `work` answers the row as written. */
  async function changeVersion(
    principal: Principal,
    id: string,
    ifMatch: IfMatch | undefined,
    work: (tx: Db, publish: Publish, row: FormVersionRow) => Promise<FormVersionRow>,
  ) {
    const visible = (await findVisible(principal, id)) as unknown as FormVersionRow;
    return transaction(async (tx, publish) => {
      const existing = await lockVersion(tx, visible.id);
      await assertIfMatch(ifMatch, existing, () => toFormDto(existing));
      return work(tx, publish, existing);
    });
  }

  async function update(tx: Db, principal: Principal, before: FormVersionRow, values: Partial<typeof formVersions.$inferInsert>) {
    const [after] = await tx
      .update(formVersions)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(formVersions.id, before.id))
      .returning();
    await writeAudit(tx, { userId: principal.id, type: 'Update', table: 'forms', key: after.id, before, after });
    return after;
  }

  async function insertVersion(tx: Db, principal: Principal, values: typeof formVersions.$inferInsert) {
    const [row] = await tx.insert(formVersions).values(values).returning();
    await writeAudit(tx, { userId: principal.id, type: 'Create', table: 'forms', key: row.id, after: row });
    return row;
  }

  /** A new definition and its version 1, Editing, without sections. */
  async function create(principal: Principal, body: unknown) {
    const input = await validate(formFieldsSchema, body);
    const row = await transaction(async (tx, publish) => {
      const [definition] = await tx.insert(formDefinitions).values({}).returning();
      const version = await insertVersion(tx, principal, {
        ...input,
        definitionId: definition.id,
        versionNumber: 1,
        ...versionColumns({ name: input.name, sections: [] }),
      });
      changed(publish, version.id, 'created');
      return version;
    });
    return toFormDto(row);
  }

  async function sections(principal: Principal, id: string) {
    return sectionsDto((await findVisible(principal, id)) as unknown as FormVersionRow);
  }

  /** PUT /forms/{id}/sections: the whole document replaced, Editing only, rule copies filled from the live rules. */
  async function saveSections(principal: Principal, id: string, body: unknown, ifMatch: IfMatch | undefined) {
    const input = await validate(formSectionsSchema, body);
    const row = await changeVersion(principal, id, ifMatch, async (tx, publish, existing) => {
      assertEditing(existing);
      const sections = await checkedSections(tx, storedSections(input.sections));
      const after = await update(tx, principal, existing, { sections, ...versionColumns({ name: existing.name, sections }) });
      changed(publish, after.id, 'updated');
      return after;
    });
    return sectionsDto(row);
  }

  /** Editing → Ready with fresh rule copies; the definition's previous Ready version turns Outdate in the same transaction. */
  async function publishVersion(principal: Principal, id: string, ifMatch: IfMatch | undefined) {
    const visible = (await findVisible(principal, id)) as unknown as FormVersionRow;
    const row = await transaction(async (tx, publish) => {
      // The definition's lock orders publishes and new versions of one definition one after another.
      await lockDefinition(tx, visible.definitionId);
      const existing = await lockVersion(tx, visible.id);
      await assertIfMatch(ifMatch, existing, () => toFormDto(existing));
      assertEditing(existing);
      if (!placedQuestions(existing.sections).some(({ question }) => isAnswerable(question))) throw new ApiError(400, 'formDefinitionsApi.nothingToAnswer');
      const sections = await checkedSections(tx, existing.sections);
      const previous = await tx
        .select()
        .from(formVersions)
        .where(and(eq(formVersions.definitionId, existing.definitionId), eq(formVersions.status, 'Ready'), isNull(formVersions.deletedAt)))
        .for('update');
      for (const ready of previous) {
        await update(tx, principal, ready, { status: 'Outdate' });
        changed(publish, ready.id, 'updated');
      }
      const after = await update(tx, principal, existing, {
        status: 'Ready',
        publishedAt: new Date(),
        sections,
        ...versionColumns({ name: existing.name, sections }),
      });
      changed(publish, after.id, 'updated');
      return after;
    });
    return toFormDto(row);
  }

  /** An Editing copy of a Ready or Outdate version, numbered next in its definition; keys survive. */
  async function newVersion(principal: Principal, id: string) {
    const visible = (await findVisible(principal, id)) as unknown as FormVersionRow;
    if (visible.status === 'Editing') throw new ApiError(409, 'formDefinitionsApi.notReady');
    const row = await transaction(async (tx, publish) => {
      await lockDefinition(tx, visible.definitionId);
      const [editing] = await tx
        .select()
        .from(formVersions)
        .where(and(eq(formVersions.definitionId, visible.definitionId), eq(formVersions.status, 'Editing'), isNull(formVersions.deletedAt)));
      if (editing) throw new ApiError(409, 'formDefinitionsApi.editingExists', undefined, { versionNumber: editing.versionNumber });
      // Deleted versions keep their numbers: a number is never given twice.
      const [{ last }] = await tx
        .select({ last: max(formVersions.versionNumber) })
        .from(formVersions)
        .where(eq(formVersions.definitionId, visible.definitionId));
      const source = (await lockVersion(tx, visible.id))!;
      const copy = await insertVersion(tx, principal, {
        definitionId: source.definitionId,
        versionNumber: (last ?? 0) + 1,
        name: source.name,
        description: source.description,
        type: source.type,
        note: source.note,
        sections: source.sections,
        ...versionColumns(source),
      });
      changed(publish, copy.id, 'created');
      return copy;
    });
    return toFormDto(row);
  }

  /** How many live versions are in each status (the list's filter tabs). */
  async function counts(): Promise<Record<FormStatus, number>> {
    const rows = await db
      .select({ status: formVersions.status, total: count() })
      .from(formVersions)
      .where(isNull(formVersions.deletedAt))
      .groupBy(formVersions.status);
    const totals = Object.fromEntries(FORM_STATUSES.map((status) => [status, 0])) as Record<FormStatus, number>;
    for (const row of rows) if (Object.hasOwn(totals, row.status)) totals[row.status] = row.total;
    return totals;
  }

  return {
    search: crud.search,
    get: crud.get,
    replace: crud.replace,
    patch: crud.patch,
    remove: crud.remove,
    create,
    sections,
    saveSections,
    publish: publishVersion,
    newVersion,
    counts,
  };
}

export type FormDefinitionService = ReturnType<typeof createFormDefinitionService>;
