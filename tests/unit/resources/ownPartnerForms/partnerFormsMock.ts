import { http, HttpResponse } from 'msw';
import { formAnswerErrors, formProgress } from '../../../../contract/answers';
import type { Answers, FormSection, PartnerFormDto, PartnerFormSectionDto, PartnerFormStatus } from '../../../../contract/forms';
import { failed, ok } from '../../../../mocks/envelopes';
import { server } from '../../../../mocks/server';
import { question, taxRule, when } from '../../components/questions/questionFixtures';

export const FORM_ID = '00000000-0000-4000-a000-0000000000f1';
const STAMP = '2025-03-01T09:00:00.000Z';

/** Company (name, tax number with a rule) then Bank (has an account? then its IBAN). */
export const sections: FormSection[] = [
  {
    key: 'company',
    title: 'Company',
    questions: [
      question('name', 'text', { label: 'Company name', required: true }),
      question('tax', 'text', { label: 'Tax number', required: true, rule: taxRule }),
    ],
  },
  {
    key: 'bank',
    title: 'Bank',
    questions: [
      question('hasBank', 'yesNo', { label: 'Bank account', required: true }),
      question('iban', 'text', { label: 'IBAN', required: true, condition: when('hasBank', 'is', 'yes') }),
    ],
  },
];

/** The partner form API as the server answers it, holding one partner form; tests read `saves` and set `failSaves`. */
export function mockPartnerForms({
  answers = {},
  status = 'OPEN',
  comments = {},
  review = null,
  note = 'Please complete by Friday',
}: { answers?: Answers; status?: PartnerFormStatus; comments?: Record<string, string>; review?: PartnerFormDto['review']; note?: string } = {}) {
  const state = {
    answers: { ...answers },
    status,
    saves: [] as Answers[],
    submits: [] as Answers[],
    /** 'error': the server answers 500; 'network': it cannot be reached. */
    failSaves: null as null | 'error' | 'network',
  };
  const progress = () => formProgress(sections, state.answers);
  const dto = (): PartnerFormDto => ({
    id: FORM_ID,
    partnerId: 'p1',
    partnerName: 'Acme Logistics',
    formId: 'v1',
    definitionId: 'd1',
    formName: 'Supplier onboarding',
    formVersionNumber: 2,
    status: state.status,
    note,
    totalFields: progress().total,
    requiredFields: progress().required,
    filledCount: progress().filled,
    outdated: false,
    review,
    sections: sections.map(({ key, title }) => ({ key, title })),
    submittedAt: state.status === 'SUBMITTED' ? STAMP : null,
    dueAt: null,
    createdAt: STAMP,
    updatedAt: STAMP,
  });
  const sectionDto = (key: string): PartnerFormSectionDto | null => {
    const section = sections.find((candidate) => candidate.key === key);
    if (!section) return null;
    const { sections: perSection } = progress();
    return {
      partnerFormId: FORM_ID,
      status: state.status,
      section,
      sections: perSection.map(({ key: sectionKey, title, filled, total, errors }) => ({ key: sectionKey, title, filled, total, errors })),
      answers: { ...state.answers },
      comments,
      updatedAt: STAMP,
    };
  };
  const notFound = () => failed(404, 'Sorry, data not found!');

  server.use(
    http.post('/api/v1/partner-forms/search', async ({ request }) => {
      const body = (await request.json()) as { status?: string };
      const items = [dto()].filter((row) => !body.status || row.status === body.status);
      return ok({ items, totalCount: items.length, pageNumber: 1, pageSize: 10 });
    }),
    http.get('/api/v1/partner-forms/:id', ({ params }) => (params.id === FORM_ID ? ok(dto()) : notFound())),
    http.get('/api/v1/partner-forms/:id/sections/:key', ({ params }) => {
      const found = params.id === FORM_ID ? sectionDto(String(params.key)) : null;
      return found ? ok(found) : notFound();
    }),
    http.put('/api/v1/partner-forms/:id/sections/:key', async ({ request, params }) => {
      if (state.failSaves === 'network') return HttpResponse.error();
      if (state.failSaves === 'error') return failed(500, 'Internal server error');
      const { answers: sent } = (await request.json()) as { answers: Answers };
      state.saves.push(sent);
      state.answers = { ...state.answers, ...sent };
      return ok(sectionDto(String(params.key)));
    }),
    http.post('/api/v1/partner-forms/:id/submit', async ({ request }) => {
      const { answers: sent = {} } = (await request.json()) as { answers?: Answers };
      state.submits.push(sent);
      const merged = { ...state.answers, ...sent };
      const errors = formAnswerErrors(sections, merged);
      if (errors.length)
        return failed(
          400,
          'Please fix all validation errors before submitting.',
          errors.map(({ field }) => ({ field, message: `Server: ${field} is wrong` })),
        );
      state.answers = merged;
      state.status = 'SUBMITTED';
      return ok(dto());
    }),
  );
  return state;
}
