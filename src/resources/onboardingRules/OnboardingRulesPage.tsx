import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { PageHeading } from '../../layout/PageHeading';
import { OnboardingRuleList } from './OnboardingRuleList';
import { UpcomingPartnerForms } from './UpcomingPartnerForms';

/** Next partner forms (/next-partner-forms): the onboarding sequence's rules and, per partner, what comes next. */
export default function OnboardingRulesPage() {
  const translate = useTranslate();
  return (
    <>
      <PageHeading title={translate('app.nav.nextPartnerForms')}>
        <Typography color="text.secondary">{translate('validationRules.onboarding.description')}</Typography>
      </PageHeading>
      <Stack spacing={4}>
        <OnboardingRuleList />
        <UpcomingPartnerForms />
      </Stack>
    </>
  );
}
