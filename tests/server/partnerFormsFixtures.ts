import { eq } from 'drizzle-orm';
import type { FormQuestion, FormSection } from '../../contract/forms';
import type { Db } from '../../server/db/client';
import { formDefinitions, formVersions, partnerForms } from '../../server/db/schema';
import type { Factories } from './factories';
import { unique } from './factories';

/** A question with the defaults a builder would give it. */
export const question = (key: string, type: FormQuestion['type'], extra: Partial<FormQuestion> = {}): FormQuestion => ({
  key,
  type,
  label: `Label of ${key}`,
  help: '',
  required: false,
  options: [],
  ruleId: null,
  rule: null,
  condition: null,
  children: [],
  ...extra,
});

/**
 * The sections most partner form tests use: a required company name with a rule (digits only for the tax
 * number), a yes/no that shows a required follow-up, a select, a multiple, a file and files question.
 */
export const sampleSections = (): FormSection[] => [
  {
    key: 'company',
    title: 'Company',
    questions: [
      question('companyName', 'text', { required: true }),
      question('taxNumber', 'text', {
        required: true,
        rule: { name: 'Digits', suggestText: 'Ten digits', errorText: 'Ten digits, please', minLength: 10, maxLength: 10, regex: '[0-9]+' },
      }),
      question('hasBranch', 'yesNo'),
      question('branchCity', 'text', { required: true, condition: { questionKey: 'hasBranch', operator: 'is', value: 'yes' } }),
    ],
  },
  {
    key: 'details',
    title: 'Details',
    questions: [
      question('size', 'select', { options: ['small', 'large'] }),
      question('markets', 'multiple', { options: ['vn', 'sg', 'us'] }),
      question('licence', 'file'),
      question('photos', 'files'),
    ],
  },
];

/**
 * A form definition with one version in the given status, written straight into the tables (the builder's API
 * is another module's): partner form tests need Ready versions, not the builder.
 */
export async function makeFormVersion(
  db: Db,
  make: Factories,
  options: { sections?: FormSection[]; status?: 'Editing' | 'Ready' | 'Outdate'; definitionId?: string; versionNumber?: number; name?: string } = {},
) {
  const definitionId = options.definitionId ?? (await db.insert(formDefinitions).values({}).returning())[0].id;
  const [version] = await db
    .insert(formVersions)
    .values({
      definitionId,
      versionNumber: options.versionNumber ?? 1,
      name: options.name ?? `Form ${unique('fv')}`,
      status: options.status ?? 'Ready',
      sections: options.sections ?? sampleSections(),
      publishedAt: new Date(),
    })
    .returning();
  // One step for the whole definition (registered with its first version): its partner forms, versions, itself.
  if (!options.definitionId)
    make.onCleanup(async () => {
      await db.delete(partnerForms).where(eq(partnerForms.definitionId, definitionId));
      await db.delete(formVersions).where(eq(formVersions.definitionId, definitionId));
      await db.delete(formDefinitions).where(eq(formDefinitions.id, definitionId));
    });
  return version;
}
