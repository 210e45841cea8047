import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { question, renderQuestions, sectionOf, when } from './questionFixtures';

const directors = (fields = {}) =>
  question('directors', 'group', {
    label: 'Directors',
    repeat: { min: 1, max: 3 },
    children: [
      question('name', 'text', { label: 'Full name', required: true }),
      question('nationality', 'select', { label: 'Nationality', options: ['vn', 'other'] }),
      question('passport', 'text', { label: 'Passport', condition: when('nationality', 'is', 'other') }),
    ],
    ...fields,
  });
const rows = (answers: () => Record<string, unknown>) => answers().directors as Record<string, unknown>[];
const rowCards = () => screen.getAllByRole('listitem', { name: /^Directors: Row/ });

describe('a repeating group in the filler', () => {
  it('adds rows by keyboard, moving focus into the new row, and types into each row on its own', async () => {
    const user = userEvent.setup();
    const { answers } = renderQuestions(sectionOf(directors()));
    expect(screen.getByText('No rows yet.')).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add a row' });
    add.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveFocus();
    await user.keyboard('Ann');
    add.focus();
    await user.keyboard('{Enter}');
    await user.keyboard('Binh');
    expect(rows(answers)).toEqual([{ name: 'Ann' }, { name: 'Binh' }]);
    expect(screen.getByRole('status')).toHaveTextContent('Row 2 added');
    expect(within(rowCards()[1]).getByRole('textbox', { name: 'Full name' })).toHaveValue('Binh');
    await user.click(add);
    expect(add).toBeDisabled();
    expect(screen.getByText('3 of at most 3 rows (at least 1)')).toBeInTheDocument();
  });

  it('moves a row up and down and removes it with its buttons, focus staying on the row acted on', async () => {
    const user = userEvent.setup();
    const { answers } = renderQuestions(sectionOf(directors()), { initial: { directors: [{ name: 'Ann' }, { name: 'Binh' }, { name: 'Chi' }] } });
    const down = screen.getByRole('button', { name: 'Move row 1 down' });
    down.focus();
    await user.keyboard('{Enter}');
    expect(rows(answers).map((row) => row.name)).toEqual(['Binh', 'Ann', 'Chi']);
    expect(screen.getByRole('button', { name: 'Move row 2 down' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Move row 1 up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move row 3 up' }));
    expect(rows(answers).map((row) => row.name)).toEqual(['Binh', 'Chi', 'Ann']);
    await user.click(screen.getByRole('button', { name: 'Remove row 1' }));
    expect(rows(answers).map((row) => row.name)).toEqual(['Chi', 'Ann']);
    expect(within(rowCards()[0]).getByRole('textbox', { name: 'Full name' })).toHaveFocus();
    expect(within(rowCards()[0]).getByRole('textbox', { name: 'Full name' })).toHaveValue('Chi');
  });

  it('shows a row’s conditional question in that row only, and each row answer’s error under it', async () => {
    const user = userEvent.setup();
    renderQuestions(sectionOf(directors()), {
      initial: { directors: [{ name: 'Ann', nationality: 'other' }, { name: '' }] },
      showAllErrors: true,
    });
    expect(within(rowCards()[0]).getByRole('textbox', { name: 'Passport' })).toBeInTheDocument();
    expect(within(rowCards()[1]).queryByRole('textbox', { name: 'Passport' })).not.toBeInTheDocument();
    expect(within(rowCards()[1]).getByRole('textbox', { name: 'Full name' })).toHaveAccessibleDescription('This field is required');
    await user.click(screen.getByRole('button', { name: 'Remove row 1' }));
    await user.click(screen.getByRole('button', { name: 'Remove row 1' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Rows: at least 1');
  });

  it('in a returned round takes only the flagged row answer: no row added, moved or removed', () => {
    renderQuestions(sectionOf(directors()), {
      initial: { directors: [{ name: 'Ann' }, { name: 'Binh' }] },
      onlyKeys: new Set(['directors[1].name']),
      comments: { 'directors[1].name': 'Write the name as in the passport' },
    });
    expect(screen.queryByRole('button', { name: 'Add a row' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove row 1' })).not.toBeInTheDocument();
    expect(within(rowCards()[0]).getByRole('textbox', { name: 'Full name' })).toHaveAttribute('readonly');
    expect(within(rowCards()[1]).getByRole('textbox', { name: 'Full name' })).not.toHaveAttribute('readonly');
    expect(within(rowCards()[1]).getByText('Write the name as in the passport')).toBeInTheDocument();
  });
});
