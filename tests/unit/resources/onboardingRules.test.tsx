import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { FormDto, OnboardingRuleDto } from '../../../contract/forms';
import type { UpcomingPartnerFormsDto } from '../../../contract/onboardingRules';
import { created, failed, ok } from '../../../mocks/envelopes';
import { server } from '../../../mocks/server';
import OnboardingRulesPage from '../../../src/resources/onboardingRules/OnboardingRulesPage';
import { renderInAdmin } from '../entityTable/renderEntityTable';
import { LOAD } from '../renderWithRouter';
import { signInAs } from '../sessionFixtures';

const KYC = '00000000-0000-4000-8000-00000000d001';
const BANK = '00000000-0000-4000-8000-00000000d002';
const stamp = '2026-01-01T00:00:00.000Z';

const form = (definitionId: string, name: string): FormDto => ({
  id: definitionId.replace('d0', 'e0'),
  definitionId,
  versionNumber: 1,
  name,
  description: '',
  type: '',
  note: '',
  status: 'Ready',
  totalFields: 1,
  requiredFields: 1,
  publishedAt: stamp,
  createdAt: stamp,
  updatedAt: stamp,
});

const RULES: OnboardingRuleDto[] = [
  {
    id: 'r1',
    trigger: 'partnerCreated',
    sourceDefinitionId: null,
    sourceFormName: null,
    targetDefinitionId: KYC,
    targetFormName: 'KYC',
    dueDays: null,
    createdAt: stamp,
    updatedAt: stamp,
  },
  {
    id: 'r2',
    trigger: 'formSubmitted',
    sourceDefinitionId: KYC,
    sourceFormName: 'KYC',
    targetDefinitionId: BANK,
    targetFormName: 'Bank details',
    dueDays: 14,
    createdAt: stamp,
    updatedAt: stamp,
  },
];
const UPCOMING: UpcomingPartnerFormsDto[] = [
  { partnerId: 'p1', partnerName: 'Acme Logistics', items: [{ ruleId: 'r2', after: 'KYC', assign: 'Bank details' }] },
  { partnerId: 'p2', partnerName: 'Globex Trading', items: [] },
];

function withApi(calls: { method: string; body?: unknown; path: string }[] = []) {
  server.use(
    http.post('/api/v1/next-partner-forms/search', () => ok({ items: RULES, totalCount: RULES.length, currentPage: 1, pageSize: 1000 })),
    http.get('/api/v1/next-partner-forms/upcoming', () => ok({ items: UPCOMING, totalCount: 2, currentPage: 1, pageSize: 10 })),
    http.post('/api/v1/forms/search', () => ok({ items: [form(KYC, 'KYC'), form(BANK, 'Bank details')], totalCount: 2, currentPage: 1, pageSize: 1000 })),
    http.post('/api/v1/next-partner-forms', async ({ request }) => {
      const body = await request.json();
      calls.push({ method: 'POST', path: '/next-partner-forms', body });
      return created({ ...RULES[1], id: 'r3', ...(body as object) }, 'Created');
    }),
    http.delete('/api/v1/next-partner-forms/:id', ({ params }) => {
      calls.push({ method: 'DELETE', path: `/next-partner-forms/${String(params.id)}` });
      return ok(RULES[0]);
    }),
  );
}

const render = (language: 'en' | 'vi' = 'en') => renderInAdmin(<OnboardingRulesPage />, { url: '/next-partner-forms', path: '/next-partner-forms', language });

async function choose(label: string, option: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('combobox', { name: new RegExp(label) }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('next partner forms screen', () => {
  it('lists the rules as sentences and, per partner, what comes next', async () => {
    signInAs('admin');
    withApi();
    render();
    const rules = await screen.findByTestId('onboarding-rules', {}, LOAD);
    await waitFor(() => expect(rules).toHaveTextContent('When a partner is created, assign KYC'));
    expect(rules).toHaveTextContent('When a partner submits KYC, assign Bank details');
    const upcoming = screen.getByTestId('upcoming-partner-forms');
    await waitFor(() => expect(upcoming).toHaveTextContent('Acme Logistics'));
    expect(upcoming).toHaveTextContent('after KYC: Bank details');
    expect(upcoming).toHaveTextContent('Nothing more to assign');
  });

  it('adds a "when submitted" rule with forms picked by name', async () => {
    const user = userEvent.setup();
    const calls: { method: string; body?: unknown }[] = [];
    signInAs('admin');
    withApi(calls as never);
    render();
    await user.click(await screen.findByRole('button', { name: 'Add rule' }, LOAD));
    await screen.findByRole('dialog');
    await choose('Submitted form', 'Bank details');
    await choose('Form to assign', 'KYC');
    // Due days outside 1..365 are refused beside the field, nothing sent; 14 goes with the rule.
    const dueDays = screen.getByRole('textbox', { name: 'Due after (days)' });
    await user.type(dueDays, '400');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At most 365')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.clear(dueDays);
    await user.type(dueDays, '14');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls).toEqual([
        { method: 'POST', path: '/next-partner-forms', body: { trigger: 'formSubmitted', sourceDefinitionId: BANK, targetDefinitionId: KYC, dueDays: 14 } },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks no source for a creation rule, and refuses the same form as source and target before any call', async () => {
    const user = userEvent.setup();
    const calls: unknown[] = [];
    signInAs('admin');
    withApi(calls as never);
    render();
    await user.click(await screen.findByRole('button', { name: 'Add rule' }, LOAD));
    await choose('Submitted form', 'KYC');
    await choose('Form to assign', 'KYC');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The form to assign must differ from the submitted form')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await choose('When', 'A partner is created');
    expect(screen.queryByRole('combobox', { name: /Submitted form/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toMatchObject([{ body: { trigger: 'partnerCreated', sourceDefinitionId: null, targetDefinitionId: KYC } }]));
  });

  it('shows the server’s refusal of a duplicate and keeps the dialog open', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    withApi();
    server.use(http.post('/api/v1/next-partner-forms', () => failed(409, 'This onboarding rule already exists')));
    render();
    await user.click(await screen.findByRole('button', { name: 'Add rule' }, LOAD));
    await choose('Submitted form', 'KYC');
    await choose('Form to assign', 'Bank details');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This onboarding rule already exists')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows a server field error beside its picker', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    withApi();
    server.use(
      http.post('/api/v1/next-partner-forms', () => failed(400, 'Some fields are not valid', [{ field: 'targetDefinitionId', message: 'No such form' }])),
    );
    render();
    await user.click(await screen.findByRole('button', { name: 'Add rule' }, LOAD));
    await choose('Submitted form', 'KYC');
    await choose('Form to assign', 'Bank details');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Form to assign/ })).toHaveAccessibleDescription('No such form'));
  });

  it('deletes a rule after confirmation', async () => {
    const user = userEvent.setup();
    const calls: { method: string; path: string }[] = [];
    signInAs('admin');
    withApi(calls as never);
    render();
    const rules = await screen.findByTestId('onboarding-rules', {}, LOAD);
    await waitFor(() => expect(within(rules).getAllByRole('button', { name: 'Delete rule' })).toHaveLength(2));
    await user.click(within(rules).getAllByRole('button', { name: 'Delete rule' })[0]);
    const confirm = within(await screen.findByTestId('confirm-dialog'));
    expect(confirm.getByText(/When a partner is created, assign KYC/)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: /confirm|delete/i }));
    await waitFor(() => expect(calls).toEqual([{ method: 'DELETE', path: '/next-partner-forms/r1' }]));
  });
});
