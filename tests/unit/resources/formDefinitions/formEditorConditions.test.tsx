import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FormSection } from '../../../../contract/forms';
import { signInAs } from '../../sessionFixtures';
import { formRow, mockFormsApi, question, section } from './formsApiMock';
import { renderEditor } from './renderEditor';

/** Rendering the whole editor in jsdom on a busy machine takes seconds; no test asserts a timing. */
const SLOW = 30_000;
const card = (key: string) => screen.getAllByTestId('question').find((element) => element.getAttribute('data-key') === key)!;
const savedSections = (api: ReturnType<typeof mockFormsApi>) => (api.writes.at(-1)?.body as { sections: FormSection[] }).sections;
const conditionAt = (key: string, field: string) =>
  within(card(key))
    .getAllByTestId('condition')
    .find((element) => element.getAttribute('data-field') === `question:${key}:condition${field}`)!;

const questions = () => [
  question('turnover', 'number', { label: 'Annual turnover' }),
  question('foreign', 'yesNo', { label: 'Foreign bank?' }),
  question('swift', 'text', { label: 'SWIFT code' }),
];

describe('conditions joined by AND / OR in the builder', () => {
  it(
    'builds "turnover greater than 1,000,000 and foreign bank is yes" by keyboard, reads it as a sentence, and saves the group',
    async () => {
      const user = userEvent.setup();
      signInAs('admin');
      const form = formRow(1);
      const api = mockFormsApi({ forms: [form], sections: new Map([[form.id, [section('s1', questions())]]]) });
      renderEditor(form);
      await user.click(within(await screen.findByTestId('section-questions')).getAllByTestId('question-toggle')[2]);

      within(card('swift')).getByTestId('add-condition').focus();
      await user.keyboard('{Enter}');
      // The new condition's question takes focus; it starts on the latest earlier question (Foreign bank?).
      await waitFor(() => expect(within(conditionAt('swift', '')).getByTestId('condition-question')).toHaveFocus());
      await user.keyboard('{Enter}');
      await user.keyboard('{ArrowUp}{Enter}');
      await user.tab();
      expect(within(conditionAt('swift', '')).getByTestId('condition-operator')).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
        'is',
        'is not',
        'contains',
        'is less than',
        'is at most',
        'is greater than',
        'is at least',
      ]);
      await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
      await user.tab();
      await user.keyboard('1,000,000');
      await user.tab(); // the condition's remove button
      await user.tab();
      expect(within(card('swift')).getByTestId('condition-add-another')).toHaveFocus();
      await user.keyboard('{Enter}');

      const second = () => conditionAt('swift', '.conditions.1');
      await waitFor(() => expect(within(second()).getByTestId('condition-question')).toHaveFocus());
      expect(within(second()).getByTestId('condition-question')).toHaveTextContent('Foreign bank?');
      await user.tab();
      // A yes/no question is not compared by size: no less / greater than.
      await user.keyboard('{Enter}');
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['is', 'is not', 'contains']);
      await user.keyboard('{Escape}');
      await user.tab();
      expect(within(second()).getByTestId('condition-value')).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Yes', 'No']);
      await user.keyboard('{Enter}');

      expect(within(card('swift')).getAllByTestId('condition-sentence')[0]).toHaveTextContent(
        'Shown when “Annual turnover” is greater than 1,000,000 and “Foreign bank?” is yes',
      );
      await user.click(screen.getByTestId('form-save'));
      await waitFor(() => expect(api.writes).toHaveLength(1));
      expect(savedSections(api)[0].questions[2].condition).toEqual({
        join: 'and',
        conditions: [
          { questionKey: 'turnover', operator: 'gt', value: '1000000' },
          { questionKey: 'foreign', operator: 'is', value: 'yes' },
        ],
      });
    },
    SLOW,
  );

  it(
    "shows the server's error about the second condition of a group at that condition's value",
    async () => {
      const user = userEvent.setup();
      signInAs('admin');
      const form = formRow(1);
      const [turnover, foreign, swift] = questions();
      const condition = {
        join: 'or' as const,
        conditions: [
          { questionKey: 'foreign', operator: 'is' as const, value: 'yes' },
          { questionKey: 'turnover', operator: 'gte' as const, value: '500' },
        ],
      };
      const api = mockFormsApi({ forms: [form], sections: new Map([[form.id, [section('s1', [turnover, foreign, { ...swift, condition }])]]]) });
      renderEditor(form);
      await screen.findAllByTestId('question');
      await user.type(screen.getByTestId('section-title'), '!');
      api.refuseNextSave = { status: 400, errors: [{ field: 'sections[0].questions[2].condition.conditions[1].value', message: 'Not a number' }] };
      await user.click(screen.getByTestId('form-save'));

      const value = await waitFor(() => within(conditionAt('swift', '.conditions.1')).getByTestId('condition-value'));
      await waitFor(() => expect(value).toHaveAttribute('aria-invalid', 'true'));
      expect(value).toHaveAccessibleDescription('Not a number');
      expect(within(conditionAt('swift', '.conditions.0')).getByTestId('condition-value')).not.toHaveAccessibleDescription('Not a number');
    },
    SLOW,
  );

  it(
    'removes one condition of two, leaving the other as the single condition, and the last one leaves none',
    async () => {
      const user = userEvent.setup();
      signInAs('admin');
      const form = formRow(1);
      const [turnover, foreign, swift] = questions();
      const condition = {
        join: 'and' as const,
        conditions: [
          { questionKey: 'foreign', operator: 'is' as const, value: 'yes' },
          { questionKey: 'turnover', operator: 'gte' as const, value: '500' },
        ],
      };
      mockFormsApi({ forms: [form], sections: new Map([[form.id, [section('s1', [turnover, foreign, { ...swift, condition }])]]]) });
      renderEditor(form, 'vi');
      await user.click(within(await screen.findByTestId('section-questions')).getAllByTestId('question-toggle')[2]);
      expect(within(card('swift')).getByTestId('condition-group')).toBeInTheDocument();
      await user.click(within(conditionAt('swift', '.conditions.0')).getByTestId('condition-remove'));
      expect(within(card('swift')).queryByTestId('condition-group')).not.toBeInTheDocument();
      expect(within(card('swift')).getAllByTestId('condition-sentence')[0]).toHaveTextContent('Hiện khi “Annual turnover” tối thiểu là 500');
      await user.click(within(conditionAt('swift', '')).getByTestId('condition-remove'));
      expect(within(card('swift')).queryByTestId('condition')).not.toBeInTheDocument();
      expect(within(card('swift')).getByTestId('add-condition')).toHaveFocus();
    },
    SLOW,
  );
  it(
    'takes a comparison typed in Vietnamese marks and a date from a date input, saving them canonical',
    async () => {
      const user = userEvent.setup();
      signInAs('admin');
      const form = formRow(1);
      const [turnover, , swift] = questions();
      const founded = question('founded', 'date', { label: 'Founded on' });
      const api = mockFormsApi({ forms: [form], sections: new Map([[form.id, [section('s1', [turnover, founded, swift])]]]) });
      renderEditor(form, 'vi');
      await user.click(within(await screen.findByTestId('section-questions')).getAllByTestId('question-toggle')[2]);
      await user.click(within(card('swift')).getByTestId('add-condition'));
      await user.click(within(conditionAt('swift', '')).getByTestId('condition-operator'));
      await user.click(await screen.findByRole('option', { name: 'nhỏ hơn' }));
      await user.type(within(conditionAt('swift', '')).getByTestId('condition-value'), '2020-01-15');
      await user.click(within(card('swift')).getByTestId('condition-add-another'));
      const second = () => conditionAt('swift', '.conditions.1');
      await user.click(within(second()).getByTestId('condition-question'));
      await user.click(await screen.findByRole('option', { name: 'Annual turnover' }));
      await user.click(within(second()).getByTestId('condition-operator'));
      await user.click(await screen.findByRole('option', { name: 'tối thiểu là' }));
      await user.type(within(second()).getByTestId('condition-value'), '1.000.000,5');
      expect(within(card('swift')).getAllByTestId('condition-sentence')[0]).toHaveTextContent(
        'Hiện khi “Founded on” nhỏ hơn 15 thg 1, 2020 và “Annual turnover” tối thiểu là 1.000.000,5',
      );
      await user.click(screen.getByTestId('form-save'));
      await waitFor(() => expect(api.writes).toHaveLength(1));
      expect(savedSections(api)[0].questions[2].condition).toEqual({
        join: 'and',
        conditions: [
          { questionKey: 'founded', operator: 'lt', value: '2020-01-15' },
          { questionKey: 'turnover', operator: 'gte', value: '1000000.5' },
        ],
      });
    },
    SLOW,
  );

  it(
    'adds a group inside the top group, and offers no group inside that one (the contract allows three levels with the conditions)',
    async () => {
      const user = userEvent.setup();
      signInAs('admin');
      const form = formRow(1);
      const [turnover, foreign, swift] = questions();
      const yes = { questionKey: 'foreign', operator: 'is' as const, value: 'yes' };
      const condition = { join: 'and' as const, conditions: [yes, yes] };
      const api = mockFormsApi({ forms: [form], sections: new Map([[form.id, [section('s1', [turnover, foreign, { ...swift, condition }])]]]) });
      renderEditor(form);
      await user.click(within(await screen.findByTestId('section-questions')).getAllByTestId('question-toggle')[2]);
      const groups = () => within(card('swift')).getAllByTestId('condition-group');
      expect(groups()).toHaveLength(1);
      expect(within(groups()[0]).getByTestId('condition-add-group')).toBeEnabled();

      await user.click(within(groups()[0]).getByTestId('condition-add-group'));
      expect(groups()).toHaveLength(2);
      expect(within(groups()[1]).getByTestId('condition-add-group')).toBeDisabled();
      expect(within(groups()[1]).getByText('At most 20 conditions; a group inside a group holds conditions only')).toBeInTheDocument();
      const added = () => conditionAt('swift', '.conditions.2.conditions.0');
      await waitFor(() => expect(within(added()).getByTestId('condition-question')).toHaveFocus());
      await user.click(within(added()).getByTestId('condition-value'));
      await user.click(await screen.findByRole('option', { name: 'No' }));
      await user.click(screen.getByTestId('form-save'));
      await waitFor(() => expect(api.writes).toHaveLength(1));
      expect(savedSections(api)[0].questions[2].condition).toEqual({
        join: 'and',
        conditions: [yes, yes, { join: 'or', conditions: [{ ...yes, value: 'no' }] }],
      });
    },
    SLOW,
  );
});
