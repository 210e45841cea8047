import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useGetList, useTranslate } from 'react-admin';
import { DEFAULT_PAGE_SIZE } from '../../../contract/http';
import { PARTNER_FORM_STATUSES, partnerFormSectionRoute, type PartnerFormDto, type PartnerFormStatus } from '../../../contract/forms';
import { EmptyState } from '../../components/EmptyState';
import { EntityPagination } from '../../entityTable/EntityPagination';
import { PageHeading } from '../../layout/PageHeading';
import { DueDate } from '../partnerForms/dueDate';
import { useDateTimeFormat } from '../tickets/useDateTimeFormat';
import { firstUnfinishedSectionOf } from './firstUnfinishedSection';
import { PartnerFormStatusBadge } from './PartnerFormStatusBadge';

type StatusFilter = 'ALL' | PartnerFormStatus;
const FILTERS: StatusFilter[] = ['ALL', ...PARTNER_FORM_STATUSES];

/** /forms: the partner's partner forms by status, with progress, note and dates; opening one goes to its first unfinished section. */
export default function OwnPartnerFormListPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const formatTime = useDateTimeFormat();
  const [status, setStatus] = useState<StatusFilter>('ALL');
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(DEFAULT_PAGE_SIZE);
  const [opening, setOpening] = useState<string | null>(null);
  const [openFailed, setOpenFailed] = useState(false);

  const { data, total, isPending, isFetching } = useGetList<PartnerFormDto>(
    'own-partner-forms',
    { pagination: { page, perPage }, filter: status === 'ALL' ? {} : { status } },
    { placeholderData: (previous) => previous },
  );

  const open = async (partnerForm: PartnerFormDto) => {
    setOpening(partnerForm.id);
    setOpenFailed(false);
    try {
      const sectionKey = await firstUnfinishedSectionOf(partnerForm.id);
      if (sectionKey) navigate(partnerFormSectionRoute(partnerForm.id, sectionKey));
      else setOpenFailed(true);
    } catch {
      setOpenFailed(true);
    } finally {
      setOpening(null);
    }
  };

  return (
    <>
      <PageHeading title={translate('formFiller.list.title')}>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>{translate('formFiller.list.description')}</Typography>
      </PageHeading>
      <Card variant="outlined">
        <Tabs
          value={status}
          onChange={(_, next: StatusFilter) => {
            setStatus(next);
            setPage(1);
          }}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={translate('formFiller.list.status')}
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        >
          {FILTERS.map((filter) => (
            <Tab key={filter} value={filter} label={translate(filter === 'ALL' ? 'formFiller.list.all' : `formFiller.list.statuses.${filter}`)} />
          ))}
        </Tabs>
        <Box sx={{ height: 4 }}>{(isFetching || opening) && <LinearProgress aria-label={translate('formFiller.list.opening')} />}</Box>
        {openFailed && (
          <Alert severity="error" sx={{ mx: 2, mb: 1 }} onClose={() => setOpenFailed(false)}>
            {translate('formFiller.list.openFailed')}
          </Alert>
        )}
        {!isPending && (data ?? []).length === 0 ? (
          <EmptyState
            dense
            title={translate(status === 'ALL' ? 'formFiller.list.empty' : 'admin.table.noMatchTitle')}
            action={
              status !== 'ALL' && (
                <Button variant="outlined" onClick={() => setStatus('ALL')}>
                  {translate('admin.table.clearFilters')}
                </Button>
              )
            }
          />
        ) : (
          <List disablePadding aria-label={translate('formFiller.list.title')}>
            {(data ?? []).map((partnerForm) => (
              // The button holds no text and covers the row: its name ("Open …") need not contain the row's whole text.
              <ListItem
                key={partnerForm.id}
                divider
                sx={{ position: 'relative', alignItems: 'flex-start', py: 1.5, gap: 2, flexDirection: { xs: 'column', sm: 'row' } }}
              >
                <PartnerFormSummary partnerForm={partnerForm} formatTime={formatTime} />
                <PartnerFormStatusBadge status={partnerForm.status} />
                <ListItemButton
                  disabled={opening !== null}
                  onClick={() => void open(partnerForm)}
                  aria-label={translate('formFiller.list.open', { name: partnerForm.formName })}
                  aria-describedby={`partner-form-${partnerForm.id}-details`}
                  sx={{ position: 'absolute', inset: 0 }}
                />
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
    </>
  );
}

function PartnerFormSummary({ partnerForm, formatTime }: { partnerForm: PartnerFormDto; formatTime: (iso: string | null) => string }) {
  const translate = useTranslate();
  const share = partnerForm.totalFields ? (partnerForm.filledCount / partnerForm.totalFields) * 100 : 0;
  return (
    <Box sx={{ flex: 1, minWidth: 0, width: '100%' }} id={`partner-form-${partnerForm.id}-details`}>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {partnerForm.formName}{' '}
        <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
          {translate('formFiller.list.version', { number: partnerForm.formVersionNumber })}
        </Typography>
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', my: 0.5, maxWidth: 420 }}>
        <LinearProgress variant="determinate" value={share} sx={{ flex: 1, height: 6, borderRadius: 3 }} aria-hidden />
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          {translate('formFiller.list.progress', { filled: partnerForm.filledCount, total: partnerForm.totalFields })}
        </Typography>
      </Stack>
      {partnerForm.dueAt && partnerForm.status !== 'SUBMITTED' && (
        <Typography variant="body2" sx={{ mb: 0.25 }}>
          <DueDate dueAt={partnerForm.dueAt} status={partnerForm.status} />
        </Typography>
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary', display: 'flex', flexWrap: 'wrap', columnGap: 1.5 }}>
        <span>{translate('formFiller.list.required', { required: partnerForm.requiredFields })}</span>
        <span>{translate('formFiller.list.assigned', { date: formatTime(partnerForm.createdAt) })}</span>
        <span>
          {partnerForm.submittedAt
            ? translate('formFiller.list.submittedAt', { date: formatTime(partnerForm.submittedAt) })
            : translate('formFiller.list.updated', { date: formatTime(partnerForm.updatedAt) })}
        </span>
      </Typography>
      {partnerForm.note && (
        <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
          {partnerForm.note}
        </Typography>
      )}
    </Box>
  );
}
