import { useCallback, useState, type ReactNode } from 'react';
import Card from '@mui/material/Card';
import type { ListControllerResult, RaRecord } from 'react-admin';
import { AdvancedSearchPanel } from '../../../entityTable/AdvancedSearchPanel';
import { EntityPagination } from '../../../entityTable/EntityPagination';
import { EntityTableGrid } from '../../../entityTable/EntityTableGrid';
import { EntityToolbar } from '../../../entityTable/EntityToolbar';
import type { EntityColumn, EntityFilter } from '../../../entityTable/types';

interface StaffListCardProps<T extends RaRecord> {
  list: ListControllerResult<T>;
  columns: EntityColumn<T>[];
  filters?: EntityFilter[];
  keyword?: boolean;
  renderActions: (row: T) => ReactNode;
  rowTitle: (row: T) => string;
  onExport?: () => void;
  exporting?: boolean;
  actions?: ReactNode;
  testId: string;
}

/**
 * One list of the staff file screens: keyword and filters, reload, the table (it scrolls inside its box, so a
 * phone never scrolls sideways) and the pager, over a react-admin list controller.
 */
export function StaffListCard<T extends RaRecord>({
  list,
  columns,
  filters = [],
  keyword = true,
  renderActions,
  rowTitle,
  onExport,
  exporting = false,
  actions,
  testId,
}: StaffListCardProps<T>) {
  const [filtersOpen, setFiltersOpen] = useState(false);
  const { filterValues, setFilters, refetch } = list;
  const apply = useCallback((values: Record<string, unknown>) => setFilters({ ...filterValues, ...values }, undefined, false), [filterValues, setFilters]);
  const activeCount = filters.filter((f) => ![undefined, null, ''].includes(filterValues[f.source] as string)).length;
  return (
    <Card variant="outlined" data-testid={testId} sx={{ minWidth: 0 }}>
      <EntityToolbar
        keyword={keyword ? { value: typeof filterValues.q === 'string' ? filterValues.q : '', onChange: (q) => apply({ q }) } : undefined}
        filters={filters.length ? { open: filtersOpen, activeCount, onToggle: () => setFiltersOpen((open) => !open) } : undefined}
        onReload={() => void refetch({ cancelRefetch: false })}
        reloading={!!list.isFetching}
        onExport={onExport}
        exporting={exporting}
        actions={actions}
      />
      {filters.length > 0 && <AdvancedSearchPanel open={filtersOpen} filters={filters} applied={filterValues} onApply={apply} />}
      <EntityTableGrid<T>
        columns={columns}
        rows={list.data}
        loading={!!list.isPending}
        refreshing={!!list.isFetching && !list.isPending}
        sort={list.sort}
        onSort={(field) => list.setSort({ field, order: list.sort.field === field && list.sort.order === 'ASC' ? 'DESC' : 'ASC' })}
        renderActions={renderActions}
        rowTitle={rowTitle}
        empty={{ filtered: !!filterValues.q || activeCount > 0, onClearFilters: () => setFilters({}, undefined, false) }}
        failed={list.error ? { onRetry: () => void refetch() } : undefined}
      />
      <EntityPagination total={list.total ?? 0} page={list.page} perPage={list.perPage} onPage={list.setPage} onPerPage={list.setPerPage} />
    </Card>
  );
}
