import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { DashboardPartnerForm, PartnerDashboardDto } from '../../../../contract/dashboard';
import { partnerFormsRoute } from '../../../../contract/forms';
import { EmptyState } from '../../../components/EmptyState';
import { DueDate } from '../../../resources/partnerForms/dueDate';
import { DashboardCard } from '../DashboardCard';
import { viewAll } from '../viewAll';
import { useOpenPartnerForm } from './useOpenPartnerForm';

/** Onboarding: how many forms are submitted, and each form due with its progress and next step. */
export function OnboardingCard({ onboarding }: { onboarding: NonNullable<PartnerDashboardDto['onboarding']> }) {
  const translate = useTranslate();
  const { due } = onboarding;
  const opener = useOpenPartnerForm();
  return (
    <DashboardCard
      title={translate('dashboard.onboarding.title')}
      more={viewAll(translate, partnerFormsRoute, due, 'dashboard.onboarding.all')}
      testId="dashboard-onboarding"
    >
      {onboarding.assigned > 0 && (
        <Typography variant="body2" sx={{ px: 2, color: 'text.secondary' }}>
          {translate('dashboard.onboarding.summary', { submitted: onboarding.submitted, assigned: onboarding.assigned })}
        </Typography>
      )}
      {due.items.length === 0 ? (
        <EmptyState dense title={translate('dashboard.onboarding.emptyTitle')} hint={translate('dashboard.onboarding.emptyHint')} />
      ) : (
        <List dense aria-label={translate('dashboard.onboarding.title')}>
          {due.items.map((form) => (
            <DueForm key={form.id} form={form} opener={opener} />
          ))}
        </List>
      )}
    </DashboardCard>
  );
}

function DueForm({ form, opener }: { form: DashboardPartnerForm; opener: ReturnType<typeof useOpenPartnerForm> }) {
  const translate = useTranslate();
  const share = form.totalFields ? Math.round((form.filledCount / form.totalFields) * 100) : 0;
  const progress = translate('dashboard.onboarding.progress', { filled: form.filledCount, total: form.totalFields });
  const action = translate(`dashboard.onboarding.action.${form.nextStep}`);
  return (
    <ListItem sx={{ px: 2, py: 1.25, gap: 2, alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{form.formName}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          <Box
            component="span"
            sx={form.nextStep === 'fix' ? (theme) => ({ color: theme.palette.mode === 'dark' ? 'warning.light' : 'warning.dark', fontWeight: 600 }) : undefined}
          >
            {translate(`dashboard.onboarding.nextStep.${form.nextStep}`)}
          </Box>
          {` · ${progress}`}
        </Typography>
        {form.dueAt && (
          <Typography variant="body2">
            <DueDate dueAt={form.dueAt} status={form.status} testId="dashboard-onboarding-due" />
          </Typography>
        )}
        <LinearProgress
          variant="determinate"
          value={share}
          aria-label={translate('dashboard.onboarding.progressLabel', { name: form.formName })}
          aria-valuetext={progress}
          sx={{ height: 6, borderRadius: 3, mt: 0.75 }}
        />
      </Box>
      <Button
        component={RouterLink}
        to={partnerFormsRoute}
        onClick={(event: MouseEvent) => void opener.open(event, form.id)}
        aria-busy={opener.opening === form.id}
        variant={form.nextStep === 'wait' ? 'outlined' : 'contained'}
        size="small"
        aria-label={translate('dashboard.onboarding.actionLabel', { action, name: form.formName })}
        sx={{ flexShrink: 0 }}
      >
        {action}
      </Button>
    </ListItem>
  );
}
