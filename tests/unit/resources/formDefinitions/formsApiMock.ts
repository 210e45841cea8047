import { http } from 'msw';
import type { PagedResult } from '../../../../contract/envelope';
import type { FieldError } from '../../../../contract/envelope';
import type { FormDto, FormQuestion, FormSection, FormStatus, QuestionType, ValidationRuleDto } from '../../../../contract/forms';
import { failed, ok } from '../../../../mocks/envelopes';
import { server } from '../../../../mocks/server';

const STAMP = '2025-05-01T09:00:00.000Z';

export function formRow(n: number, over: Partial<FormDto> = {}): FormDto {
  return {
    id: `00000000-0000-4000-f000-${String(n).padStart(12, '0')}`,
    definitionId: `00000000-0000-4000-e000-${String(n).padStart(12, '0')}`,
    versionNumber: 1,
    name: `Form ${n}`,
    description: '',
    type: 'Onboarding',
    note: '',
    status: 'Editing',
    totalFields: 3,
    requiredFields: 1,
    publishedAt: null,
    createdAt: STAMP,
    updatedAt: STAMP,
    version: '1',
    ...over,
  };
}

export const question = (key: string, type: QuestionType, over: Partial<FormQuestion> = {}): FormQuestion => ({
  key,
  type,
  label: `Question ${key}`,
  help: '',
  required: false,
  options: type === 'select' || type === 'multiple' ? ['Red', 'Blue'] : [],
  ruleId: null,
  rule: null,
  condition: null,
  children: [],
  ...over,
});

export const section = (key: string, questions: FormQuestion[], title = `Section ${key}`): FormSection => ({ key, title, questions });

export const ruleRow = (n: number, name: string): ValidationRuleDto => ({
  id: `00000000-0000-4000-a000-${String(n).padStart(12, '0')}`,
  name,
  suggestText: `${name} hint`,
  errorText: `${name} error`,
  minLength: null,
  maxLength: null,
  regex: null,
  deleted: false,
  createdAt: STAMP,
  updatedAt: STAMP,
});

interface Write {
  method: string;
  path: string;
  ifMatch: string | null;
  body: unknown;
}

/**
 * The /forms API as the builder's tests need it (api9.md "forms"): search by status and keyword, counts, one
 * version with its sections (ETag in `version`), saves with If-Match. `refuseNextSave` answers the next
 * sections save with that status (and field errors).
 */
export function mockFormsApi({ forms = [formRow(1)], sections = new Map<string, FormSection[]>(), rules = [ruleRow(1, 'Tax number')] } = {}) {
  const state = {
    forms,
    sections,
    writes: [] as Write[],
    searches: [] as Record<string, unknown>[],
    refuseNextSave: null as null | { status: number; errors?: FieldError[] },
  };
  const find = (id: string) => state.forms.find((form) => form.id === id);
  const bump = (form: FormDto) => Object.assign(form, { version: String(Number(form.version) + 1) });
  server.use(
    http.get('/api/v1/forms/counts', () => {
      const counts = { Editing: 0, Ready: 0, Outdate: 0 } as Record<FormStatus, number>;
      for (const form of state.forms) counts[form.status] += 1;
      return ok(counts);
    }),
    http.post('/api/v1/forms/search', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown> & { pageNumber: number; pageSize: number; advancedSearch?: { keyword?: string } };
      state.searches.push(body);
      const keyword = body.advancedSearch?.keyword?.toLowerCase() ?? '';
      const items = state.forms.filter((form) => (!body.status || form.status === body.status) && form.name.toLowerCase().includes(keyword));
      const page: PagedResult<FormDto> = { items, totalCount: items.length, currentPage: body.pageNumber, pageSize: body.pageSize };
      return ok(page);
    }),
    http.get('/api/v1/forms/:id', ({ params }) => {
      const form = find(String(params.id));
      return form ? ok(form) : failed(404, 'Sorry, data not found!');
    }),
    http.get('/api/v1/forms/:id/sections', ({ params }) => {
      const form = find(String(params.id));
      if (!form) return failed(404, 'Sorry, data not found!');
      return ok({ formId: form.id, status: form.status, sections: state.sections.get(form.id) ?? [], version: form.version });
    }),
    http.put('/api/v1/forms/:id/sections', async ({ request, params }) => {
      const form = find(String(params.id))!;
      const body = (await request.json()) as { sections: FormSection[] };
      state.writes.push({ method: 'PUT', path: `sections`, ifMatch: request.headers.get('if-match'), body });
      const refusal = state.refuseNextSave;
      state.refuseNextSave = null;
      if (refusal)
        return failed(
          refusal.status,
          refusal.status === 412 ? 'Someone else changed this record after you opened it; nothing was saved' : 'Invalid',
          refusal.errors,
        );
      if (request.headers.get('if-match') !== `"${form.version}"`) return failed(412, 'stale');
      state.sections.set(form.id, body.sections);
      bump(form);
      return ok({ formId: form.id, status: form.status, sections: body.sections, version: form.version });
    }),
    http.post('/api/v1/forms', async ({ request }) => {
      const body = (await request.json()) as Pick<FormDto, 'name' | 'description' | 'type' | 'note'>;
      state.writes.push({ method: 'POST', path: 'forms', ifMatch: null, body });
      if (state.forms.some((form) => form.name === body.name)) return failed(400, 'Invalid', [{ field: 'name', message: 'This name is taken' }]);
      const form = formRow(state.forms.length + 1, { ...body, totalFields: 0, requiredFields: 0 });
      state.forms.push(form);
      return ok(form, 'Created');
    }),
    http.patch('/api/v1/forms/:id', async ({ request, params }) => {
      const form = find(String(params.id))!;
      const body = (await request.json()) as Partial<FormDto>;
      state.writes.push({ method: 'PATCH', path: 'form', ifMatch: request.headers.get('if-match'), body });
      if (request.headers.get('if-match') !== `"${form.version}"`) return failed(412, 'stale');
      return ok(bump(Object.assign(form, body)));
    }),
    http.post('/api/v1/forms/:id/publish', ({ params }) => {
      const form = find(String(params.id))!;
      state.writes.push({ method: 'POST', path: 'publish', ifMatch: null, body: null });
      for (const other of state.forms) if (other.definitionId === form.definitionId && other.status === 'Ready') other.status = 'Outdate';
      bump(Object.assign(form, { status: 'Ready' }));
      return ok(form, 'Published');
    }),
    http.post('/api/v1/forms/:id/new-version', ({ params }) => {
      const form = find(String(params.id))!;
      const copy = { ...form, id: `${form.id.slice(0, -3)}999`, status: 'Editing' as const, versionNumber: form.versionNumber + 1, version: '1' };
      state.forms.push(copy);
      state.sections.set(copy.id, state.sections.get(form.id) ?? []);
      return ok(copy, 'Created');
    }),
    http.post('/api/v1/validation-rules/search', () => ok({ items: rules, totalCount: rules.length, currentPage: 1, pageSize: 25 })),
  );
  return state;
}
