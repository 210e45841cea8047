import { eq } from 'drizzle-orm';
import type { FormSection, PartnerFormDto, PartnerFormSectionDto } from '../../contract/forms';
import type { AssignPartnerFormsResult } from '../../contract/partnerForms';
import type { Db } from '../../server/db/client';
import { formDefinitions, formVersions, partnerForms } from '../../server/db/schema';
import { questionLabelled, section, when } from '../fixtures/formQuestions';
import { unique, type Factories, type useDemoServer } from './factories';

/** A question labelled `Label of <key>`, as the migration tests expect. */
export const question = questionLabelled((key) => `Label of ${key}`);

/**
 * The sections most partner form tests use: a required company name with a rule (digits only for the tax
 * number), a yes/no that shows a required follow-up, a select, a multiple, a file and files question.
 */
export const sampleSections = (): FormSection[] => [
  section(
    'company',
    [
      question('companyName', 'text', { required: true }),
      question('taxNumber', 'text', {
        required: true,
        rule: { name: 'Digits', suggestText: 'Ten digits', errorText: 'Ten digits, please', minLength: 10, maxLength: 10, regex: '[0-9]+' },
      }),
      question('hasBranch', 'yesNo'),
      question('branchCity', 'text', { required: true, condition: when('hasBranch', 'is', 'yes') }),
    ],
    'Company',
  ),
  section(
    'details',
    [
      question('size', 'select', { options: ['small', 'large'] }),
      question('markets', 'multiple', { options: ['vn', 'sg', 'us'] }),
      question('licence', 'file'),
      question('photos', 'files'),
    ],
    'Details',
  ),
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

type Demo = ReturnType<typeof useDemoServer>;

/**
 * A partner of its own with one signed-in user of the seeded Partner role, and a Ready form assigned to it by the
 * demo Admin: what most partner form tests start from.
 */
export async function partnerWithForm(demo: Demo, options: { sections?: FormSection[] } = {}) {
  const { server, make, roleIds, token } = demo;
  const partner = await make.partner();
  const user = await make.user({ roleId: roleIds.Partner, partnerId: partner.id });
  const version = await makeFormVersion(server.built.database.db, make, { sections: options.sections });
  const assigned = await server.api<AssignPartnerFormsResult>('POST', '/api/v1/partner-forms/assign', {
    token: token('admin@example.com'),
    body: { formId: version.id, partnerIds: [partner.id], note: 'Please fill in' },
  });
  if (assigned.status !== 201) throw new Error(`could not assign: ${assigned.text}`);
  const partnerForm = assigned.body.data!.assigned[0];
  const url = `/api/v1/partner-forms/${partnerForm.id}`;
  return {
    partner,
    user,
    version,
    partnerForm,
    url,
    /** Save Draft as the partner's user (or as `as`). */
    save: (answers: Record<string, unknown>, as = user.token, section = 'company') =>
      server.api<PartnerFormSectionDto>('PUT', `${url}/sections/${section}`, { token: as, body: { answers } }),
    submit: (answers?: Record<string, unknown>, as = user.token, headers: Record<string, string> = {}) =>
      server.api<PartnerFormDto>('POST', `${url}/submit`, { token: as, body: answers ? { answers } : {}, headers }),
    row: async () => (await server.built.database.db.select().from(partnerForms).where(eq(partnerForms.id, partnerForm.id)))[0],
  };
}

/** Answers that pass every check of sampleSections. */
export const validAnswers = () => ({ companyName: 'Acme Trading', taxNumber: '0123456789', hasBranch: false, size: 'small', markets: ['vn'] });

/** A 1×1 PNG: a file of an accepted type. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A multipart body of one answer file for `questionKey`, as the filler uploads it. */
export function multipartFile(questionKey: string, fileName: string, bytes: Buffer) {
  const boundary = 'partner-form-test-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="questionKey"\r\n\r\n${questionKey}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { rawBody: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
