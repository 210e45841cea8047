import { http, HttpResponse } from 'msw';
import type { SearchRequest } from '../../../../contract/envelope';
import type { FormDto, FormQuestion, FormSection, PartnerFormDto, PartnerFormSectionDto } from '../../../../contract/forms';
import { ROLE_NAMES } from '../../../../contract/roles';
import { adminClaims, permissionsOfRole } from '../../../../mocks/accounts';
import { failed, ok } from '../../../../mocks/envelopes';
import { mockApi } from '../../../../mocks/handlers';
import { server } from '../../../../mocks/server';
import { saveCredentials, savePermissions } from '../../../../src/providers/session/sessionStorage';

/** The partner forms API as the staff screens call it, holding rows the tests make and the requests they send. */

const STAMP = '2025-03-01T10:00:00.000Z';
export const ACME = '00000000-0000-4000-9000-000000000001';
export const GLOBEX = '00000000-0000-4000-9000-000000000002';
export const INITECH = '00000000-0000-4000-9000-000000000003';
const PARTNER_NAMES: Record<string, string> = { [ACME]: 'Acme Logistics', [GLOBEX]: 'Globex Trading', [INITECH]: 'Initech Supplies' };

export const READY_FORM: FormDto = {
  id: 'f0000000-0000-4000-8000-000000000002',
  definitionId: 'd0000000-0000-4000-8000-000000000001',
  versionNumber: 2,
  name: 'Company profile',
  description: '',
  type: 'onboarding',
  note: '',
  status: 'Ready',
  totalFields: 3,
  requiredFields: 2,
  publishedAt: STAMP,
  createdAt: STAMP,
  updatedAt: STAMP,
};

const question = (key: string, label: string, type: FormQuestion['type'] = 'text', required = true): FormQuestion => ({
  key,
  type,
  label,
  help: '',
  required,
  options: [],
  ruleId: null,
  rule: null,
  condition: null,
  children: [],
});

export const SECTIONS: FormSection[] = [
  { key: 'company', title: 'Company', questions: [question('companyName', 'Company name'), question('taxNumber', 'Tax number')] },
  { key: 'documents', title: 'Documents', questions: [question('licence', 'Business licence', 'file', false)] },
];

export function partnerFormOf(overrides: Partial<PartnerFormDto> & { id: string }): PartnerFormDto {
  const partnerId = overrides.partnerId ?? ACME;
  return {
    partnerId,
    partnerName: PARTNER_NAMES[partnerId] ?? 'Partner',
    formId: 'f0000000-0000-4000-8000-000000000001',
    definitionId: READY_FORM.definitionId,
    formName: 'Company profile',
    formVersionNumber: 1,
    status: 'OPEN',
    note: '',
    totalFields: 3,
    requiredFields: 2,
    filledCount: 0,
    outdated: false,
    sections: SECTIONS.map(({ key, title }) => ({ key, title })),
    submittedAt: null,
    dueAt: null,
    createdAt: STAMP,
    updatedAt: STAMP,
    version: '1',
    ...overrides,
  };
}

export const partnerFormsMock = {
  rows: [] as PartnerFormDto[],
  answers: {
    companyName: 'Acme Logistics JSC',
    taxNumber: '031234567',
    licence: { id: 'file-1', name: 'licence.pdf', type: 'application/pdf', size: 2048 },
  } as PartnerFormSectionDto['answers'],
  comments: {} as Record<string, string>,
  /** Partners that already hold the ready form open: assigning skips them. */
  alreadyOpen: new Set<string>(),
  /** Outcomes of a migration other than success, by partner form id. */
  outcomes: new Map<string, string>(),
  sent: [] as { method: string; path: string; query: URLSearchParams; body: unknown }[],
};

const sentBodies = (path: string) => partnerFormsMock.sent.filter((s) => s.path === path).map((s) => s.body);
export const bodiesSentTo = sentBodies;

async function remember(request: Request) {
  const body = request.method === 'GET' ? undefined : await request.clone().json();
  const url = new URL(request.url);
  partnerFormsMock.sent.push({ method: request.method, path: url.pathname, query: url.searchParams, body });
  return body;
}

const sectionOf = (row: PartnerFormDto, key: string): PartnerFormSectionDto | null => {
  const section = SECTIONS.find((s) => s.key === key);
  if (!section) return null;
  return {
    partnerFormId: row.id,
    status: row.status,
    section,
    sections: SECTIONS.map((s) => ({ key: s.key, title: s.title, filled: s.questions.length, total: s.questions.length, errors: 0 })),
    answers: partnerFormsMock.answers,
    comments: partnerFormsMock.comments,
    updatedAt: row.updatedAt,
  };
};

const findRow = (id: unknown) => partnerFormsMock.rows.find((row) => row.id === id);

/** Installs the handlers with `rows` in the list; call in each test before rendering. */
export function usePartnerFormsApi(rows: PartnerFormDto[]) {
  partnerFormsMock.rows = rows.map((row) => ({ ...row }));
  partnerFormsMock.comments = {};
  partnerFormsMock.alreadyOpen = new Set();
  partnerFormsMock.outcomes = new Map();
  partnerFormsMock.sent = [];
  server.use(
    // First: GET /partner-forms/export must not be taken for GET /partner-forms/:id.
    http.get('/api/v1/partner-forms/export', async ({ request }) => {
      await remember(request);
      return new HttpResponse('partner,form,status\r\nAcme Logistics,Company profile,OPEN\r\n', {
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="partner-forms.csv"', 'x-total-count': '1' },
      });
    }),
    http.get('/api/v1/partner-forms/:id/files/:fileId', async ({ request, params }) => {
      await remember(request);
      if (params.fileId === 'missing') return failed(404, 'The file was not found.');
      return new HttpResponse('%PDF-1.4', { headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="licence.pdf"' } });
    }),
    http.get('/api/v1/partner-forms/:id/reviews', () => ok([])),
    http.post('/api/v1/partner-forms/search', async ({ request }) => {
      const search = (await remember(request)) as SearchRequest;
      const keyword = search.advancedSearch?.keyword?.toLowerCase() ?? '';
      const items = partnerFormsMock.rows.filter(
        (row) =>
          (!search.status || row.status === search.status) &&
          (!search.partnerId || row.partnerId === search.partnerId) &&
          `${row.formName} ${row.partnerName}`.toLowerCase().includes(keyword),
      );
      // Rows of a search carry no outline: only GET /partner-forms/{id} does.
      return ok({
        items: items.map(({ sections: _outline, ...row }) => row),
        totalCount: items.length,
        currentPage: search.pageNumber,
        pageSize: search.pageSize,
      });
    }),
    http.post('/api/v1/partner-forms/assign', async ({ request }) => {
      const body = (await remember(request)) as { formId: string; partnerIds: string[] };
      const assigned = body.partnerIds
        .filter((id) => !partnerFormsMock.alreadyOpen.has(id))
        .map((partnerId, index) => partnerFormOf({ id: `a0000000-0000-4000-8000-00000000000${index}`, partnerId, formId: body.formId, formVersionNumber: 2 }));
      partnerFormsMock.rows = [...partnerFormsMock.rows, ...assigned];
      const skipped = body.partnerIds.filter((id) => partnerFormsMock.alreadyOpen.has(id)).map((partnerId) => ({ partnerId, reason: 'alreadyOpen' }));
      return ok({ assigned, skipped });
    }),
    http.post('/api/v1/partner-forms/migrate', async ({ request }) => {
      const body = (await remember(request)) as { ids: string[]; action: 'migrate' | 'keep' | 'reopen' };
      const done = { migrate: 'migrated', keep: 'kept', reopen: 'reopened' }[body.action];
      return ok(body.ids.map((id) => ({ id, action: body.action, outcome: partnerFormsMock.outcomes.get(id) ?? done })));
    }),
    http.get('/api/v1/partner-forms/:id', async ({ request, params }) => {
      await remember(request);
      const row = findRow(params.id);
      return row ? ok(row) : failed(404, 'Sorry, data not found!');
    }),
    http.get('/api/v1/partner-forms/:id/sections/:key', async ({ request, params }) => {
      await remember(request);
      const row = findRow(params.id);
      const section = row && sectionOf(row, String(params.key));
      return section ? ok(section) : failed(404, 'Sorry, data not found!');
    }),
    http.get('/api/v1/partner-forms/:id/version-changes', async ({ request, params }) => {
      await remember(request);
      const row = findRow(params.id);
      if (!row) return failed(404, 'Sorry, data not found!');
      return ok({
        fromForm: { id: row.formId, versionNumber: row.formVersionNumber },
        toForm: { id: READY_FORM.id, versionNumber: READY_FORM.versionNumber },
        addedRequired: [{ key: 'vatNumber', label: 'VAT number' }],
        removed: [{ key: 'fax', label: 'Fax number' }],
        changedRules: [{ key: 'taxNumber', label: 'Tax number' }],
        changedTypes: [],
      });
    }),
    http.post('/api/v1/partner-forms/:id/:change', async ({ request, params }) => {
      const body = (await remember(request)) as { comments?: Record<string, string> };
      const row = findRow(params.id);
      if (!row) return failed(404, 'Sorry, data not found!');
      if (params.change === 'reopen') partnerFormsMock.comments = body.comments ?? {};
      row.status = params.change === 'lock' ? 'LOCKED' : 'OPEN';
      return ok(row);
    }),
    http.post('/api/v1/forms/search', async ({ request }) => {
      await remember(request);
      return ok({ items: [READY_FORM], totalCount: 1, currentPage: 1, pageSize: 100 });
    }),
  );
}

/** Signs in as the demo Support account: it reads every partner's forms but may not change them or assign. */
export function signInAsSupport() {
  const claims = {
    ...adminClaims,
    sub: '00000000-0000-4000-8000-000000000002',
    fullName: 'Sam Support',
    email: 'support@example.com',
    role: ROLE_NAMES.support,
  };
  saveCredentials(mockApi.issue(claims));
  savePermissions(permissionsOfRole(claims.role));
}
