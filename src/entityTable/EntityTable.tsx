import { useCallback, useMemo, useState } from 'react';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Typography from '@mui/material/Typography';
import { useDeleteMany, useGetIdentity, useListController, useNotify, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '../../contract/http';
import type { SessionUser } from '../providers/auth/sessionUser';
import type { LiveResourceMeta } from '../realtime/resourceChanges';
import { AdvancedSearchPanel } from './AdvancedSearchPanel';
import { ConfirmDialog, DeleteRowDialog, EntityRecordDialogs, ExportProgressDialog } from './lazyDialogs';
import { EntityPagination } from './EntityPagination';
import { EntityTableGrid } from './EntityTableGrid';
import { EntityToolbar } from './EntityToolbar';
import { useLinkedFilterApplied, useLinkedFilterSeed } from './linkedFilter';
import type { RowMenuItem } from './RowActionMenu';
import { RowActionMenu } from './RowActionMenu';
import type { EntityResource, EntityRowAction, RowActionHelpers } from './types';
import { useCsvExport } from './useCsvExport';
import { useResourceAccess } from './useResourceAccess';

export interface EntityTableProps<T extends RaRecord> {
  resource: EntityResource<T>;
  /** The row whose edit dialog is open (the screen keeps it in the address: /{screen}/{id}). */
  editId?: string;
  onEditIdChange: (id: string | undefined) => void;
}

type Pending<T extends RaRecord> = { kind: 'delete'; row: T } | { kind: 'deleteSelected' } | { kind: 'action'; row: T; action: EntityRowAction<T> } | null;

/**
 * The generic entity table a resource declares (src/resources/<resource>/index.ts): search, toolbar, table
 * with row menus, server-side paging, add/edit dialog, delete confirmation and CSV export, each action
 * gated by the resource's permissions. The list reloads when someone changes one of its rows (a hub message).
 */
export function EntityTable<T extends RaRecord>({ resource, editId, onEditIdChange }: EntityTableProps<T>) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { can, isPending: accessPending } = useResourceAccess(resource.permissions);
  const { identity } = useGetIdentity();
  const isStaff = !!identity && !(identity as SessionUser).partnerId;
  const storeKey = `${resource.name}.entityTable`;
  // A link's filters show in the open advanced search, where they can be changed or cleared.
  const linked = useLinkedFilterSeed(resource, storeKey);
  const list = useListController<T>({
    resource: resource.name,
    perPage: DEFAULT_PAGE_SIZE,
    // No sort of its own: none is sent, and the API uses the resource's default order.
    sort: resource.defaultSort ?? { field: '', order: 'ASC' },
    filter: resource.permanentFilter,
    disableSyncWithLocation: true,
    storeKey,
    // The hub's changes of this resource refetch the list (src/realtime/resourceChanges.ts).
    queryOptions: { meta: { liveResource: resource.liveResource } satisfies LiveResourceMeta },
  });
  const { refetch, onUnselectItems, filterValues, setFilters } = list;
  useLinkedFilterApplied(
    resource,
    useCallback((filters: Record<string, unknown>) => setFilters(filters, undefined, false), [setFilters]),
  );
  const csv = useCsvExport(resource.name);
  const [deleteMany, { isPending: deletingMany }] = useDeleteMany();
  const [creating, setCreating] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(linked);
  const [pending, setPending] = useState<Pending<T>>(null);

  const reload = useCallback(() => {
    void refetch();
  }, [refetch]);
  /** After our own change: react-admin's mutation may already be refetching the list, which is then fresh. */
  const reloadAfterChange = useCallback(() => {
    void refetch({ cancelRefetch: false });
  }, [refetch]);

  const helpers: RowActionHelpers = useMemo(
    () => ({ refresh: reloadAfterChange, notify: (key, type = 'success') => notify(key, { type }), navigate: (path) => navigate(path) }),
    [reloadAfterChange, notify, navigate],
  );

  const applyFilters = useCallback(
    (values: Record<string, unknown>) => {
      onUnselectItems();
      setFilters({ ...filterValues, ...values }, undefined, false);
    },
    [filterValues, setFilters, onUnselectItems],
  );

  const mayCreate = !!resource.form && resource.canCreate !== false && can({ action: 'Create' });
  const mayUpdate = !!resource.form && can({ action: 'Update' });
  const mayDelete = resource.canDelete !== false && can({ action: 'Delete' });
  const mayExport = !!resource.exportable && can({ action: 'Export' });

  const menuItems = (row: T): RowMenuItem[] => {
    const items: RowMenuItem[] = [];
    if (mayUpdate)
      items.push({
        key: 'edit',
        label: translate('admin.table.edit'),
        icon: <EditOutlined fontSize="small" />,
        onSelect: () => onEditIdChange(String(row.id)),
      });
    for (const action of resource.rowActions ?? []) {
      if (action.appliesTo && !action.appliesTo(row)) continue;
      if (action.access && !can(action.access)) continue;
      items.push({
        key: action.key,
        label: translate(typeof action.labelKey === 'function' ? action.labelKey(row) : action.labelKey),
        icon: action.icon,
        onSelect: () => {
          if (action.Dialog) setPending({ kind: 'action', row, action });
          else void Promise.resolve(action.run?.(row, helpers)).catch(() => undefined);
        },
      });
    }
    if (mayDelete)
      items.push({
        key: 'delete',
        label: translate('admin.table.delete'),
        icon: <DeleteOutline fontSize="small" />,
        color: 'error',
        onSelect: () => setPending({ kind: 'delete', row }),
      });
    return items;
  };

  const deleteSelected = async () => {
    try {
      await deleteMany(resource.name, { ids: list.selectedIds }, { returnPromise: true });
      notify('admin.table.deletedMany', { type: 'success', messageArgs: { smart_count: list.selectedIds.length } });
      onUnselectItems();
      reloadAfterChange();
    } catch {
      // The HTTP client has shown why.
    } finally {
      setPending(null);
    }
  };

  // Deleting the selection is the only bulk action here: without it, checkboxes would promise nothing.
  const canSelect = mayDelete ? resource.canSelect : undefined;
  const keywordValue = typeof filterValues.q === 'string' ? filterValues.q : '';
  const filters = (resource.filters ?? []).filter((f) => isStaff || !f.staffOnly);
  const activeFilterCount = filters.filter((f) => {
    const value = filterValues[f.source];
    return value !== undefined && value !== null && value !== '';
  }).length;
  const columns = isStaff ? resource.columns : resource.columns.filter((column) => !column.staffOnly);

  return (
    <>
      <EntityToolbar
        keyword={resource.keywordSearch ? { value: keywordValue, onChange: (q) => applyFilters({ q }), labelKey: resource.keywordLabelKey } : undefined}
        filters={filters.length ? { open: filtersOpen, activeCount: activeFilterCount, onToggle: () => setFiltersOpen((o) => !o) } : undefined}
        selection={
          canSelect
            ? {
                count: list.selectedIds.length,
                onClear: () => onUnselectItems(),
                onDelete: mayDelete ? () => setPending({ kind: 'deleteSelected' }) : undefined,
              }
            : undefined
        }
        onReload={reload}
        reloading={!!list.isFetching}
        onExport={mayExport ? () => void csv.start({ filter: { ...filterValues, ...resource.permanentFilter }, sort: list.sort }) : undefined}
        exporting={csv.running}
        onAdd={mayCreate ? () => setCreating(true) : undefined}
      />
      {filters.length ? <AdvancedSearchPanel open={filtersOpen} filters={filters} applied={filterValues} onApply={applyFilters} /> : null}
      <EntityTableGrid<T>
        columns={columns}
        rows={list.data}
        loading={!!list.isPending}
        refreshing={!!list.isFetching && !list.isPending}
        sort={list.sort}
        onSort={(field) => {
          onUnselectItems();
          list.setSort({ field, order: list.sort.field === field && list.sort.order === 'ASC' ? 'DESC' : 'ASC' });
        }}
        selection={
          canSelect
            ? {
                selectedIds: list.selectedIds,
                isSelectable: canSelect,
                onToggle: (id: Identifier) => list.onToggleItem(id),
                onSelectAll: (ids: Identifier[]) => list.onSelect(ids),
                onClear: () => onUnselectItems(),
              }
            : undefined
        }
        renderActions={(row) => <RowActionMenu rowTitle={resource.recordTitle(row)} items={menuItems(row)} />}
        rowTitle={resource.recordTitle}
        empty={{
          filtered: !!keywordValue || activeFilterCount > 0,
          onClearFilters: () => {
            onUnselectItems();
            setFilters({}, undefined, false);
          },
          titleKey: resource.emptyTitleKey,
          create: mayCreate
            ? { label: translate('admin.table.addNamed', { name: translate(resource.nameKey, { smart_count: 1 }) }), onCreate: () => setCreating(true) }
            : undefined,
        }}
        failed={list.error ? { onRetry: reload } : undefined}
      />
      <EntityPagination
        total={list.total ?? 0}
        page={list.page}
        perPage={list.perPage}
        onPage={(page) => {
          onUnselectItems();
          list.setPage(page);
        }}
        onPerPage={(perPage) => {
          onUnselectItems();
          list.setPerPage(perPage);
        }}
      />

      <EntityRecordDialogs
        prefetch={!list.isPending}
        resource={resource}
        creating={creating}
        editId={editId}
        mayUpdate={mayUpdate}
        accessPending={accessPending}
        onCloseCreate={() => setCreating(false)}
        onCloseEdit={() => onEditIdChange(undefined)}
        onSaved={reloadAfterChange}
        onBackToList={() => onEditIdChange(undefined)}
      />

      {pending?.kind === 'delete' && (
        <DeleteRowDialog
          resource={resource}
          row={pending.row}
          onClose={() => setPending(null)}
          onDeleted={(id) => {
            if (list.selectedIds.includes(id)) list.onToggleItem(id);
            reloadAfterChange();
          }}
        />
      )}
      <ConfirmDialog
        open={pending?.kind === 'deleteSelected'}
        title={translate('admin.table.deleteSelectedTitle', { smart_count: list.selectedIds.length })}
        confirmColor="error"
        busy={deletingMany}
        onCancel={() => setPending(null)}
        onConfirm={() => void deleteSelected()}
        testId="delete-selected-dialog"
      >
        <Typography>{translate('admin.table.deleteSelectedBody', { smart_count: list.selectedIds.length })}</Typography>
      </ConfirmDialog>
      {pending?.kind === 'action' && pending.action.Dialog && (
        <pending.action.Dialog record={pending.row} onClose={() => setPending(null)} onChanged={reloadAfterChange} />
      )}
      <ExportProgressDialog open={csv.showProgress} progress={csv.progress} onCancel={csv.cancel} />
    </>
  );
}
