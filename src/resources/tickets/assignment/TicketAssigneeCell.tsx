import Box from '@mui/material/Box';
import { useTranslate } from 'react-admin';

/** The assignee's name, or "Unassigned" in italics. */
export function TicketAssigneeCell({ name }: { name: string | null | undefined }) {
  const translate = useTranslate();
  return (
    <Box component="span" data-testid="ticket-assignee-cell" sx={name ? undefined : { fontStyle: 'italic', color: 'text.secondary' }}>
      {name ?? translate('ticketAssignment.assignee.unassigned')}
    </Box>
  );
}
