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
const questionKeys = () => screen.getAllByTestId('question').map((element) => element.getAttribute('data-key'));
const savedSections = (api: ReturnType<typeof mockFormsApi>) => (api.writes.at(-1)?.body as { sections: FormSection[] }).sections;

describe('the form builder safety nets', () => {
  it(
    'asks before leaving with unsaved changes, stays on Cancel, and leaves on confirm',
    async () => {
      const user = userEvent.setup();
      signInAs('admin');
      const form = formRow(1);
      mockFormsApi({ forms: [form], sections: new Map([[form.id, [section('s1', [question('first', 'text')])]]]) });
      renderEditor(form);
      await user.type(await screen.findByTestId('section-title'), '!');
      await user.click(screen.getByRole('link', { name: 'Back to form configuration' }));
      const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
      expect(dialog).toHaveTextContent('If you leave now, they are lost.');
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.getByTestId('section-title')).toHaveValue('Section s1!');
      await user.click(screen.getByRole('link', { name: 'Back to form configuration' }));
      await user.click(await screen.findByTestId('form-leave-confirm'));
      expect(await screen.findByTestId('current-path')).toHaveTextContent('/form-config');
    },
    SLOW,
  );

  it(
    'leaves without asking when nothing is unsaved',
    async () => {
      const user = userEvent.setup();
      signInAs('admin');
      const form = formRow(1);
      mockFormsApi({ forms: [form], sections: new Map([[form.id, [section('s1', [])]]]) });
      renderEditor(form);
      await screen.findByTestId('section-title');
      await user.click(screen.getByRole('link', { name: 'Back to form configuration' }));
      expect(await screen.findByTestId('current-path')).toHaveTextContent('/form-config');
    },
    SLOW,
  );

  it(
    'removes a question at once and puts it back in place, with its options and condition, on Undo',
    async () => {
      const user = userEvent.setup();
      signInAs('admin');
      const form = formRow(1);
      const colour = question('colour', 'select', { label: 'Colour', condition: { questionKey: 'first', operator: 'is', value: 'x' } });
      const api = mockFormsApi({
        forms: [form],
        sections: new Map([[form.id, [section('s1', [question('first', 'text'), colour, question('last', 'text')])]]]),
      });
      renderEditor(form);
      await user.click(within(await waitFor(() => card('colour'))).getByTestId('question-menu'));
      await user.click(await screen.findByTestId('question-remove'));
      expect(questionKeys()).toEqual(['first', 'last']);
      const undo = await screen.findByTestId('removal-undo-button');
      expect(screen.getByTestId('removal-undo')).toHaveTextContent('Question "Colour" removed');
      await waitFor(() => expect(undo).toHaveFocus());
      await user.click(undo);
      expect(questionKeys()).toEqual(['first', 'colour', 'last']);
      expect(screen.queryByTestId('removal-undo')).not.toBeInTheDocument();
      await waitFor(() => expect(within(card('colour')).getByTestId('question-menu')).toHaveFocus());
      await user.click(screen.getByTestId('form-save'));
      await waitFor(() => expect(api.writes).toHaveLength(1));
      expect(savedSections(api)[0].questions[1]).toEqual(colour);
    },
    SLOW,
  );

  it(
    'removes a section and brings it back with its questions on Undo',
    async () => {
      const user = userEvent.setup();
      signInAs('admin');
      const form = formRow(1);
      mockFormsApi({
        forms: [form],
        sections: new Map([[form.id, [section('s1', [question('a', 'text')], 'One'), section('s2', [question('b', 'yesNo')], 'Two')]]]),
      });
      renderEditor(form);
      await user.click((await screen.findAllByTestId('section-menu'))[0]);
      await user.click(await screen.findByTestId('section-remove'));
      expect(screen.getAllByTestId('section').map((element) => element.getAttribute('data-key'))).toEqual(['s2']);
      expect(await screen.findByTestId('removal-undo')).toHaveTextContent('Section "One" removed with its questions');
      await user.click(screen.getByTestId('removal-undo-button'));
      expect(screen.getAllByTestId('section').map((element) => element.getAttribute('data-key'))).toEqual(['s1', 's2']);
      expect(questionKeys()).toEqual(['a', 'b']);
    },
    SLOW,
  );

  it(
    'on a 412 shows both versions per question, and saves mine or theirs as chosen over the current version',
    async () => {
      const user = userEvent.setup();
      signInAs('admin');
      const form = formRow(1, { version: '7' });
      const api = mockFormsApi({
        forms: [form],
        sections: new Map([[form.id, [section('s1', [question('iban', 'text', { label: 'IBAN' }), question('city', 'text', { label: 'City' })], 'Bank')]]]),
      });
      renderEditor(form);
      await user.click(within(await waitFor(() => card('iban'))).getByTestId('question-toggle'));
      await user.type(within(card('iban')).getByTestId('question-label'), '!');
      await user.click(within(card('city')).getByTestId('question-toggle'));
      await user.type(within(card('city')).getByTestId('question-label'), '!');
      // Another admin saves meanwhile: both labels changed, a question added.
      api.sections.set(form.id, [
        section(
          's1',
          [
            question('iban', 'text', { label: 'IBAN (theirs)' }),
            question('city', 'text', { label: 'City (theirs)' }),
            question('swift', 'text', { label: 'SWIFT' }),
          ],
          'Bank',
        ),
      ]);
      form.version = '8';
      await user.click(screen.getByTestId('form-save'));
      const dialog = await screen.findByTestId('form-conflict');
      expect(within(dialog).getByRole('heading', { name: 'Someone else saved this form' })).toBeInTheDocument();
      const rows = within(dialog).getAllByTestId('merge-row');
      expect(rows.map((row) => row.getAttribute('data-id'))).toEqual(['question:iban', 'question:city', 'question:swift']);
      const [ibanRow, cityRow, swiftRow] = rows;
      expect(ibanRow).toHaveTextContent('you changed it; they changed it');
      expect(within(ibanRow).getByRole('radio', { name: /^Keep mine: IBAN!/ })).toBeChecked();
      expect(within(swiftRow).getByRole('radio', { name: /^Take theirs: SWIFT/ })).toBeChecked();
      expect(within(swiftRow).getByRole('radio', { name: 'Keep mine: not in the form' })).not.toBeChecked();
      await user.click(within(cityRow).getByRole('radio', { name: /^Take theirs: City \(theirs\)/ }));
      await user.click(within(dialog).getByTestId('form-conflict-save'));
      await waitFor(() => expect(screen.queryByTestId('form-conflict')).not.toBeInTheDocument());
      expect(api.writes.at(-1)).toMatchObject({ method: 'PUT', ifMatch: '"8"' });
      expect(savedSections(api)[0].questions.map((one) => [one.key, one.label])).toEqual([
        ['iban', 'IBAN!'],
        ['city', 'City (theirs)'],
        ['swift', 'SWIFT'],
      ]);
      expect(await screen.findByText('Form saved.')).toBeInTheDocument();
      expect(screen.queryByTestId('form-unsaved')).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'keeps the draft untouched when the merge is put off with "Keep editing"',
    async () => {
      const user = userEvent.setup();
      signInAs('admin');
      const form = formRow(1, { version: '3' });
      const api = mockFormsApi({ forms: [form], sections: new Map([[form.id, [section('s1', [question('a', 'text')], 'About you')]]]) });
      renderEditor(form);
      await user.type(await screen.findByTestId('section-title'), ' now');
      api.sections.set(form.id, [section('s1', [question('a', 'text')], 'About them')]);
      form.version = '4';
      await user.click(screen.getByTestId('form-save'));
      const dialog = await screen.findByTestId('form-conflict');
      expect(within(dialog).getByTestId('merge-row')).toHaveAttribute('data-id', 'section:s1');
      await user.click(within(dialog).getByTestId('form-conflict-cancel'));
      await waitFor(() => expect(screen.queryByTestId('form-conflict')).not.toBeInTheDocument());
      expect(screen.getByTestId('section-title')).toHaveValue('About you now');
      expect(screen.getByTestId('form-unsaved')).toBeInTheDocument();
    },
    SLOW,
  );
});
