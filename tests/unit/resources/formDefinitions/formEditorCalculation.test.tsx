import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FormSection } from '../../../../contract/forms';
import formDefinitionsApiEn from '../../../../i18n/formDefinitionsApi.en';
import { signInAs } from '../../sessionFixtures';
import { formRow, mockFormsApi, question, section } from './formsApiMock';
import { renderEditor } from './renderEditor';

/** Rendering the whole editor in jsdom on a busy machine takes seconds; no test asserts a timing. */
const SLOW = 30_000;
const card = (key: string) => screen.getAllByTestId('question').find((element) => element.getAttribute('data-key') === key)!;
const savedSections = (api: ReturnType<typeof mockFormsApi>) => (api.writes.at(-1)?.body as { sections: FormSection[] }).sections;

describe('a calculated question in the builder', () => {
  it(
    'takes an expression over earlier answers, lists what it reads, refuses a text answer in it and saves once fixed',
    async () => {
      const user = userEvent.setup();
      signInAs('admin');
      const form = formRow(1);
      const sections = [section('s1', [question('monthly', 'number'), question('name', 'text'), question('yearly', 'text')])];
      const api = mockFormsApi({ forms: [form], sections: new Map([[form.id, sections]]) });
      renderEditor(form);
      await screen.findByTestId('section-questions');
      await user.click(within(card('yearly')).getByTestId('question-toggle'));
      await user.click(within(card('yearly')).getByTestId('question-type'));
      await user.click(await screen.findByRole('option', { name: 'Calculated value' }));
      const expression = within(card('yearly')).getByTestId('calculation-expression');
      await user.type(expression, '{{monthly} * 12 + {{name}');
      expect(within(card('yearly')).getByTestId('calculation-reads')).toHaveTextContent('Question monthly');
      expect(within(card('yearly')).getByTestId('calculation-reads')).toHaveTextContent('Question name');
      await user.click(screen.getByTestId('form-save'));
      await waitFor(() => expect(expression).toHaveAttribute('aria-invalid', 'true'));
      expect(expression).toHaveAccessibleDescription(formDefinitionsApiEn.formDefinitionsApi.calculationNotNumber);
      expect(api.writes).toEqual([]);
      await user.clear(expression);
      await user.type(expression, '{{monthly} * 12');
      await user.click(screen.getByTestId('form-save'));
      await waitFor(() => expect(api.writes).toHaveLength(1));
      expect(savedSections(api)[0].questions[2]).toMatchObject({
        type: 'calculated',
        required: false,
        calculation: { expression: '{monthly} * 12', decimals: 2 },
      });
    },
    SLOW,
  );
});
