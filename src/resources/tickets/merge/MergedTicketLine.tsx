import type { ReactNode } from 'react';
import CallMergeOutlined from '@mui/icons-material/CallMergeOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { ticketNumberOf, type TicketChatMessage } from '../../../../contract/tickets';
import { SafeHtml } from '../../../components/richText/SafeHtml';

/**
 * The line a merge writes in the target's chat (issue 25): which ticket was merged in, in the reader's language,
 * with that ticket's description and own files below it. Neither side's bubble: the portal wrote it.
 */
export function MergedTicketLine({ message, time, files }: { message: TicketChatMessage; time: ReactNode; files: ReactNode }) {
  const translate = useTranslate();
  const merged = message.system!;
  return (
    <Paper variant="outlined" component="article" data-testid="chat-merged-line" sx={{ p: 1.5, bgcolor: 'action.hover', borderStyle: 'dashed' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <CallMergeOutlined fontSize="small" aria-hidden sx={{ color: 'text.secondary' }} />
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {translate('ticketMerge.line', { number: ticketNumberOf(merged.ticketId), subject: merged.subject })}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {time}
        </Typography>
      </Box>
      {message.body && <SafeHtml html={message.body} sx={{ typography: 'body2', mt: 1 }} />}
      {files}
    </Paper>
  );
}
