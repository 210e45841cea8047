import { eq } from 'drizzle-orm';
import type { FormDto, FormQuestion, FormSection, FormSectionsDto, ValidationRuleDto } from '../../contract/forms';
import { formDefinitions, formVersions, validationRules } from '../../server/db/schema';
import { expectEnvelope } from './expectations';
import { unique, type useDemoServer } from './factories';

type Demo = ReturnType<typeof useDemoServer>;
type QuestionInput = Partial<Omit<FormQuestion, 'children'>> & { children?: QuestionInput[] };

/** A question as the builder sends it; `rule` is the server's to fill. */
export const question = (key: string, fields: QuestionInput = {}): Record<string, unknown> => ({
  key,
  type: 'text',
  label: `Question ${key}`,
  help: '',
  required: false,
  options: [],
  ruleId: null,
  condition: null,
  ...fields,
  children: (fields.children ?? []).map((child) => question(child.key ?? unique('c'), child)),
});

export const section = (key: string, questions: Record<string, unknown>[], title = `Section ${key}`) => ({ key, title, questions });

/** The form builder's calls as an admin (or `as`), and forms made for one test, removed after it. */
export function formCalls({ server, make, token }: Demo) {
  const admin = () => token('admin@example.com');
  const ifMatch = (etag?: string) => (etag ? { 'if-match': `"${etag}"` } : undefined);
  const calls = {
    admin,
    create: (body: unknown, as = admin()) => server.api<FormDto>('POST', '/api/v1/forms', { token: as, body }),
    get: (id: string, as = admin()) => server.api<FormDto>('GET', `/api/v1/forms/${id}`, { token: as }),
    put: (id: string, body: unknown, etag?: string, as = admin()) =>
      server.api<FormDto>('PUT', `/api/v1/forms/${id}`, { token: as, body, headers: ifMatch(etag) }),
    patch: (id: string, body: unknown, etag?: string, as = admin()) =>
      server.api<FormDto>('PATCH', `/api/v1/forms/${id}`, { token: as, body, headers: ifMatch(etag) }),
    remove: (id: string, etag?: string, as = admin()) => server.api<FormDto>('DELETE', `/api/v1/forms/${id}`, { token: as, headers: ifMatch(etag) }),
    sections: (id: string, as = admin()) => server.api<FormSectionsDto>('GET', `/api/v1/forms/${id}/sections`, { token: as }),
    saveSections: (id: string, sections: unknown, etag?: string, as = admin()) =>
      server.api<FormSectionsDto>('PUT', `/api/v1/forms/${id}/sections`, { token: as, body: { sections }, headers: ifMatch(etag) }),
    publish: (id: string, as = admin()) => server.api<FormDto>('POST', `/api/v1/forms/${id}/publish`, { token: as }),
    newVersion: (id: string, as = admin()) => server.api<FormDto>('POST', `/api/v1/forms/${id}/new-version`, { token: as }),

    /** A new form (version 1, Editing), its rows removed after the test. */
    async form(fields: Partial<Pick<FormDto, 'name' | 'description' | 'type' | 'note'>> = {}) {
      const answer = await calls.create({ name: `Supplier onboarding ${unique('fd')}`, ...fields });
      expectEnvelope(answer, 201);
      const made = answer.body.data!;
      make.onCleanup(async () => {
        const db = server.built.database.db;
        await db.delete(formVersions).where(eq(formVersions.definitionId, made.definitionId));
        await db.delete(formDefinitions).where(eq(formDefinitions.id, made.definitionId));
      });
      return made;
    },

    /** A form whose sections are saved (still Editing). */
    async formWith(sections: unknown[]) {
      const made = await calls.form();
      const saved = await calls.saveSections(made.id, sections);
      expectEnvelope(saved, 200);
      return { ...made, sections: saved.body.data!.sections as FormSection[] };
    },

    /** A published form (Ready) of these sections. */
    async readyForm(sections: unknown[] = [section('s1', [question('q1')])]) {
      const made = await calls.formWith(sections);
      expectEnvelope(await calls.publish(made.id), 200);
      return made;
    },

    /** A validation rule, deleted after the test. */
    async rule(fields: Partial<ValidationRuleDto> = {}) {
      const answer = await server.api<ValidationRuleDto>('POST', '/api/v1/validation-rules', {
        token: admin(),
        body: {
          name: `Tax code ${unique('vr')}`,
          suggestText: 'Ten digits',
          errorText: 'Ten digits, please',
          minLength: 10,
          maxLength: 10,
          regex: '[0-9]+',
          ...fields,
        },
      });
      expectEnvelope(answer, 201);
      // Straight from the table: a rule a Ready form uses refuses the API's delete, whichever cleanup runs first.
      make.onCleanup(() => server.built.database.db.delete(validationRules).where(eq(validationRules.id, answer.body.data!.id)));
      return answer.body.data!;
    },
  };
  return calls;
}
