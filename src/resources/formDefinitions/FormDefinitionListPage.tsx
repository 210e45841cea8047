import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Add from '@mui/icons-material/Add';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useGetList, usePermissions, useTranslate } from 'react-admin';
import { DEFAULT_PAGE_SIZE } from '../../../contract/http';
import { FORM_STATUSES, formEditorRoute, type FormDto, type FormStatus } from '../../../contract/forms';
import { canAccessWith } from '../../../contract/permissions';
import { EmptyState } from '../../components/EmptyState';
import { LinkedRowList } from '../../components/LinkedRowList';
import { EntityPagination } from '../../entityTable/EntityPagination';
import { PageHeading } from '../../layout/PageHeading';
import { useDateTimeFormat } from '../tickets/useDateTimeFormat';
import { fetchFormCounts } from './formDefinitionApi';
import { FormCreateDialog } from './FormCreateDialog';
import { FormStatusChip } from './FormStatusChip';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * The form versions (/form-config): tabs by state with their counts, a search by name, newest change first;
 * "New form" makes a definition's version 1 and opens it. Refreshed live when a form changes.
 */
export default function FormDefinitionListPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const formatTime = useDateTimeFormat();
  const { permissions } = usePermissions<string[]>();
  const mayCreate = canAccessWith(permissions ?? [], { resource: 'Form', action: 'Create' });
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<FormStatus | ''>('');
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(DEFAULT_PAGE_SIZE);
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => {
      setKeyword(typed.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const { data, total, isPending, isFetching } = useGetList<FormDto>(
    'forms',
    {
      pagination: { page, perPage },
      sort: { field: 'updatedAt', order: 'DESC' },
      filter: { ...(keyword ? { q: keyword } : {}), ...(status ? { status } : {}) },
    },
    { placeholderData: (previous) => previous },
  );
  // Under the resource's name, so a hub change of `forms` refreshes the counts with the list.
  const { data: counts } = useQuery({ queryKey: ['forms', 'counts'], queryFn: ({ signal }) => fetchFormCounts(signal) });
  const all = counts ? FORM_STATUSES.reduce((sum, value) => sum + (counts[value] ?? 0), 0) : undefined;
  const clearSearch = () => {
    setTyped('');
    setKeyword('');
    setStatus('');
    setPage(1);
  };
  const tabLabel = (label: string, count: number | undefined) => (count === undefined ? label : translate('formBuilder.list.tab', { label, count }));

  return (
    <>
      <PageHeading title={translate('formBuilder.list.title')}>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>{translate('formBuilder.list.description')}</Typography>
      </PageHeading>
      <Card variant="outlined" data-testid="form-list">
        <Tabs
          value={status}
          onChange={(_, next: FormStatus | '') => {
            setStatus(next);
            setPage(1);
          }}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={translate('formBuilder.list.statusFilter')}
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        >
          <Tab value="" label={tabLabel(translate('formBuilder.list.all'), all)} data-testid="form-status-tab-all" />
          {FORM_STATUSES.map((value) => (
            <Tab
              key={value}
              value={value}
              label={tabLabel(translate(`formBuilder.status.${value}`), counts?.[value])}
              data-testid={`form-status-tab-${value}`}
            />
          ))}
        </Tabs>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ p: 2, alignItems: { sm: 'center' } }}>
          <TextField
            size="small"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder={translate('formBuilder.list.search')}
            sx={{ flex: 1, maxWidth: { sm: 360 } }}
            slotProps={{
              htmlInput: { 'aria-label': translate('formBuilder.list.search'), 'data-testid': 'form-search' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Search fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Box sx={{ flexGrow: 1, display: { xs: 'none', sm: 'block' } }} />
          {mayCreate && (
            <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)} data-testid="form-new">
              {translate('formBuilder.list.new')}
            </Button>
          )}
        </Stack>
        <Box sx={{ height: 4 }}>{isFetching && <LinearProgress aria-label={translate('app.loading')} />}</Box>
        {!isPending && (data ?? []).length === 0 ? (
          keyword || status ? (
            <EmptyState
              dense
              title={translate('formBuilder.list.noMatch')}
              hint={translate('admin.table.noMatchHint')}
              action={
                <Button variant="outlined" onClick={clearSearch}>
                  {translate('admin.table.clearFilters')}
                </Button>
              }
              testId="form-list-empty"
            />
          ) : (
            <EmptyState
              dense
              title={translate('formBuilder.list.empty')}
              action={
                mayCreate && (
                  <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)} data-testid="form-list-empty-new">
                    {translate('formBuilder.list.new')}
                  </Button>
                )
              }
              testId="form-list-empty"
            />
          )
        ) : (
          <LinkedRowList
            testId="form-row"
            titleId="name"
            rows={(data ?? []).map((form) => ({
              id: form.id,
              to: formEditorRoute(form.id),
              title: form.name,
              facts: (
                <>
                  <span>{translate('formBuilder.list.version', { number: form.versionNumber })}</span>
                  <span data-testid="form-row-fields">
                    {translate('formBuilder.list.fieldCounts', { total: form.totalFields, required: form.requiredFields })}
                  </span>
                  <span>{translate('formBuilder.list.modified', { time: formatTime(form.updatedAt) })}</span>
                </>
              ),
              status: <FormStatusChip status={form.status} />,
            }))}
          />
        )}
        <EntityPagination
          total={total ?? 0}
          page={page}
          perPage={perPage}
          onPage={setPage}
          onPerPage={(next) => {
            setPerPage(next);
            setPage(1);
          }}
        />
      </Card>
      {creating && <FormCreateDialog onClose={() => setCreating(false)} onCreated={(form) => navigate(formEditorRoute(form.id))} />}
    </>
  );
}
