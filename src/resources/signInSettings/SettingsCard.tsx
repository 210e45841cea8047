import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

/** One part of the sign-in settings: a titled card. */
export function SettingsCard({ title, intro, testId, children }: { title: string; intro?: string; testId?: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title} data-testid={testId}>
      <CardContent>
        <Typography component="h2" variant="h6">
          {title}
        </Typography>
        {intro && <Typography sx={{ color: 'text.secondary', mb: 2 }}>{intro}</Typography>}
        {children}
      </CardContent>
    </Card>
  );
}
