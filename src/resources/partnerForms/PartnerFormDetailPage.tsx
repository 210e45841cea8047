import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import ArrowBack from '@mui/icons-material/ArrowBack';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useGetOne, useLocaleState, useTranslate } from 'react-admin';
import type { PartnerFormDto } from '../../../contract/forms';
import { SectionQuestions } from '../../components/questions';
import { useResourceAccess } from '../../entityTable/useResourceAccess';
import { PageHeading } from '../../layout/PageHeading';
import { partnerFormActionsFor, PartnerFormActionDialog, type PartnerFormAction } from './partnerFormActions';
import { DateTimeText, OutdatedMarker, PartnerFormProgress } from './PartnerFormCells';
import { PartnerFormPdfButton } from './PartnerFormPdfButton';
import { PartnerFormReviewPanel } from './PartnerFormReviewPanel';
import { PartnerFormStatusChip } from './PartnerFormStatusChip';
import { useAnswerFileOpener } from './useAnswerFileOpener';
import { usePartnerFormSections } from './usePartnerFormSections';

const LIST_PATH = '/partner-forms';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * One partner form for staff (/partner-forms/{id}): its facts and actions, and its answers section by section as
 * the partner sees them, read-only, with staff's comments beside their questions and answered files downloadable.
 * The chosen section is in the address (`?section=key`), so a reading can be linked to.
 */
export default function PartnerFormDetailPage() {
  const translate = useTranslate();
  const { id = '' } = useParams();
  const { can } = useResourceAccess('PartnerForm');
  const queryClient = useQueryClient();
  const { data: partnerForm, isPending, error } = useGetOne<PartnerFormDto>('partner-forms', { id }, { retry: false });
  const [pending, setPending] = useState<PartnerFormAction | null>(null);

  const back = (
    <Button component={RouterLink} to={LIST_PATH} startIcon={<ArrowBack />} size="small" sx={{ mb: 1, ml: -1 }} data-testid="partner-form-back">
      {translate('partnerForms.detail.back')}
    </Button>
  );

  if (isPending) {
    return (
      <>
        {back}
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
          <CircularProgress aria-label={translate('app.loading')} />
        </Box>
      </>
    );
  }
  if (error || !partnerForm) {
    return (
      <>
        {back}
        <PageHeading title={translate('partnerForms.detail.title')} />
        <Card variant="outlined" data-testid="partner-form-not-found">
          <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <SearchOffOutlined color="error" />
            <Typography>{translate('partnerForms.detail.notFound')}</Typography>
          </CardContent>
        </Card>
      </>
    );
  }

  const actions = partnerFormActionsFor(partnerForm, can);
  return (
    <>
      {back}
      <PageHeading title={translate('partnerForms.fields.formWithVersion', { name: partnerForm.formName, version: partnerForm.formVersionNumber })}>
        <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{partnerForm.partnerName}</Typography>
      </PageHeading>
      <Stack spacing={{ xs: 2, md: 3 }}>
        <Card variant="outlined" data-testid="partner-form-detail">
          <CardContent>
            <Stack spacing={2}>
              <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
                <PartnerFormStatusChip status={partnerForm.status} />
                {partnerForm.outdated && <OutdatedMarker />}
                <Box sx={{ flexGrow: 1 }} />
                <PartnerFormPdfButton partnerFormId={partnerForm.id} />
                {actions.map((item) => (
                  <Button
                    key={item.key}
                    variant="outlined"
                    size="small"
                    startIcon={item.icon}
                    onClick={() => setPending(item.action)}
                    data-testid={`partner-form-action-${item.key}`}
                  >
                    {translate(item.labelKey)}
                  </Button>
                ))}
              </Stack>
              <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 4, rowGap: 1.5 }}>
                <Fact label={translate('partnerForms.fields.progress')}>
                  <PartnerFormProgress {...partnerForm} />
                </Fact>
                <Fact label={translate('partnerForms.fields.createdAt')}>
                  <DateTimeText value={partnerForm.createdAt} />
                </Fact>
                <Fact label={translate('partnerForms.fields.updatedAt')}>
                  <DateTimeText value={partnerForm.updatedAt} />
                </Fact>
                <Fact label={translate('partnerForms.fields.submittedAt')}>
                  <DateTimeText value={partnerForm.submittedAt} />
                </Fact>
              </Stack>
              <Fact label={translate('partnerForms.fields.note')}>{partnerForm.note || '—'}</Fact>
            </Stack>
          </CardContent>
        </Card>
        <PartnerFormReviewPanel partnerForm={partnerForm} />
        <PartnerFormReading partnerForm={partnerForm} />
      </Stack>
      {pending && (
        <PartnerFormActionDialog
          action={pending}
          records={[partnerForm]}
          onClose={() => setPending(null)}
          onChanged={() => void queryClient.invalidateQueries({ queryKey: ['partner-forms'] })}
        />
      )}
    </>
  );
}

/** The answers, one section at a time (tabs), read-only. */
function PartnerFormReading({ partnerForm }: { partnerForm: PartnerFormDto }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [params, setParams] = useSearchParams();
  const { sections, reading, isPending, failed } = usePartnerFormSections(partnerForm);
  const openFile = useAnswerFileOpener(partnerForm.id);

  if (failed) return <Alert severity="error">{translate('partnerForms.detail.sectionsFailed')}</Alert>;
  if (!sections?.length && !isPending) return <Typography sx={{ color: 'text.secondary' }}>{translate('partnerForms.detail.noSections')}</Typography>;
  if (isPending || !sections || !reading) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label={translate('app.loading')} />
      </Box>
    );
  }

  const requested = params.get('section');
  const current = sections.find((section) => section.key === requested) ?? sections[0];
  const completeness = new Map(reading.sections.map((summary) => [summary.key, summary]));
  return (
    <Card variant="outlined" data-testid="partner-form-reading">
      <Tabs
        value={current.key}
        onChange={(_, key: string) => setParams((previous) => new URLSearchParams({ ...Object.fromEntries(previous), section: key }), { replace: true })}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={translate('partnerForms.detail.sections')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {sections.map((section) => {
          const summary = completeness.get(section.key);
          return (
            <Tab
              key={section.key}
              value={section.key}
              id={`partner-form-tab-${section.key}`}
              aria-controls="partner-form-section"
              data-testid="partner-form-section-tab"
              label={
                summary ? translate('partnerForms.detail.sectionTab', { title: section.title, filled: summary.filled, total: summary.total }) : section.title
              }
              sx={{ textTransform: 'none' }}
            />
          );
        })}
      </Tabs>
      <CardContent id="partner-form-section" role="tabpanel" aria-labelledby={`partner-form-tab-${current.key}`} data-testid="partner-form-section">
        <SectionQuestions
          section={current}
          sections={sections}
          translate={translate}
          locale={locale}
          answers={reading.answers}
          comments={reading.comments}
          readOnly
          openFile={openFile}
        />
      </CardContent>
    </Card>
  );
}
