import Box from '@mui/material/Box';
import { useTranslate } from 'react-admin';

/**
 * "In a message: …": the words around the keyword in the newest message it matched (the search's `matchedText`), in
 * the partners' list and the ticket manager alike. Nothing when the ticket was found by its own fields.
 */
export function TicketMatchedText({ text, block = false }: { text: string | undefined; block?: boolean }) {
  const translate = useTranslate();
  if (!text) return null;
  return (
    <Box component="span" sx={{ display: block ? 'block' : undefined, fontStyle: 'italic', overflowWrap: 'anywhere' }} data-testid="ticket-matched-text">
      {translate('tickets.list.matchedText', { text })}
    </Box>
  );
}
