import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signInAs } from '../../sessionFixtures';
import { formRow, mockFormsApi, question, section } from './formsApiMock';
import { renderEditor } from './renderEditor';

describe('saving in the form builder', () => {
  it("saves the form's fields, then its sections with the version the first save answered", async () => {
    const user = userEvent.setup();
    signInAs('admin');
    const form = formRow(1, { version: '4' });
    const api = mockFormsApi({ forms: [form], sections: new Map([[form.id, [section('s1', [question('first', 'text')], 'About you')]]]) });
    renderEditor(form);
    await user.type(await screen.findByTestId('form-note'), 'Reviewed');
    await user.type(screen.getByTestId('section-title'), '!');
    await user.click(screen.getByTestId('form-save'));
    await waitFor(() => expect(api.writes).toHaveLength(2));
    expect(api.writes[0]).toMatchObject({ method: 'PATCH', ifMatch: '"4"', body: { note: 'Reviewed' } });
    expect(api.writes[1]).toMatchObject({ method: 'PUT', ifMatch: '"5"' });
    expect(await screen.findByText('Form saved.')).toBeInTheDocument();
    expect(screen.queryByTestId('form-unsaved')).not.toBeInTheDocument();
    // The next save goes with the version the sections' save answered.
    await user.type(screen.getByTestId('section-title'), '?');
    await user.click(screen.getByTestId('form-save'));
    await waitFor(() => expect(api.writes).toHaveLength(3));
    expect(api.writes[2]).toMatchObject({ method: 'PUT', ifMatch: '"6"' });
  }, 30_000);

  it('lists the errors no input can show above the editor', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    const form = formRow(1);
    const api = mockFormsApi({ forms: [form], sections: new Map([[form.id, [section('s1', [])]]]) });
    renderEditor(form);
    await user.type(await screen.findByTestId('section-title'), '!');
    api.refuseNextSave = { status: 400, errors: [{ field: 'sections', message: 'At most 50' }] };
    await user.click(screen.getByTestId('form-save'));
    expect(await screen.findByTestId('form-errors')).toHaveTextContent('At most 50');
  }, 30_000);

  it("lets a new question's key be named until it is saved, without pulling focus back to its label", async () => {
    const user = userEvent.setup();
    signInAs('admin');
    const form = formRow(1);
    const api = mockFormsApi({ forms: [form], sections: new Map([[form.id, [section('s1', [])]]]) });
    renderEditor(form);
    await user.click(await screen.findByTestId('add-question'));
    await user.click(await screen.findByTestId('add-question-yesNo'));
    await user.keyboard('Registered?');
    const key = screen.getByTestId('question-key');
    await user.clear(key);
    await user.type(key, 'vatRegistered');
    await user.tab();
    await waitFor(() => expect(screen.getByTestId('question')).toHaveAttribute('data-key', 'vatRegistered'));
    expect(screen.getByTestId('question-label')).not.toHaveFocus();
    await user.click(screen.getByTestId('form-save'));
    await waitFor(() => expect(api.writes).toHaveLength(1));
    expect((api.writes[0].body as { sections: { questions: { key: string }[] }[] }).sections[0].questions[0].key).toBe('vatRegistered');
    expect(await screen.findByTestId('question-key')).toBeDisabled();
  }, 30_000);
});
