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
  it(
    'adds a question of each of the seven types, each with a new key of its own',
    async () => {
      const user = userEvent.setup();
      signInAs('admin');
      const form = formRow(1);
      mockFormsApi({ forms: [form], sections: new Map([[form.id, [section('s1', [])]]]) });
      renderEditor(form);
      await screen.findByTestId('section');
      for (const type of QUESTION_TYPES) {
        await user.click(screen.getByTestId('add-question'));
        await user.click(await screen.findByTestId(`add-question-${type}`));
      }
      const questions = screen.getAllByTestId('question');
      expect(questions.map((element) => element.getAttribute('data-type'))).toEqual([...QUESTION_TYPES]);
      const keys = questions.map((element) => element.getAttribute('data-key')!);
      expect(new Set(keys).size).toBe(7);
      for (const key of keys) expect(key).toMatch(FORM_KEY_PATTERN);
      // A group holds questions of every type but group (one level).
      await user.click(within(card(keys[0])).getByTestId('add-child-question'));
      expect(screen.queryByTestId('add-question-group')).not.toBeInTheDocument();
      await user.click(screen.getByTestId('add-question-text'));
      expect(within(within(card(keys[0])).getByTestId('group-questions')).getAllByTestId('question')).toHaveLength(1);
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
    'tells the user when someone else saved first (412) and reloads their version on request',
    async () => {
      const user = userEvent.setup();
      signInAs('admin');
      const form = formRow(1, { version: '7' });
      const api = mockFormsApi({ forms: [form], sections: new Map([[form.id, [section('s1', [question('first', 'text')], 'About you')]]]) });
      renderEditor(form);
      const title = await screen.findByTestId('section-title');
      await user.clear(title);
      await user.type(title, ' now');
      api.refuseNextSave = { status: 412 };
      await user.click(screen.getByTestId('form-save'));
      expect(await screen.findByTestId('form-conflict')).toHaveTextContent('Another person saved this form after you opened it');
      expect(api.writes.at(-1)).toMatchObject({ method: 'PUT', ifMatch: '"7"' });
      await user.click(screen.getByTestId('form-conflict-confirm'));
      await waitFor(() => expect(screen.getByTestId('section-title')).toHaveValue('About you'));
      expect(screen.queryByTestId('form-unsaved')).not.toBeInTheDocument();
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
