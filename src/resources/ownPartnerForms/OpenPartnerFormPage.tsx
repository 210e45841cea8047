import { Navigate, Link as RouterLink, useParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { partnerFormSectionRoute, partnerFormsRoute } from '../../../contract/forms';
import { EmptyState } from '../../components/EmptyState';
import { firstUnfinishedSectionOf } from './firstUnfinishedSection';

/** /forms/{id}: a link to a partner form (Home's forms due) opens its first unfinished section. */
export default function OpenPartnerFormPage() {
  const translate = useTranslate();
  const { partnerFormId = '' } = useParams();
  const { data: sectionKey, isPending } = useQuery({
    queryKey: ['partner-forms', 'first-unfinished', partnerFormId],
    queryFn: () => firstUnfinishedSectionOf(partnerFormId),
    retry: false,
    gcTime: 0,
  });
  if (sectionKey) return <Navigate replace to={partnerFormSectionRoute(partnerFormId, sectionKey)} />;
  if (isPending) return <LinearProgress aria-label={translate('formFiller.list.opening')} />;
  return (
    <EmptyState
      title={translate('formFiller.list.openFailed')}
      action={
        <Button component={RouterLink} to={partnerFormsRoute} variant="contained">
          {translate('formFiller.list.title')}
        </Button>
      }
    />
  );
}
