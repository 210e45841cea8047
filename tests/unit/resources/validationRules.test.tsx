import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ValidationRuleDto } from '../../../contract/forms';
import { created, ok } from '../../../mocks/envelopes';
import { server } from '../../../mocks/server';
import validationRules from '../../../src/resources/validationRules/validationRuleTable';
import { renderInAdmin } from '../entityTable/renderEntityTable';
import { EntityTableScreen } from '../../../src/entityTable/EntityTableScreen';
import { LOAD } from '../renderWithRouter';
import { signInAs } from '../sessionFixtures';

const RULE: ValidationRuleDto = {
  id: '00000000-0000-4000-8000-00000000a001',
  name: 'Tax number',
  suggestText: 'Ten digits, no spaces',
  errorText: 'The tax number has ten digits',
  minLength: 10,
  maxLength: 10,
  regex: '[0-9]+',
  deleted: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 'v1',
};

function withRules(posted: unknown[] = []) {
  server.use(
    http.post('/api/v1/validation-rules/search', () => ok({ items: [RULE], totalCount: 1, currentPage: 1, pageSize: 10 })),
    http.get('/api/v1/validation-rules/:id', () => ok(RULE)),
    http.post('/api/v1/validation-rules', async ({ request }) => {
      const body = (await request.json()) as object;
      posted.push(body);
      return created({ ...RULE, ...body, id: '00000000-0000-4000-8000-00000000a002' }, 'Created');
    }),
  );
}

const render = (language: 'en' | 'vi' = 'en', url = '/validation-rules') =>
  renderInAdmin(<EntityTableScreen resource={validationRules} basePath="/validation-rules" />, { url, path: '/validation-rules/:id?', language });

async function openCreate() {
  const user = userEvent.setup();
  await user.click(await screen.findByTestId('entity-add', {}, LOAD));
  return within(await screen.findByTestId('entity-form-dialog'));
}

/** Regexes hold `[` and `{`, which `user.type` reads as key names. */
async function pasteInto(input: HTMLElement, text: string) {
  const user = userEvent.setup();
  await user.click(input);
  await user.paste(text);
}

const verdict = () => screen.getByTestId('rule-verdict');

describe('validation rules screen', () => {
  it('lists name, suggest text, error text, lengths and regex', async () => {
    signInAs('admin');
    withRules();
    render();
    const row = await screen.findByTestId('entity-row', {}, LOAD);
    for (const text of ['Tax number', 'Ten digits, no spaces', 'The tax number has ten digits', '10', '[0-9]+']) expect(row).toHaveTextContent(text);
  });

  it('tries a sample live: the rule’s error text while it fails, "passes" once it fits, the suggest text as its hint', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    withRules();
    render('en', `/validation-rules/${RULE.id}`);
    const dialog = within(await screen.findByTestId('entity-form-dialog', {}, LOAD));
    await waitFor(() => expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Tax number'));
    expect(verdict()).toHaveTextContent('Type a sample answer');
    const sample = dialog.getByTestId('rule-sample');
    await user.type(sample, '12345');
    expect(verdict()).toHaveTextContent('The tax number has ten digits');
    await user.type(sample, '67890');
    expect(verdict()).toHaveTextContent('This answer passes the rule.');
    expect(dialog.getByText('Ten digits, no spaces', { selector: 'p' })).toBeInTheDocument();
    await user.type(sample, 'x');
    expect(verdict()).toHaveTextContent('The tax number has ten digits');
  });

  it('follows the rule as it is typed: a new regex, and a warning while it does not compile', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    withRules();
    render();
    const dialog = await openCreate();
    await pasteInto(dialog.getByRole('textbox', { name: 'Regex' }), '[A-Z]{2}');
    await user.type(dialog.getByTestId('rule-sample'), 'VN');
    expect(verdict()).toHaveTextContent('This answer passes the rule.');
    await user.type(dialog.getByTestId('rule-sample'), 'x');
    expect(verdict()).toHaveTextContent('The answer does not have the expected form');
    await pasteInto(dialog.getByRole('textbox', { name: 'Regex' }), '(');
    expect(verdict()).toHaveTextContent('This pattern does not compile');
  });

  it('refuses a regex that does not compile before any call, on the field', async () => {
    const user = userEvent.setup();
    const posted: unknown[] = [];
    signInAs('admin');
    withRules(posted);
    render();
    const dialog = await openCreate();
    await user.type(dialog.getByRole('textbox', { name: 'Name' }), 'Broken');
    await pasteInto(dialog.getByRole('textbox', { name: 'Regex' }), '(?=a)');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog.getByRole('textbox', { name: 'Regex' })).toHaveAttribute('aria-invalid', 'true'));
    expect(posted).toEqual([]);
    await user.clear(dialog.getByRole('textbox', { name: 'Regex' }));
    await pasteInto(dialog.getByRole('textbox', { name: 'Regex' }), '[a-z]+');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toMatchObject([{ name: 'Broken', regex: '[a-z]+' }]));
  });

  it('speaks Vietnamese to a Vietnamese reader', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    withRules();
    render('vi');
    const dialog = await openCreate();
    await user.type(dialog.getByRole('spinbutton', { name: 'Độ dài tối thiểu' }), '3');
    await user.type(dialog.getByTestId('rule-sample'), 'ab');
    expect(verdict()).toHaveTextContent('Ít nhất 3 ký tự');
  });
});
