import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface EmptyStateProps {
  /** What is (not) here, e.g. "No tickets yet". */
  title: string;
  /** The next step in words, e.g. "Raise a ticket and support will answer here." */
  hint?: string;
  /** The next step as a control (a button or link); omit when the reader can do nothing about it. */
  action?: ReactNode;
  icon?: ReactNode;
  /** A smaller block for cards and table cells. */
  dense?: boolean;
  testId?: string;
}

/** An empty list or a failed load that says what to do next: never a bare "No results found". */
export function EmptyState({ title, hint, action, icon, dense, testId = 'empty-state' }: EmptyStateProps) {
  return (
    <Box role="status" data-testid={testId} sx={{ textAlign: 'center', py: dense ? 3 : 6, px: 2, color: 'text.secondary' }}>
      {icon && <Box sx={{ mb: 1, '& svg': { fontSize: dense ? 32 : 48 } }}>{icon}</Box>}
      <Typography component="p" variant={dense ? 'body1' : 'h6'} sx={{ color: 'text.primary', fontWeight: 600 }}>
        {title}
      </Typography>
      {hint && (
        <Typography component="p" variant="body2" sx={{ mt: 0.5 }}>
          {hint}
        </Typography>
      )}
      {action && <Box sx={{ mt: 2 }}>{action}</Box>}
    </Box>
  );
}
