import { useCallback, useMemo, useState } from 'react';
import AssignmentTurnedInOutlined from '@mui/icons-material/AssignmentTurnedInOutlined';
import UpgradeOutlined from '@mui/icons-material/UpgradeOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Card from '@mui/material/Card';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useListController, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { PARTNER_FORM_STATUSES, staffPartnerFormRoute, type PartnerFormDto } from '../../../contract/forms';
import { DEFAULT_PAGE_SIZE } from '../../../contract/http';
import { AdvancedSearchPanel } from '../../entityTable/AdvancedSearchPanel';
import { EntityPagination } from '../../entityTable/EntityPagination';
import { EntityTableGrid } from '../../entityTable/EntityTableGrid';
import { EntityToolbar } from '../../entityTable/EntityToolbar';
import { ExportProgressDialog } from '../../entityTable/ExportProgressDialog';
import { RowActionMenu, type RowMenuItem } from '../../entityTable/RowActionMenu';
import type { EntityColumn, EntityFilter } from '../../entityTable/types';
import { useCsvExport } from '../../entityTable/useCsvExport';
import { useResourceAccess } from '../../entityTable/useResourceAccess';
import { PageHeading } from '../../layout/PageHeading';
import { PartnerFilterInput } from '../partners/PartnerFilterInput';
import { AssignDialog } from './AssignDialog';
import { DueDate, DueDateNone } from './dueDate';
import { FormDefinitionFilterInput } from './FormDefinitionFilterInput';
import { partnerFormActionsFor, PartnerFormActionDialog, type PartnerFormAction } from './partnerFormActions';
import { DateTimeText, PartnerFormName, PartnerFormProgress } from './PartnerFormCells';
import { PartnerFormExportDialog } from './PartnerFormExportDialog';
import { PartnerFormStatusChip } from './PartnerFormStatusChip';

const columns: EntityColumn<PartnerFormDto>[] = [
  { source: 'partnerName', labelKey: 'partnerForms.fields.partner', sortable: true, maxWidth: 220, card: 'fact' },
  { source: 'formName', labelKey: 'partnerForms.fields.form', sortable: true, maxWidth: 280, render: (row) => <PartnerFormName {...row} />, card: 'title' },
  { source: 'status', labelKey: 'partnerForms.fields.status', sortable: true, render: (row) => <PartnerFormStatusChip status={row.status} />, card: 'status' },
  { source: 'filledCount', labelKey: 'partnerForms.fields.progress', render: (row) => <PartnerFormProgress {...row} />, card: 'fact' },
  {
    source: 'dueAt',
    labelKey: 'dueDates.column',
    sortable: true,
    render: (row) => <DueDate dueAt={row.dueAt} status={row.status} short />,
    renderCard: (row) => (row.dueAt ? <DueDate dueAt={row.dueAt} status={row.status} short wrap /> : <DueDateNone />),
    card: 'fact',
  },
  {
    source: 'updatedAt',
    labelKey: 'partnerForms.fields.updatedAt',
    sortable: true,
    hideOnMobile: true,
    render: (row) => <DateTimeText value={row.updatedAt} />,
    card: 'fact',
  },
  { source: 'note', labelKey: 'partnerForms.fields.note', hideOnMobile: true, maxWidth: 240 },
];

const statusFilter: EntityFilter = {
  kind: 'select',
  source: 'status',
  labelKey: 'partnerForms.fields.status',
  choices: PARTNER_FORM_STATUSES.map((status) => ({ value: status, labelKey: `partnerForms.status.${status}` })),
};
const partnerFilter: EntityFilter = { kind: 'custom', source: 'partnerId', labelKey: 'partnerForms.fields.partner', Input: PartnerFilterInput };
const formFilter: EntityFilter = { kind: 'custom', source: 'definitionId', labelKey: 'partnerForms.fields.form', Input: FormDefinitionFilterInput };
const overdueFilter: EntityFilter = {
  kind: 'select',
  source: 'overdue',
  labelKey: 'dueDates.filterOverdue',
  choices: [
    { value: 'true', labelKey: 'dueDates.filterOverdue', filterValue: true },
    { value: 'false', labelKey: 'dueDates.filterNotOverdue', filterValue: false },
  ],
};

type Pending = { action: PartnerFormAction; records: PartnerFormDto[] } | null;

/**
 * Every partner's partner forms for staff (/partner-forms): status, progress, last change and note, filtered by
 * status, partner and form and searched by keyword, paged on the server and reloaded live. Staff assign a Ready
 * form, export the search of one form (asked in a dialog) as CSV, read a submission, lock, unlock or reopen one, and decide what a newer version
 * of the form means for the partner forms of the old one (selected together).
 */
export default function PartnerFormListPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { can } = useResourceAccess('PartnerForm');
  const list = useListController<PartnerFormDto>({
    resource: 'partner-forms',
    perPage: DEFAULT_PAGE_SIZE,
    sort: { field: 'updatedAt', order: 'DESC' },
    disableSyncWithLocation: true,
    storeKey: 'partner-forms.staffList',
  });
  const { refetch, onUnselectItems, filterValues, setFilters } = list;
  const csv = useCsvExport('partner-forms');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [assigning, setAssigning] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const [choosingExport, setChoosingExport] = useState(false);

  const filters = useMemo(() => [statusFilter, partnerFilter, ...(can({ resource: 'Form', action: 'Search' }) ? [formFilter] : []), overdueFilter], [can]);
  const applyFilters = useCallback(
    (values: Record<string, unknown>) => {
      onUnselectItems();
      setFilters({ ...filterValues, ...values }, undefined, false);
    },
    [filterValues, setFilters, onUnselectItems],
  );
  const reload = useCallback(() => void refetch({ cancelRefetch: false }), [refetch]);

  const mayUpdate = can({ action: 'AdminUpdate' });
  const mayAssign = can({ action: 'Create' }) && can({ action: 'AdminView' });
  const mayExport = can({ action: 'Export' });
  const activeFilterCount = filters.filter((f) => ![undefined, null, ''].includes(filterValues[f.source] as string)).length;
  const selectedRows = (list.data ?? []).filter((row) => list.selectedIds.includes(row.id));

  const menuItems = (row: PartnerFormDto): RowMenuItem[] => [
    {
      key: 'read',
      label: translate('partnerForms.detail.open'),
      icon: <VisibilityOutlined fontSize="small" />,
      onSelect: () => navigate(staffPartnerFormRoute(row.id)),
    },
    ...partnerFormActionsFor(row, can).map((item) => ({
      key: item.key,
      label: translate(item.labelKey),
      icon: item.icon,
      onSelect: () => setPending({ action: item.action, records: [row] }),
    })),
  ];

  return (
    <>
      <PageHeading title={translate('partnerForms.list.title')}>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>{translate('partnerForms.list.description')}</Typography>
      </PageHeading>
      <Card variant="outlined" data-testid="partner-forms-list">
        <EntityToolbar
          keyword={{ value: typeof filterValues.q === 'string' ? filterValues.q : '', onChange: (q) => applyFilters({ q }) }}
          filters={{ open: filtersOpen, activeCount: activeFilterCount, onToggle: () => setFiltersOpen((open) => !open) }}
          selection={mayUpdate ? { count: list.selectedIds.length, onClear: onUnselectItems } : undefined}
          onReload={reload}
          reloading={!!list.isFetching}
          onExport={mayExport ? () => setChoosingExport(true) : undefined}
          exporting={csv.running}
          actions={
            <>
              {mayUpdate && selectedRows.length > 0 && (
                <Button
                  startIcon={<UpgradeOutlined />}
                  onClick={() => setPending({ action: { kind: 'versions' }, records: selectedRows })}
                  data-testid="partner-forms-versions"
                >
                  {translate('partnerForms.versions.open')}
                </Button>
              )}
              {mayAssign && (
                <Button variant="contained" startIcon={<AssignmentTurnedInOutlined />} onClick={() => setAssigning(true)} data-testid="partner-forms-assign">
                  {translate('partnerForms.assign.open')}
                </Button>
              )}
            </>
          }
        />
        <AdvancedSearchPanel open={filtersOpen} filters={filters} applied={filterValues} onApply={applyFilters} />
        <EntityTableGrid<PartnerFormDto>
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
            mayUpdate
              ? {
                  selectedIds: list.selectedIds,
                  isSelectable: (row) => row.outdated,
                  onToggle: (id) => list.onToggleItem(String(id)),
                  onSelectAll: (ids) => list.onSelect(ids.map(String)),
                  onClear: onUnselectItems,
                }
              : undefined
          }
          renderActions={(row) => <RowActionMenu rowTitle={titleOf(row)} items={menuItems(row)} />}
          rowTitle={titleOf}
          empty={{
            filtered: !!filterValues.q || activeFilterCount > 0,
            onClearFilters: () => {
              onUnselectItems();
              setFilters({}, undefined, false);
            },
            create: mayAssign ? { label: translate('partnerForms.assign.open'), onCreate: () => setAssigning(true) } : undefined,
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
      </Card>
      {assigning && <AssignDialog onClose={() => setAssigning(false)} onAssigned={reload} />}
      {pending && (
        <PartnerFormActionDialog
          action={pending.action}
          records={pending.records}
          onClose={() => setPending(null)}
          onChanged={() => {
            onUnselectItems();
            reload();
          }}
        />
      )}
      {choosingExport && (
        <PartnerFormExportDialog
          definitionId={typeof filterValues.definitionId === 'string' ? filterValues.definitionId : undefined}
          onClose={() => setChoosingExport(false)}
          onExport={({ definitionId, headers }) =>
            void csv.start({ filter: { ...filterValues, definitionId, ...(headers === 'keys' ? { headers } : {}) }, sort: list.sort })
          }
        />
      )}
      <ExportProgressDialog open={csv.showProgress} progress={csv.progress} onCancel={csv.cancel} />
    </>
  );
}

const titleOf = (row: PartnerFormDto) => `${row.partnerName} · ${row.formName}`;
