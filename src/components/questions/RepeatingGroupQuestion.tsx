import { useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { REPEAT_ROWS_MAX, type AnswerRow, type FormQuestion } from '../../../contract/forms';
import { visuallyHiddenSx } from '../visuallyHidden';
import { questionInputId } from './questionTypes';
import { useQuestionTexts } from './questionTexts';

export interface RepeatingGroupQuestionProps {
  question: FormQuestion;
  rows: AnswerRow[];
  /** The new rows after an add, a remove or a move; absent: rows cannot be added, removed or moved. */
  onRows?: (rows: AnswerRow[]) => void;
  /** One row's questions (its shown children, each answering into that row). */
  renderRow: (row: AnswerRow, index: number) => ReactNode;
  /** The group's own error (too few rows). */
  error: string | null;
}

let nextRowId = 0;
const newRowId = () => `row-${(nextRowId += 1)}`;

/**
 * A group answered as rows (issue 40): one card per row, each with its questions and buttons to move it up or down
 * and to remove it, and a button to add a row (up to the group's maximum). Every action is a button, so the whole
 * group works by keyboard; focus follows the row acted on and a live region says what happened.
 */
export function RepeatingGroupQuestion({ question, rows, onRows, renderRow, error }: RepeatingGroupQuestionProps) {
  const t = useQuestionTexts();
  const max = Math.min(question.repeat?.max ?? REPEAT_ROWS_MAX, REPEAT_ROWS_MAX);
  const min = question.repeat?.min ?? 0;
  // Stable keys for the rows' cards, so that a moved row keeps its inputs' state.
  const [ids, setIds] = useState<string[]>(() => rows.map(newRowId));
  const rowIds = ids.length === rows.length ? ids : rows.map((_, index) => ids[index] ?? newRowId());
  const [said, setSaid] = useState('');
  const focusAfter = useRef<{ id: string; control: 'first' | 'up' | 'down' } | 'add' | null>(null);
  const card = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = focusAfter.current;
    focusAfter.current = null;
    if (!target || !card.current) return;
    if (target === 'add') return void card.current.querySelector<HTMLElement>(`#${CSS.escape(questionInputId(question.key))}`)?.focus();
    const row = card.current.querySelector<HTMLElement>(`[data-row-id="${target.id}"]`);
    const control =
      target.control === 'first'
        ? row?.querySelector<HTMLElement>('input, textarea, [role="combobox"], [role="radio"]')
        : row?.querySelector<HTMLElement>(`[data-row-action="${target.control}"]:not([disabled])`);
    (control ?? row?.querySelector<HTMLElement>('button'))?.focus();
  });

  const change = (next: AnswerRow[], nextIds: string[], message: string, focus: typeof focusAfter.current) => {
    setIds(nextIds);
    setSaid(message);
    focusAfter.current = focus;
    onRows?.(next);
  };
  const add = () => {
    const id = newRowId();
    change([...rows, {}], [...rowIds, id], t('formFiller.rows.added', { row: rows.length + 1 }), { id, control: 'first' });
  };
  const remove = (index: number) =>
    change(
      rows.filter((_, at) => at !== index),
      rowIds.filter((_, at) => at !== index),
      t('formFiller.rows.removed', { row: index + 1 }),
      rows.length > 1 ? { id: rowIds[index === rows.length - 1 ? index - 1 : index + 1], control: 'first' } : 'add',
    );
  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    const swap = <T,>(list: T[]) => list.map((item, at) => (at === index ? list[to] : at === to ? list[index] : item));
    change(swap(rows), swap(rowIds), t('formFiller.rows.moved', { row: to + 1 }), { id: rowIds[index], control: by < 0 ? 'up' : 'down' });
  };

  const labelId = `${questionInputId(question.key)}-label`;
  return (
    <Box
      component="section"
      ref={card}
      aria-labelledby={labelId}
      sx={{ border: 1, borderColor: error ? 'error.main' : 'divider', borderRadius: 1, px: { xs: 1, sm: 2 }, pb: 2, pt: 1, minWidth: 0 }}
    >
      <Typography id={labelId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {question.label}
      </Typography>
      {question.help && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {question.help}
        </Typography>
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {t('formFiller.rows.count', { count: rows.length, max })}
        {min > 0 ? ` (${t('formFiller.rows.atLeast', { min })})` : ''}
      </Typography>
      <Stack spacing={2} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((row, index) => {
          const rowLabel = t('formFiller.rows.row', { row: index + 1 });
          return (
            <Paper
              component="li"
              variant="outlined"
              key={rowIds[index]}
              data-row-id={rowIds[index]}
              aria-label={`${question.label}: ${rowLabel}`}
              sx={{ p: { xs: 1.5, sm: 2 } }}
            >
              <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5, gap: 0.5 }}>
                <Typography component="h4" variant="subtitle2" sx={{ flexGrow: 1 }}>
                  {rowLabel}
                </Typography>
                {onRows && (
                  <>
                    <RowAction label={t('formFiller.rows.moveUp', { row: index + 1 })} action="up" disabled={index === 0} onClick={() => move(index, -1)}>
                      <ArrowUpwardIcon fontSize="small" />
                    </RowAction>
                    <RowAction
                      label={t('formFiller.rows.moveDown', { row: index + 1 })}
                      action="down"
                      disabled={index === rows.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <ArrowDownwardIcon fontSize="small" />
                    </RowAction>
                    <RowAction label={t('formFiller.rows.remove', { row: index + 1 })} action="remove" onClick={() => remove(index)}>
                      <DeleteOutlineIcon fontSize="small" />
                    </RowAction>
                  </>
                )}
              </Stack>
              <Stack spacing={2.5}>{renderRow(row, index)}</Stack>
            </Paper>
          );
        })}
      </Stack>
      {!rows.length && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('formFiller.rows.none')}
        </Typography>
      )}
      {error && (
        <Typography role="alert" variant="body2" sx={{ color: 'error.main', mt: 1 }}>
          {error}
        </Typography>
      )}
      {onRows && (
        <Button
          id={questionInputId(question.key)}
          startIcon={<AddIcon />}
          onClick={add}
          disabled={rows.length >= max}
          aria-describedby={error ? undefined : labelId}
          sx={{ mt: 1.5 }}
        >
          {t('formFiller.rows.add')}
        </Button>
      )}
      <Box role="status" aria-live="polite" sx={visuallyHiddenSx}>
        {said}
      </Box>
    </Box>
  );
}

function RowAction({
  label,
  action,
  disabled = false,
  onClick,
  children,
}: {
  label: string;
  action: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} data-row-action={action} disabled={disabled} onClick={onClick} size="small">
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}
