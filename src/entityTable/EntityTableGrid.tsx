import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { alpha, type Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslate, type Identifier, type RaRecord, type SortPayload } from 'react-admin';
import { EntityCardList } from './EntityCardList';
import { EmptyList, FailedList, ROW_HEIGHT, SkeletonCards, SkeletonRows, type EmptyListOffer } from './EntityListStates';
import { OneLineText } from './OneLineText';
import type { EntityColumn } from './types';
import { visuallyHiddenSx } from '../components/visuallyHidden';

/** Specification section 9: the table is 50vh high, its header stays in view while it scrolls. */
export const TABLE_HEIGHT = '50vh';

/** Rows the reader may act on together (a bulk action they hold): the select-all column. */
export interface GridSelection<T extends RaRecord> {
  selectedIds: Identifier[];
  isSelectable: (row: T) => boolean;
  onToggle: (id: Identifier) => void;
  onSelectAll: (ids: Identifier[]) => void;
  onClear: () => void;
}

interface EntityTableGridProps<T extends RaRecord> {
  columns: EntityColumn<T>[];
  rows: T[] | undefined;
  loading: boolean;
  refreshing: boolean;
  sort: SortPayload;
  onSort: (field: string) => void;
  selection?: GridSelection<T>;
  renderActions: (row: T) => ReactNode;
  rowTitle: (row: T) => string;
  /** What an empty list offers (clear the filters, add the first row). */
  empty?: EmptyListOffer;
  /** The load failed: the list says so and offers this retry. */
  failed?: { onRetry: () => void };
}

function cellValue<T extends RaRecord>(column: EntityColumn<T>, row: T): ReactNode {
  if (column.render) return column.render(row);
  const value = row[column.source];
  return value === null || value === undefined || value === '' ? '—' : String(value);
}

/** A row keeps one height: a plain text cell is one line, cut with its whole text in a tooltip. */
function tableCellValue<T extends RaRecord>(column: EntityColumn<T>, row: T): ReactNode {
  const value = cellValue(column, row);
  return typeof value === 'string' && value !== '—' ? <OneLineText text={value} /> : value;
}

/** MUI types the checkbox's input props without data attributes. */
const testId = (id: string) => ({ 'data-testid': id }) as object;

/** A column's header: its label, or its icon with the label in the title and in text a screen reader reads. */
function ColumnLabel<T extends RaRecord>({ column }: { column: EntityColumn<T> }) {
  const translate = useTranslate();
  const label = translate(column.labelKey);
  if (!column.headerIcon) return <>{label}</>;
  return (
    <Box component="span" title={label} sx={{ display: 'inline-flex', position: 'relative', verticalAlign: 'middle' }}>
      {column.headerIcon}
      <Box component="span" sx={visuallyHiddenSx}>
        {label}
      </Box>
    </Box>
  );
}

const DENSE_FROM_COLUMNS = 7;

const stickyRight = { position: 'sticky', right: 0, bgcolor: 'background.paper', zIndex: 1 } as const;

/** A translucent tint laid over the sticky cell's opaque paper, so it shades with its row and hides what scrolls under it. */
const tint = (colour: (theme: Theme) => string) => ({ backgroundImage: (theme: Theme) => `linear-gradient(${colour(theme)}, ${colour(theme)})` });

/** The row menu's cell stays in view at the right and takes its row's hover and selection shades. */
const stickyActions = {
  ...stickyRight,
  py: 0,
  'tr:hover > &': tint((theme) => theme.palette.action.hover),
  'tr.Mui-selected > &': tint((theme) => alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity)),
  'tr.Mui-selected:hover > &': tint((theme) => alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity + theme.palette.action.hoverOpacity)),
} as const;

/**
 * The list: on wide screens a table (sticky header, optional select-all column, rows of one height with their
 * menus), on phones one card a row (EntityCardList). Skeleton rows while it first loads; an empty or failed list
 * says what to do next.
 */
export function EntityTableGrid<T extends RaRecord>({
  columns,
  rows,
  loading,
  refreshing,
  sort,
  onSort,
  selection,
  renderActions,
  rowTitle,
  empty,
  failed,
}: EntityTableGridProps<T>) {
  const translate = useTranslate();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const shown = columns.filter((c) => !(narrow && c.hideOnMobile));
  // A table of many columns keeps its cells' side padding small and lets its headers wrap (long in Vietnamese),
  // so all of them fit beside the menu at 1440 px.
  const dense = shown.length > DENSE_FROM_COLUMNS;
  const cellPadding = dense ? { px: 0.75 } : {};
  const span = shown.length + 1 + (selection ? 1 : 0);
  const selectableIds = selection ? (rows ?? []).filter(selection.isSelectable).map((r) => r.id) : [];
  const selectedHere = selection ? selectableIds.filter((id) => selection.selectedIds.includes(id)) : [];
  const allSelected = selectableIds.length > 0 && selectedHere.length === selectableIds.length;
  const toggleAll = () => (allSelected ? selection?.onClear() : selection?.onSelectAll(selectableIds));
  const nothing = !loading && !rows?.length;

  if (narrow)
    return (
      <Box aria-busy={loading || refreshing} data-testid="entity-table" sx={{ minHeight: TABLE_HEIGHT }}>
        {refreshing && <LinearProgress aria-label={translate('app.loading')} sx={{ height: 2 }} />}
        {loading ? (
          <Stack role="status" spacing={1.5} sx={{ px: 2, pb: 2 }} aria-label={translate('admin.table.loadingRows')}>
            <SkeletonCards />
          </Stack>
        ) : failed && !rows?.length ? (
          <FailedList onRetry={failed.onRetry} />
        ) : nothing ? (
          <EmptyList offer={empty} />
        ) : (
          <EntityCardList<T>
            columns={columns}
            rows={rows ?? []}
            cellValue={cellValue}
            sort={sort}
            onSort={onSort}
            selection={selection}
            selectAll={
              selection
                ? { checked: allSelected, indeterminate: selectedHere.length > 0 && !allSelected, disabled: selectableIds.length === 0, onChange: toggleAll }
                : undefined
            }
            renderActions={renderActions}
            rowTitle={rowTitle}
          />
        )}
      </Box>
    );

  return (
    <TableContainer sx={{ height: TABLE_HEIGHT, overflow: 'auto' }} data-testid="entity-table">
      <Table stickyHeader size="small" aria-busy={loading || refreshing}>
        <TableHead>
          <TableRow>
            {selection && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allSelected}
                  indeterminate={selectedHere.length > 0 && !allSelected}
                  disabled={selectableIds.length === 0}
                  onChange={toggleAll}
                  slotProps={{ input: { 'aria-label': translate('admin.table.selectAll'), ...testId('select-all') } }}
                />
              </TableCell>
            )}
            {shown.map((column) => (
              <TableCell
                key={column.source}
                sortDirection={sort.field === column.source ? (sort.order === 'DESC' ? 'desc' : 'asc') : false}
                sx={{ whiteSpace: dense ? 'normal' : 'nowrap', fontWeight: 600, lineHeight: 1.3, ...cellPadding }}
              >
                {column.sortable ? (
                  <TableSortLabel
                    active={sort.field === column.source}
                    direction={sort.field === column.source && sort.order === 'DESC' ? 'desc' : 'asc'}
                    onClick={() => onSort(column.source)}
                  >
                    <ColumnLabel column={column} />
                  </TableSortLabel>
                ) : (
                  <ColumnLabel column={column} />
                )}
              </TableCell>
            ))}
            <TableCell align="right" sx={{ ...stickyRight, bgcolor: 'background.default', zIndex: 3, width: 56, ...(dense && { px: 0.5 }) }}>
              <Box component="span" sx={visuallyHiddenSx}>
                {translate('admin.table.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {refreshing && (
            <TableRow data-testid="entity-loading-row">
              <TableCell colSpan={span} sx={{ p: 0, borderBottom: 'none' }}>
                <LinearProgress aria-label={translate('app.loading')} sx={{ height: 2 }} />
              </TableCell>
            </TableRow>
          )}
          {loading && <SkeletonRows cells={span} />}
          {!loading && failed && !rows?.length && (
            <TableRow>
              <TableCell colSpan={span} sx={{ borderBottom: 'none' }}>
                <FailedList onRetry={failed.onRetry} />
              </TableCell>
            </TableRow>
          )}
          {nothing && !failed && (
            <TableRow>
              <TableCell colSpan={span} sx={{ borderBottom: 'none' }}>
                <EmptyList offer={empty} />
              </TableCell>
            </TableRow>
          )}
          {!loading &&
            rows?.map((row) => {
              const selectable = selection?.isSelectable(row) ?? false;
              const selected = !!selection?.selectedIds.includes(row.id);
              return (
                <TableRow key={row.id} hover selected={selected} data-testid="entity-row" data-id={row.id} sx={{ height: ROW_HEIGHT }}>
                  {selection && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selected}
                        disabled={!selectable}
                        onChange={() => selection.onToggle(row.id)}
                        slotProps={{ input: { 'aria-label': translate('admin.table.selectRow', { title: rowTitle(row) }), ...testId('select-row') } }}
                      />
                    </TableCell>
                  )}
                  {shown.map((column) => (
                    <TableCell
                      key={column.source}
                      sx={{
                        maxWidth: column.maxWidth,
                        minWidth: column.minWidth,
                        overflow: 'hidden',
                        textOverflow: 'ellipsis',
                        whiteSpace: 'nowrap',
                        py: 0.5,
                        ...cellPadding,
                      }}
                    >
                      {tableCellValue(column, row)}
                    </TableCell>
                  ))}
                  <TableCell align="right" sx={{ ...stickyActions, ...(dense && { px: 0.5 }) }} data-testid="entity-row-actions">
                    {renderActions(row)}
                  </TableCell>
                </TableRow>
              );
            })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
