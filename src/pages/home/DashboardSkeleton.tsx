import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import { useTranslate } from 'react-admin';
import { DashboardGrid } from './DashboardCard';

/** Cards' outlines while the dashboard loads: a title and a few item rows each. */
export function DashboardSkeleton() {
  const translate = useTranslate();
  return (
    <Box role="status" aria-label={translate('dashboard.loading')} aria-busy data-testid="dashboard-skeleton">
      <DashboardGrid>
        {[0, 1, 2, 3].map((card) => (
          <Card key={card} variant="outlined" sx={{ p: 2 }}>
            <Skeleton variant="text" width="45%" sx={{ fontSize: '1.25rem', mb: 1 }} />
            {[0, 1, 2].map((row) => (
              <Box key={row} sx={{ py: 1 }}>
                <Skeleton variant="text" width="80%" />
                <Skeleton variant="text" width="55%" />
              </Box>
            ))}
          </Card>
        ))}
      </DashboardGrid>
    </Box>
  );
}
