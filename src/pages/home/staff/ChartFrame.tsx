import { Suspense, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';

/**
 * A lazily loaded chart, hidden from assistive technology because its figures stand beside it as text;
 * a skeleton of its height holds the place while the charting code loads.
 */
export function ChartFrame({ height, children }: { height: number; children: ReactNode }) {
  return (
    <Box aria-hidden sx={{ minWidth: 0, flex: 1, minHeight: height }} data-testid="dashboard-chart">
      <Suspense fallback={<Skeleton variant="rounded" height={height} />}>{children}</Suspense>
    </Box>
  );
}
