import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { PageHeading } from '../../layout/PageHeading';

/** Stands for a screen that a later issue builds; its route and permission are already real. */
export default function ScreenPlaceholder({ titleKey }: { titleKey: string }) {
  const translate = useTranslate();
  return (
    <>
      <PageHeading title={translate(titleKey)} />
      <Card variant="outlined" data-testid="screen-placeholder">
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <ConstructionOutlined color="action" />
          <Typography sx={{ color: 'text.secondary' }}>{translate('app.screens.placeholder')}</Typography>
        </CardContent>
      </Card>
    </>
  );
}
