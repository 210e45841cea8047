import { inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { validationRules } from './validationRules.schema';
import { validationRuleValues } from './validationRules.service';
import { DEMO_VALIDATION_RULES } from './demoValidationRules';

export { DEMO_VALIDATION_RULES };

export type DemoValidationRuleName = (typeof DEMO_VALIDATION_RULES)[number]['name'];

const lowerName = sql<string>`lower(${validationRules.name})`;

/** The demo rules there are (a deleted one included), by name in lower case: their id and what a question copies. */
export async function demoValidationRules(db: Db) {
  const rows = await db
    .select()
    .from(validationRules)
    .where(
      inArray(
        lowerName,
        DEMO_VALIDATION_RULES.map((rule) => rule.name.toLowerCase()),
      ),
    );
  return new Map(rows.map((row) => [row.name.toLowerCase(), row]));
}

/** The demo rules a database lacks, known by name (a deleted one stays deleted); rules that are there are left as people left them. */
export async function seedDemoValidationRules({ db }: AppContext) {
  const present = await demoValidationRules(db);
  for (const rule of DEMO_VALIDATION_RULES) {
    if (present.has(rule.name.toLowerCase())) continue;
    await db.insert(validationRules).values(validationRuleValues(rule));
  }
}
