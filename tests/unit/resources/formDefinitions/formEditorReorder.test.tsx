import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormSection } from '../../../../contract/forms';
import { signInAs } from '../../sessionFixtures';
import { formRow, mockFormsApi, question, section } from './formsApiMock';
import { renderEditor } from './renderEditor';

/**
 * jsdom lays nothing out: each sortable item is given a row of its own (100 px apart, by its index), so
 * dnd-kit's keyboard sensor finds the item above or below as it would on screen.
 */
function layOutSortableRows(heights: number[] = []) {
  return vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const index = this.getAttribute('data-sortable-index');
    const heightOf = (at: number) => heights[at] ?? 80;
    const top = index === null ? 0 : Array.from({ length: Number(index) }, (_, at) => heightOf(at) + 20).reduce((sum, next) => sum + next, 0);
    const height = index === null ? 0 : heightOf(Number(index));
    return { x: 0, y: top, top, left: 0, width: 600, height, right: 600, bottom: top + height, toJSON: () => ({}) } as DOMRect;
  });
}

const titles = () => screen.getAllByTestId('question-title').map((title) => title.textContent);

describe('reordering in the form builder', () => {
  let layout: ReturnType<typeof layOutSortableRows>;
  beforeEach(() => {
    layout = layOutSortableRows();
  });
  afterEach(() => layout.mockRestore());

  it('moves a question by keyboard alone (Space, arrow, Space), announces it, and saves the new order', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    const form = formRow(1);
    const api = mockFormsApi({
      forms: [form],
      sections: new Map([[form.id, [section('s1', [question('a', 'text'), question('b', 'text'), question('c', 'text')])]]]),
    });
    renderEditor(form);
    await waitFor(() => expect(titles()).toEqual(['Question a', 'Question b', 'Question c']));

    const handle = within(screen.getByTestId('section-questions')).getByRole('button', { name: 'Reorder Question a' });
    handle.focus();
    await user.keyboard('[Space]');
    await waitFor(() => expect(handle).toHaveAttribute('aria-pressed', 'true'));
    await user.keyboard('[ArrowDown]');
    await waitFor(() => expect(document.body).toHaveTextContent('Question a is over position 2 of 3.'));
    await user.keyboard('[Space]');
    await waitFor(() => expect(titles()).toEqual(['Question b', 'Question a', 'Question c']));
    expect(document.body).toHaveTextContent('Question a dropped at position 2 of 3.');

    await user.click(screen.getByTestId('form-save'));
    await waitFor(() => expect(api.writes).toHaveLength(1));
    const saved = (api.writes[0].body as { sections: FormSection[] }).sections;
    expect(saved[0].questions.map((q) => q.key)).toEqual(['b', 'a', 'c']);
  });

  it('moves a tall question (its details open) up one place by keyboard, and announces where it truly went', async () => {
    layout.mockRestore();
    layout = layOutSortableRows([80, 80, 80, 80, 600]);
    const user = userEvent.setup();
    signInAs('admin');
    const form = formRow(1);
    mockFormsApi({
      forms: [form],
      sections: new Map([
        [
          form.id,
          [
            section(
              's1',
              ['a', 'b', 'c', 'd', 'e'].map((key) => question(key, 'text')),
            ),
          ],
        ],
      ]),
    });
    renderEditor(form);
    await waitFor(() => expect(titles()).toHaveLength(5));
    const handle = within(screen.getByTestId('section-questions')).getByRole('button', { name: 'Reorder Question e' });
    handle.focus();
    await user.keyboard('[Space]');
    await waitFor(() => expect(handle).toHaveAttribute('aria-pressed', 'true'));
    await user.keyboard('[ArrowUp]');
    await waitFor(() => expect(document.body).toHaveTextContent('Question e is over position 4 of 5.'));
    await user.keyboard('[Space]');
    await waitFor(() => expect(titles()).toEqual(['Question a', 'Question b', 'Question c', 'Question e', 'Question d']));
    expect(document.body).toHaveTextContent('Question e dropped at position 4 of 5.');
  });

  it('moves a section down from its menu, without dragging', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    const form = formRow(1);
    mockFormsApi({ forms: [form], sections: new Map([[form.id, [section('s1', [], 'First'), section('s2', [], 'Second')]]]) });
    renderEditor(form);
    await waitFor(() => expect(screen.getAllByTestId('section-title').map((input) => (input as HTMLInputElement).value)).toEqual(['First', 'Second']));
    await user.click(screen.getAllByTestId('section-menu')[0]);
    await user.click(await screen.findByTestId('section-move-down'));
    await waitFor(() => expect(screen.getAllByTestId('section-title').map((input) => (input as HTMLInputElement).value)).toEqual(['Second', 'First']));
  });
});
