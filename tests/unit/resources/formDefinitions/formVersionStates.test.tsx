import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signInAs } from '../../sessionFixtures';
import { formRow, mockFormsApi, question, section } from './formsApiMock';
import { renderEditor } from './renderEditor';

describe("a form version's states in the builder", () => {
  it('publishes an Editing version after confirmation, which then shows read-only', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    const form = formRow(1);
    const api = mockFormsApi({ forms: [form], sections: new Map([[form.id, [section('s1', [question('first', 'text')])]]]) });
    renderEditor(form);
    await user.click(await screen.findByTestId('form-publish'));
    await user.click(await screen.findByTestId('form-publish-confirm-confirm'));
    expect(await screen.findByTestId('form-read-only')).toHaveTextContent('this version is Ready');
    expect(api.writes.map((write) => write.path)).toEqual(['publish']);
    expect(screen.getByTestId('form-status')).toHaveAttribute('data-status', 'Ready');
  });

  it('starts a new version of a Ready form and opens it for editing', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    const form = formRow(1, { status: 'Ready', versionNumber: 2 });
    mockFormsApi({ forms: [form], sections: new Map([[form.id, [section('s1', [question('first', 'text')], 'About you')]]]) });
    renderEditor(form);
    await user.click(await screen.findByTestId('form-new-version'));
    await waitFor(() => expect(screen.getByText('Version 3')).toBeInTheDocument());
    expect(screen.queryByTestId('form-read-only')).not.toBeInTheDocument();
    expect(screen.getByTestId('section-title')).toBeEnabled();
    expect(screen.getByTestId('section-title')).toHaveValue('About you');
  });

  it('previews the draft as partners see it, conditions applied as answered, at full width or 375 px', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    const form = formRow(1);
    const sections = [
      section('s1', [
        question('vat', 'yesNo', { label: 'Are you VAT registered?' }),
        question('vatNumber', 'text', { label: 'VAT number', condition: { questionKey: 'vat', operator: 'is', value: 'yes' } }),
      ]),
    ];
    mockFormsApi({ forms: [form], sections: new Map([[form.id, sections]]) });
    renderEditor(form);
    await user.click(await screen.findByTestId('form-view-preview'));
    const preview = await screen.findByTestId('form-preview');
    expect(within(preview).getByText('Are you VAT registered?')).toBeInTheDocument();
    expect(within(preview).queryByText('VAT number')).not.toBeInTheDocument();
    await user.click(within(preview).getByRole('radio', { name: 'Yes' }));
    expect(await within(preview).findByText('VAT number')).toBeInTheDocument();
    expect(screen.getByTestId('preview-frame')).toHaveAttribute('data-width', 'full');
    await user.click(screen.getByTestId('preview-phone'));
    expect(screen.getByTestId('preview-frame')).toHaveAttribute('data-width', 'phone');
  });
});
