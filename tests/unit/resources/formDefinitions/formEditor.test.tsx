import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { QUESTION_TYPES, type FormSection } from '../../../../contract/forms';
import { FORM_KEY_PATTERN } from '../../../../contract/schemas/formDefinitions';
import { signInAs } from '../../sessionFixtures';
import { formRow, mockFormsApi, question, section } from './formsApiMock';
import { renderEditor } from './renderEditor';

/** Rendering the whole editor in jsdom on a busy machine takes seconds; no test asserts a timing. */
const SLOW = 30_000;
const card = (key: string) => screen.getAllByTestId('question').find((element) => element.getAttribute('data-key') === key)!;
const savedSections = (api: ReturnType<typeof mockFormsApi>) => (api.writes.at(-1)?.body as { sections: FormSection[] }).sections;

describe('the form builder', () => {
  it.each(QUESTION_TYPES)(
    'adds a %s question with a new key of its own, opened for its label',
    async (type) => {
      const user = userEvent.setup();
      signInAs('admin');
      const form = formRow(1);
      const api = mockFormsApi({ forms: [form], sections: new Map([[form.id, [section('s1', [question('first', 'text')])]]]) });
      renderEditor(form);
      await user.click(await screen.findByTestId('add-question'));
      await user.click(await screen.findByTestId(`add-question-${type}`));
      const added = screen.getAllByTestId('question')[1];
      expect(added).toHaveAttribute('data-type', type);
      expect(added.getAttribute('data-key')).toMatch(FORM_KEY_PATTERN);
      expect(added.getAttribute('data-key')).not.toBe('first');
      await waitFor(() => expect(within(added).getByTestId('question-label')).toHaveFocus());
      await user.keyboard('Added');
      if (type === 'select' || type === 'multiple') {
        await user.click(within(added).getByTestId('add-option'));
        await user.type(within(added).getAllByTestId('question-option')[0], 'One');
      }
      if (type === 'calculated') await user.type(within(added).getByTestId('calculation-expression'), '1 + 1');
      await user.click(screen.getByTestId('form-save'));
      await waitFor(() => expect(api.writes).toHaveLength(1));
      expect(savedSections(api)[0].questions[1]).toMatchObject({ type, label: 'Added', key: added.getAttribute('data-key') });
    },
    SLOW,
  );

  it(
    'adds questions of every type but group into a group (one level)',
    async () => {
      const user = userEvent.setup();
      signInAs('admin');
      const form = formRow(1);
      mockFormsApi({ forms: [form], sections: new Map([[form.id, [section('s1', [question('company', 'group', { label: 'Company' })])]]]) });
      renderEditor(form);
      await user.click(within(await screen.findByTestId('section-questions')).getByTestId('question-toggle'));
      await user.click(within(card('company')).getByTestId('add-child-question'));
      expect(screen.queryByTestId('add-question-group')).not.toBeInTheDocument();
      await user.click(screen.getByTestId('add-question-yesNo'));
      const children = within(within(card('company')).getByTestId('group-questions')).getAllByTestId('question');
      expect(children.map((child) => child.getAttribute('data-type'))).toEqual(['yesNo']);
    },
    SLOW,
  );
  it(
    'offers a condition only on questions that come before, and says so when there are none',
    async () => {
      const user = userEvent.setup();
      signInAs('admin');
      const form = formRow(1);
      const sections = [
        section('s1', [question('first', 'text'), question('colour', 'select')]),
        section('s2', [question('third', 'yesNo'), question('last', 'text')]),
      ];
      mockFormsApi({ forms: [form], sections: new Map([[form.id, sections]]) });
      renderEditor(form);
      await screen.findAllByTestId('question');

      await user.click(within(card('first')).getByTestId('question-toggle'));
      expect(within(card('first')).getByTestId('condition-none')).toHaveTextContent('A condition looks at an earlier question');

      await user.click(within(card('third')).getByTestId('question-toggle'));
      await user.click(within(card('third')).getByTestId('add-condition'));
      await user.click(within(card('third')).getByTestId('condition-question'));
      const offered = (await screen.findAllByTestId('condition-question-option')).map((option) => option.textContent);
      expect(offered).toEqual(['Question first', 'Question colour']);
      // The value of a condition on a select question is one of its options.
      await user.click(screen.getByRole('option', { name: 'Question colour' }));
      await user.click(within(within(card('third')).getByTestId('condition')).getByRole('combobox', { name: 'Value' }));
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Red', 'Blue']);
    },
    SLOW,
  );

  it(
    'shows a Ready version read-only with the warning, and offers a new version instead of Save',
    async () => {
      signInAs('admin');
      const form = formRow(1, { status: 'Ready' });
      mockFormsApi({ forms: [form], sections: new Map([[form.id, [section('s1', [question('first', 'text')])]]]) });
      renderEditor(form);
      expect(await screen.findByTestId('form-read-only')).toHaveTextContent('Only Editing allows changes: this version is Ready, so the form is read-only.');
      expect(screen.getByTestId('section-title')).toBeDisabled();
      expect(screen.getByTestId('form-name')).toBeDisabled();
      expect(screen.queryByTestId('add-section')).not.toBeInTheDocument();
      expect(screen.queryByTestId('add-question')).not.toBeInTheDocument();
      expect(screen.queryByTestId('reorder-handle')).not.toBeInTheDocument();
      expect(screen.queryByTestId('form-save')).not.toBeInTheDocument();
      expect(screen.getByTestId('form-new-version')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    "shows the server's field error by the input it names, and clears it when that input changes",
    async () => {
      const user = userEvent.setup();
      signInAs('admin');
      const form = formRow(1);
      const api = mockFormsApi({ forms: [form], sections: new Map([[form.id, [section('s1', [question('first', 'text'), question('second', 'text')])]]]) });
      renderEditor(form);
      const title = await screen.findByTestId('section-title');
      await user.type(title, '!');
      api.refuseNextSave = { status: 400, errors: [{ field: 'sections[0].questions[1].label', message: 'The server refuses this label' }] };
      await user.click(screen.getByTestId('form-save'));
      const label = await within(card('second')).findByTestId('question-label');
      expect(label).toHaveAttribute('aria-invalid', 'true');
      expect(within(card('second')).getByText('The server refuses this label')).toBeInTheDocument();
      expect(within(card('first')).queryByTestId('question-label')).not.toBeInTheDocument();
      await user.type(label, ' again');
      expect(within(card('second')).queryByText('The server refuses this label')).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    "checks the draft with the contract's structure rules before sending it",
    async () => {
      const user = userEvent.setup();
      signInAs('admin');
      const form = formRow(1);
      const api = mockFormsApi({ forms: [form], sections: new Map([[form.id, [section('s1', [question('colour', 'select', { options: ['Red', 'red'] })])]]]) });
      renderEditor(form);
      await user.type(await screen.findByTestId('section-title'), '!');
      await user.click(screen.getByTestId('form-save'));
      const options = await within(card('colour')).findAllByTestId('question-option');
      expect(options[1]).toHaveAttribute('aria-invalid', 'true');
      expect(api.writes).toEqual([]);
      await user.clear(options[1]);
      await user.type(options[1], 'Green');
      await user.click(screen.getByTestId('form-save'));
      await waitFor(() => expect(api.writes).toHaveLength(1));
      expect(savedSections(api)[0].questions[0].options).toEqual(['Red', 'Green']);
    },
    SLOW,
  );
});
