import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NO_LIMITS, type FormSection } from '../../../../contract/forms';
import formDefinitionsApiEn from '../../../../i18n/formDefinitionsApi.en';
import { signInAs } from '../../sessionFixtures';
import { formRow, mockFormsApi, question, section } from './formsApiMock';
import { renderEditor } from './renderEditor';

/** Rendering the whole editor in jsdom on a busy machine takes seconds; no test asserts a timing. */
const SLOW = 30_000;
const card = (key: string) => screen.getAllByTestId('question').find((element) => element.getAttribute('data-key') === key)!;
const savedSections = (api: ReturnType<typeof mockFormsApi>) => (api.writes.at(-1)?.body as { sections: FormSection[] }).sections;

async function chooseType(user: ReturnType<typeof userEvent.setup>, key: string, typeLabel: string) {
  await user.click(within(card(key)).getByTestId('question-type'));
  await user.click(await screen.findByRole('option', { name: typeLabel }));
}

describe('the limits of typed questions in the builder', () => {
  it(
    'shows the limits of a question once its type is Number, and saves them as canonical decimals typed in Vietnamese marks',
    async () => {
      const user = userEvent.setup();
      signInAs('admin');
      const form = formRow(1);
      const api = mockFormsApi({ forms: [form], sections: new Map([[form.id, [section('s1', [question('area', 'text')])]]]) });
      renderEditor(form, 'vi');
      await user.click(await within(await screen.findByTestId('section-questions')).findByTestId('question-toggle'));
      expect(within(card('area')).queryByTestId('question-limits')).not.toBeInTheDocument();
      await chooseType(user, 'area', 'Số');
      const limits = within(card('area')).getByTestId('question-limits');
      await user.type(within(limits).getByTestId('limits-min'), '0');
      await user.type(within(limits).getByTestId('limits-max'), '1.000.000,5');
      await user.type(within(limits).getByTestId('limits-unit'), 'm²');
      await user.click(screen.getByTestId('form-save'));
      await waitFor(() => expect(api.writes).toHaveLength(1));
      expect(savedSections(api)[0].questions[0]).toMatchObject({ type: 'number', limits: { ...NO_LIMITS, min: '0', max: '1000000.5', unit: 'm²' } });
      expect(within(limits).getByTestId('limits-max')).toHaveValue('1.000.000,5');
    },
    SLOW,
  );

  it(
    'refuses to save a maximum below the minimum, saying so by the maximum',
    async () => {
      const user = userEvent.setup();
      signInAs('admin');
      const form = formRow(1);
      const api = mockFormsApi({ forms: [form], sections: new Map([[form.id, [section('s1', [question('staff', 'number')])]]]) });
      renderEditor(form);
      await user.click(await within(await screen.findByTestId('section-questions')).findByTestId('question-toggle'));
      await user.type(within(card('staff')).getByTestId('limits-min'), '10');
      await user.type(within(card('staff')).getByTestId('limits-max'), '5');
      await user.click(screen.getByTestId('form-save'));
      const max = within(card('staff')).getByTestId('limits-max');
      await waitFor(() => expect(max).toHaveAttribute('aria-invalid', 'true'));
      expect(max).toHaveAccessibleDescription(formDefinitionsApiEn.formDefinitionsApi.limitMaxBelowMin);
      expect(api.writes).toEqual([]);
    },
    SLOW,
  );

  it(
    'drops the limits of a number question whose type becomes Text',
    async () => {
      const user = userEvent.setup();
      signInAs('admin');
      const form = formRow(1);
      const number = question('staff', 'number', { limits: { ...NO_LIMITS, min: '1', max: '50', integer: true, unit: 'people' } });
      const api = mockFormsApi({ forms: [form], sections: new Map([[form.id, [section('s1', [number])]]]) });
      renderEditor(form);
      await user.click(await within(await screen.findByTestId('section-questions')).findByTestId('question-toggle'));
      expect(within(card('staff')).getByTestId('limits-max')).toHaveValue('50');
      await chooseType(user, 'staff', 'Text');
      expect(within(card('staff')).queryByTestId('question-limits')).not.toBeInTheDocument();
      await user.click(screen.getByTestId('form-save'));
      await waitFor(() => expect(api.writes).toHaveLength(1));
      expect(savedSections(api)[0].questions[0]).toMatchObject({ type: 'text', limits: null });
    },
    SLOW,
  );

  it(
    'keeps the minimum and maximum of a number that becomes an amount of money, and drops its unit',
    async () => {
      const user = userEvent.setup();
      signInAs('admin');
      const form = formRow(1);
      const number = question('fee', 'number', { limits: { ...NO_LIMITS, min: '1', max: '50', unit: 'people' } });
      const api = mockFormsApi({ forms: [form], sections: new Map([[form.id, [section('s1', [number])]]]) });
      renderEditor(form);
      await user.click(await within(await screen.findByTestId('section-questions')).findByTestId('question-toggle'));
      await chooseType(user, 'fee', 'Amount of money');
      await user.click(screen.getByTestId('form-save'));
      await waitFor(() => expect(api.writes).toHaveLength(1));
      expect(savedSections(api)[0].questions[0].limits).toEqual({ ...NO_LIMITS, min: '1', max: '50' });
    },
    SLOW,
  );

  it(
    "saves a date question's earliest day and 'after today', and the currencies an amount offers",
    async () => {
      const user = userEvent.setup();
      signInAs('admin');
      const form = formRow(1);
      const api = mockFormsApi({
        forms: [form],
        sections: new Map([[form.id, [section('s1', [question('starts', 'date'), question('capital', 'currency')])]]]),
      });
      renderEditor(form);
      const toggles = within(await screen.findByTestId('section-questions')).getAllByTestId('question-toggle');
      await user.click(toggles[0]);
      await user.click(toggles[1]);
      await user.type(within(card('starts')).getByTestId('limits-min'), '2026-01-01');
      await user.click(within(card('starts')).getByTestId('limits-relative'));
      await user.click(await screen.findByRole('option', { name: 'After today' }));
      const currencies = within(card('capital')).getByTestId('limits-currencies');
      await user.type(currencies, 'VND');
      await user.click(await screen.findByRole('option', { name: 'VND' }));
      await user.type(currencies, 'USD');
      await user.click(await screen.findByRole('option', { name: 'USD' }));
      await user.click(screen.getByTestId('form-save'));
      await waitFor(() => expect(api.writes).toHaveLength(1));
      const [starts, capital] = savedSections(api)[0].questions;
      expect(starts.limits).toEqual({ ...NO_LIMITS, min: '2026-01-01', relative: 'future' });
      expect(capital.limits).toEqual({ ...NO_LIMITS, currencies: ['VND', 'USD'] });
    },
    SLOW,
  );
});
