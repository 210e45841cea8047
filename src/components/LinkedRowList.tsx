import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';

export interface LinkedRow {
  id: string;
  /** The record's page. */
  to: string;
  title: ReactNode;
  /** Short facts under the title, each its own element (they wrap between, never inside). */
  facts: ReactNode;
  /** The record's status chip, at the row's end. */
  status: ReactNode;
}

/**
 * A list page's records as whole-row links: the title, its facts below, the status at the end (the partner's
 * tickets, the form definitions). `testId` names the rows (`{testId}`) and their titles (`{testId}-{titleId}`).
 */
export function LinkedRowList({ rows, testId, titleId }: { rows: LinkedRow[]; testId: string; titleId: string }) {
  return (
    <List disablePadding>
      {rows.map((row) => (
        <ListItem key={row.id} disablePadding>
          <ListItemButton component={RouterLink} to={row.to} divider data-testid={testId} data-id={row.id} sx={{ gap: 2, alignItems: 'flex-start', py: 1.5 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid={`${testId}-${titleId}`}>
                {row.title}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', display: 'flex', flexWrap: 'wrap', columnGap: 1.5, alignItems: 'center' }}>
                {row.facts}
              </Typography>
            </Box>
            {row.status}
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
