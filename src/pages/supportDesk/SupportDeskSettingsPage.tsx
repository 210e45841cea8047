import type { ComponentType } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { PageHeading } from '../../layout/PageHeading';
import { ServiceLevelSettingsCard } from './ServiceLevelSettingsCard';
import { AssignmentSettingsCard } from './AssignmentSettingsCard';

/** The page's cards, top to bottom; each checks the permission it needs and shows nothing without it. */
const sections: ComponentType[] = [ServiceLevelSettingsCard, AssignmentSettingsCard];

/** Support desk settings (issue 25): service levels, and the other desk settings each helper adds as a card. */
export default function SupportDeskSettingsPage() {
  const translate = useTranslate();
  return (
    <>
      <PageHeading title={translate('serviceLevels.page.title')}>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>{translate('serviceLevels.page.intro')}</Typography>
      </PageHeading>
      <Stack spacing={3} sx={{ maxWidth: 960 }}>
        {sections.map((Section, index) => (
          <Section key={index} />
        ))}
      </Stack>
    </>
  );
}
