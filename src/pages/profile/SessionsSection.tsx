import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { SessionList } from './sessionList';

/** The Security tab's Sessions card: where the user is signed in, this device marked, any other ended at once. */
export function SessionsSection() {
  const translate = useTranslate();
  return (
    <Card variant="outlined" component="section" aria-labelledby="sessions-title" data-testid="sessions-card">
      <CardContent>
        <Typography id="sessions-title" variant="h6" component="h2">
          {translate('sessions.title')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {translate('sessions.intro')}
        </Typography>
        <SessionList owner={{ kind: 'own' }} emptyKey="sessions.none" />
      </CardContent>
    </Card>
  );
}
