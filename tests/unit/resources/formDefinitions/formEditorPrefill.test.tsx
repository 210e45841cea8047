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

describe('prefill in the builder', () => {
  it(
    'offers the partner record’s fields that fit the question, saves the choice locked, and drops it when the type no longer fits',
    async () => {
      const user = userEvent.setup();
      signInAs('admin');
      const form = formRow(1);
      const api = mockFormsApi({ forms: [form], sections: new Map([[form.id, [section('s1', [question('mail', 'email')])]]]) });
      renderEditor(form);
      await user.click(await within(await screen.findByTestId('section-questions')).findByTestId('question-toggle'));
      await user.click(within(card('mail')).getByRole('combobox', { name: 'Filled in from' }));
      const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
      expect(options).toEqual(['Nothing (the partner answers)', 'The partner’s email', 'An answer of another form']);
      await user.click(screen.getByRole('option', { name: 'The partner’s email' }));
      await user.click(within(card('mail')).getByTestId('prefill-locked'));
      await user.click(screen.getByTestId('form-save'));
      await waitFor(() => expect(api.writes).toHaveLength(1));
      expect(savedSections(api)[0].questions[0].prefill).toEqual({ source: 'partner', field: 'email', locked: true });
      await user.click(within(card('mail')).getByTestId('question-type'));
      await user.click(await screen.findByRole('option', { name: 'Number' }));
      await user.click(screen.getByTestId('form-save'));
      await waitFor(() => expect(api.writes).toHaveLength(2));
      expect(savedSections(api)[0].questions[0].prefill).toBeNull();
    },
    SLOW,
  );

  it(
    'takes another form’s answer: the form among the Ready ones, then one of its questions with an answer of its own',
    async () => {
      const user = userEvent.setup();
      signInAs('admin');
      const form = formRow(1);
      const profile = formRow(2, { name: 'Company profile', status: 'Ready', definitionId: '7d0e4c9a-2b1f-4e6a-9c3d-5f8a1b2c3d4e' });
      const profileSections = [
        section('p1', [question('legalName', 'text'), question('people', 'group', { repeat: { min: 0, max: 5 }, children: [question('person', 'text')] })]),
      ];
      const api = mockFormsApi({
        forms: [form, profile],
        sections: new Map([
          [form.id, [section('s1', [question('company', 'text')])]],
          [profile.id, profileSections],
        ]),
      });
      renderEditor(form);
      await user.click(await within(await screen.findByTestId('section-questions')).findByTestId('question-toggle'));
      await user.click(within(card('company')).getByRole('combobox', { name: 'Filled in from' }));
      await user.click(await screen.findByRole('option', { name: 'An answer of another form' }));
      await user.click(within(card('company')).getByRole('combobox', { name: 'Form' }));
      await user.click(await screen.findByRole('option', { name: 'Company profile' }));
      await user.click(within(card('company')).getByRole('combobox', { name: 'Its question' }));
      const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
      expect(options).toEqual(['Question legalName']);
      await user.click(screen.getByRole('option', { name: 'Question legalName' }));
      await user.click(screen.getByTestId('form-save'));
      await waitFor(() => expect(api.writes).toHaveLength(1));
      expect(savedSections(api)[0].questions[0].prefill).toEqual({
        source: 'form',
        definitionId: profile.definitionId,
        questionKey: 'legalName',
        locked: false,
      });
    },
    SLOW,
  );
});
