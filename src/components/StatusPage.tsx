import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** A page that explains where the user is (not found, access denied) and offers the way home. */
interface StatusPageProps {
  code?: string;
  title: string;
  body: string;
  homeLabel: string;
  /** Where the button goes: Home unless the page belongs to a list (a missing form: the forms list). */
  homeTo?: string;
  icon?: ReactNode;
  testId: string;
}

export function StatusPage({ code, title, body, homeLabel, homeTo = '/', icon, testId }: StatusPageProps) {
  return (
    <Box sx={{ maxWidth: 480, mx: 'auto', py: { xs: 8, md: 12 }, px: 2, textAlign: 'center' }} data-testid={testId}>
      {icon}
      {code && (
        <Typography variant="h2" component="p" sx={{ fontWeight: 800, color: 'primary.main' }}>
          {code}
        </Typography>
      )}
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 4 }}>{body}</Typography>
      <Button component={RouterLink} to={homeTo} variant="contained" size="large">
        {homeLabel}
      </Button>
    </Box>
  );
}
