import { asc, eq, sql } from 'drizzle-orm';
import type { FormQuestion, FormSection, TextRule } from '../../../contract/forms';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { demoValidationRules } from '../validationRules/validationRules.demo';
import { DEMO_FORM_DEFINITIONS, type DemoFormName, type DemoQuestion, type DemoSection } from './demoFormSections';
import { formDefinitions, formVersions } from './formDefinitions.schema';
import { versionColumns } from './formVersionColumns';

const DAY = 24 * 60 * 60 * 1000;

type RuleRow = Awaited<ReturnType<typeof demoValidationRules>> extends Map<string, infer R> ? R : never;

/** A demo question as the builder saves it: its rule's id and the copy partner forms validate with. */
function resolvedQuestion(question: DemoQuestion, rules: Map<string, RuleRow>): FormQuestion {
  const { ruleName, children, ...rest } = question;
  const rule = ruleName ? rules.get(ruleName.toLowerCase()) : undefined;
  const copy: TextRule | null = rule
    ? { name: rule.name, suggestText: rule.suggestText, errorText: rule.errorText, minLength: rule.minLength, maxLength: rule.maxLength, regex: rule.regex }
    : null;
  return { ...rest, ruleId: rule?.id ?? null, rule: copy, children: children.map((child) => resolvedQuestion(child, rules)) };
}

export const resolvedSections = (sections: DemoSection[], rules: Map<string, RuleRow>): FormSection[] =>
  sections.map((section) => ({ ...section, questions: section.questions.map((question) => resolvedQuestion(question, rules)) }));

/** The definition whose versions carry this demo name (a renamed or deleted one included), its oldest first; null when none does. */
export async function demoDefinitionId(db: Db, name: DemoFormName) {
  const [row] = await db
    .select({ definitionId: formVersions.definitionId })
    .from(formVersions)
    .where(sql`lower(${formVersions.name}) = ${name.toLowerCase()}`)
    .orderBy(asc(formVersions.createdAt))
    .limit(1);
  return row?.definitionId ?? null;
}

/** The versions of a demo definition by number (for the demo partner forms); empty when the definition is not there. */
export async function demoFormVersions(db: Db, name: DemoFormName) {
  const definitionId = await demoDefinitionId(db, name);
  if (!definitionId) return new Map<number, typeof formVersions.$inferSelect>();
  const rows = await db.select().from(formVersions).where(eq(formVersions.definitionId, definitionId));
  return new Map(rows.map((row) => [row.versionNumber, row]));
}

/**
 * The demo form definitions a database lacks, each with all its versions (Outdate, Ready, Editing), known by
 * name. A definition that is there is left as staff left it: no version is added to it (that could collide
 * with the versions they made since).
 */
export async function seedDemoFormDefinitions({ db }: AppContext) {
  const rules = await demoValidationRules(db);
  const now = Date.now();
  for (const demo of DEMO_FORM_DEFINITIONS) {
    if (await demoDefinitionId(db, demo.name as DemoFormName)) continue;
    const createdAt = new Date(now - demo.versions[0].daysAgo * DAY);
    const [definition] = await db.insert(formDefinitions).values({ createdAt }).returning({ id: formDefinitions.id });
    for (const [index, version] of demo.versions.entries()) {
      const sections = resolvedSections(version.sections, rules);
      const madeAt = new Date(now - version.daysAgo * DAY);
      const next = demo.versions[index + 1];
      await db.insert(formVersions).values({
        definitionId: definition.id,
        versionNumber: index + 1,
        name: demo.name,
        description: demo.description,
        type: demo.type,
        note: version.note,
        status: version.status,
        sections,
        ...versionColumns({ name: demo.name, sections }),
        publishedAt: version.status === 'Editing' ? null : madeAt,
        createdAt: madeAt,
        // An Outdate version last changed when the next one was published.
        updatedAt: next && version.status === 'Outdate' ? new Date(now - next.daysAgo * DAY) : madeAt,
      });
    }
  }
}
