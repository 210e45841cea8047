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
      expect(options).toEqual(['Nothing (the partner answers)', 'The partner’s email']);
      await user.click(screen.getByRole('option', { name: 'The partner’s email' }));
      await user.click(within(card('mail')).getByTestId('prefill-locked'));
      await user.click(screen.getByTestId('form-save'));
      await waitFor(() => expect(api.writes).toHaveLength(1));
      expect(savedSections(api)[0].questions[0].prefill).toEqual({ source: 'partner', field: 'email', locked: true });
      await user.click(within(card('mail')).getByTestId('question-type'));
      await user.click(await screen.findByRole('option', { name: 'Number' }));
      expect(within(card('mail')).queryByTestId('question-prefill')).not.toBeInTheDocument();
      await user.click(screen.getByTestId('form-save'));
      await waitFor(() => expect(api.writes).toHaveLength(2));
      expect(savedSections(api)[0].questions[0].prefill).toBeNull();
    },
    SLOW,
  );
});
