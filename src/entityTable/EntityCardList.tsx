import { Fragment, type ReactNode } from 'react';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslate, type RaRecord, type SortPayload } from 'react-admin';
import { wrapOneLineText } from './OneLineText';
import type { EntityColumn } from './types';
import type { GridSelection } from './EntityTableGrid';

/** The card's parts, from the columns' declared places (EntityColumn.card). */
export function cardLayout<T extends RaRecord>(columns: EntityColumn<T>[]) {
  return {
    title: columns.find((c) => c.card === 'title'),
    status: columns.find((c) => c.card === 'status'),
    facts: columns.filter((c) => c.card === 'fact'),
  };
}

/** MUI types the checkbox's input props without data attributes. */
const testId = (id: string) => ({ 'data-testid': id }) as object;

interface EntityCardListProps<T extends RaRecord> {
  columns: EntityColumn<T>[];
  rows: T[];
  cellValue: (column: EntityColumn<T>, row: T) => ReactNode;
  sort: SortPayload;
  onSort: (field: string) => void;
  selection?: GridSelection<T>;
  selectAll?: { checked: boolean; indeterminate: boolean; disabled: boolean; onChange: () => void };
  renderActions: (row: T) => ReactNode;
  rowTitle: (row: T) => string;
}

/**
 * The list on a phone: one card a row with its title, status, main facts ("label: value") and its menu; above
 * them the sort (the table's headers are gone) and select-all when rows can be selected.
 */
export function EntityCardList<T extends RaRecord>({
  columns,
  rows,
  cellValue,
  sort,
  onSort,
  selection,
  selectAll,
  renderActions,
  rowTitle,
}: EntityCardListProps<T>) {
  const translate = useTranslate();
  const { title, status, facts } = cardLayout(columns);
  const shown = (column: EntityColumn<T>, row: T) => (column.renderCard ? column.renderCard(row) : cellValue(column, row));
  return (
    <>
      <CardListBar columns={columns} sort={sort} onSort={onSort} selectAll={selectAll} />
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, px: 2, pb: 2 }} data-testid="entity-cards">
        {rows.map((row) => {
          const selected = !!selection?.selectedIds.includes(row.id);
          return (
            <Card
              key={row.id}
              component="li"
              variant="outlined"
              data-testid="entity-card"
              data-id={row.id}
              sx={{ p: 1.5, borderColor: selected ? 'primary.main' : undefined }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                {selection && (
                  <Checkbox
                    checked={selected}
                    disabled={!selection.isSelectable(row)}
                    onChange={() => selection.onToggle(row.id)}
                    sx={{ p: 0.25, ml: -0.25 }}
                    slotProps={{ input: { 'aria-label': translate('admin.table.selectRow', { title: rowTitle(row) }), ...testId('select-row') } }}
                  />
                )}
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Box sx={{ fontWeight: 600, overflowWrap: 'anywhere', '& *': { whiteSpace: 'normal' }, ...wrapOneLineText }} data-testid="entity-card-title">
                    {title ? shown(title, row) : rowTitle(row)}
                  </Box>
                  {status && (
                    <Box sx={{ mt: 0.5 }} data-testid="entity-card-status">
                      {shown(status, row)}
                    </Box>
                  )}
                </Box>
                <Box sx={{ mt: -0.5, mr: -0.5 }}>{renderActions(row)}</Box>
              </Stack>
              {facts.length > 0 && (
                <Box
                  component="dl"
                  sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, max-content) minmax(0, 1fr)', columnGap: 1.5, rowGap: 0.5, m: 0, mt: 1 }}
                >
                  {facts.map((column) => (
                    <Fragment key={column.source}>
                      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                        {translate(column.labelKey)}
                      </Typography>
                      <Typography
                        component="dd"
                        variant="body2"
                        sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere', ...wrapOneLineText }}
                        data-testid={`entity-card-fact-${column.source}`}
                      >
                        {shown(column, row)}
                      </Typography>
                    </Fragment>
                  ))}
                </Box>
              )}
            </Card>
          );
        })}
      </Stack>
    </>
  );
}

/** Above the cards: select-all (when rows can be selected) and the sort the table's headers give on wide screens. */
function CardListBar<T extends RaRecord>({ columns, sort, onSort, selectAll }: Pick<EntityCardListProps<T>, 'columns' | 'sort' | 'onSort' | 'selectAll'>) {
  const translate = useTranslate();
  const sortable = columns.filter((c) => c.sortable);
  if (!sortable.length && !selectAll) return null;
  const current = sortable.find((c) => c.source === sort.field);
  const directionLabel = current
    ? translate(sort.order === 'DESC' ? 'admin.table.sortDesc' : 'admin.table.sortAsc', { field: translate(current.labelKey) })
    : '';
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 2, pb: 1.5 }}>
      {selectAll && (
        <Checkbox
          checked={selectAll.checked}
          indeterminate={selectAll.indeterminate}
          disabled={selectAll.disabled}
          onChange={selectAll.onChange}
          sx={{ ml: -1 }}
          slotProps={{ input: { 'aria-label': translate('admin.table.selectAll'), ...testId('select-all') } }}
        />
      )}
      {sortable.length > 0 && (
        <>
          <TextField
            select
            size="small"
            label={translate('admin.table.sortBy')}
            value={current?.source ?? ''}
            onChange={(event) => onSort(event.target.value)}
            sx={{ flex: 1, minWidth: 0 }}
            slotProps={{ htmlInput: { 'data-testid': 'entity-card-sort' } }}
          >
            {!current && (
              <MenuItem value="" disabled>
                {translate('admin.table.noSort')}
              </MenuItem>
            )}
            {sortable.map((column) => (
              <MenuItem key={column.source} value={column.source}>
                {translate(column.labelKey)}
              </MenuItem>
            ))}
          </TextField>
          {current && (
            <Tooltip title={directionLabel}>
              <IconButton onClick={() => onSort(current.source)} aria-label={directionLabel} data-testid="entity-card-sort-direction">
                {sort.order === 'DESC' ? <ArrowDownward /> : <ArrowUpward />}
              </IconButton>
            </Tooltip>
          )}
        </>
      )}
    </Stack>
  );
}
