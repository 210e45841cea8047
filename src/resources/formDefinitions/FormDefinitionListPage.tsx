import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Add from '@mui/icons-material/Add';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
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
    'form-config',
    {
      pagination: { page, perPage },
      sort: { field: 'updatedAt', order: 'DESC' },
      filter: { ...(keyword ? { q: keyword } : {}), ...(status ? { status } : {}) },
    },
    { placeholderData: (previous) => previous },
  );
  // Under the resource's name, so a hub change of `forms` refreshes the counts with the list.
  const { data: counts } = useQuery({ queryKey: ['form-config', 'counts'], queryFn: ({ signal }) => fetchFormCounts(signal) });
  const all = counts ? FORM_STATUSES.reduce((sum, value) => sum + (counts[value] ?? 0), 0) : undefined;
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
          <Typography sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }} data-testid="form-list-empty">
            {keyword || status ? translate('formBuilder.list.noMatch') : translate('formBuilder.list.empty')}
          </Typography>
        ) : (
          <List disablePadding>
            {(data ?? []).map((form) => (
              <ListItem key={form.id} disablePadding>
                <ListItemButton
                  component={RouterLink}
                  to={formEditorRoute(form.id)}
                  divider
                  data-testid="form-row"
                  data-id={form.id}
                  sx={{ gap: 2, alignItems: 'flex-start', py: 1.5 }}
                >
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="form-row-name">
                      {form.name}
                    </Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary', display: 'flex', flexWrap: 'wrap', columnGap: 1.5 }}>
                      <span>{translate('formBuilder.list.version', { number: form.versionNumber })}</span>
                      <span data-testid="form-row-fields">
                        {translate('formBuilder.list.fieldCounts', { total: form.totalFields, required: form.requiredFields })}
                      </span>
                      <span>{translate('formBuilder.list.modified', { time: formatTime(form.updatedAt) })}</span>
                    </Typography>
                  </Box>
                  <FormStatusChip status={form.status} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
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
