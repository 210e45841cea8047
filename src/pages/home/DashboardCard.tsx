import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';

interface DashboardCardProps {
  title: string;
  /** Where the whole list lives, with its label ("View all (12)"); omitted when the card shows everything. */
  more?: { to: string; label: string };
  /** A wider card spans both columns of the grid. */
  wide?: boolean;
  testId: string;
  children: ReactNode;
}

/** One section of Home: a titled card (a landmark named by its heading) with a way to the full list. */
export function DashboardCard({ title, more, wide, testId, children }: DashboardCardProps) {
  const headingId = useId();
  return (
    <Card
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid={testId}
      sx={{ display: 'flex', flexDirection: 'column', minWidth: 0, gridColumn: wide ? { md: '1 / -1' } : undefined }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, px: 2, pt: 2, pb: 1 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flex: 1, minWidth: 0, fontSize: '1.05rem', fontWeight: 700 }}>
          {title}
        </Typography>
        {more && (
          <Button component={RouterLink} to={more.to} size="small">
            {more.label}
          </Button>
        )}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0, pb: 1 }}>{children}</Box>
    </Card>
  );
}

/** The grid of cards: one column on a phone, two from 900 px. */
export function DashboardGrid({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>{children}</Box>;
}
