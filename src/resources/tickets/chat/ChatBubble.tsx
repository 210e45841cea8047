import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SafeHtml } from '../../../components/richText/SafeHtml';

interface ChatBubbleProps {
  own: boolean;
  author: ReactNode;
  time: ReactNode;
  body: string;
  children?: ReactNode;
  testId?: string;
  faded?: boolean;
}

/** One message: ours on the right in the primary colour, theirs on the left; author and time above the text. */
export function ChatBubble({ own, author, time, body, children, testId = 'chat-message', faded }: ChatBubbleProps) {
  return (
    <Box
      data-testid={testId}
      data-own={own ? 'true' : 'false'}
      sx={{ display: 'flex', flexDirection: 'column', alignItems: own ? 'flex-end' : 'flex-start', opacity: faded ? 0.7 : 1 }}
    >
      <Typography
        variant="caption"
        sx={{ color: 'text.secondary', px: 1, display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: own ? 'flex-end' : 'flex-start' }}
      >
        <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
          {author}
        </Box>
        <span>{time}</span>
      </Typography>
      <Box
        sx={(theme) => ({
          maxWidth: { xs: '88%', sm: '75%' },
          px: 1.5,
          py: 1,
          borderRadius: 2,
          borderTopRightRadius: own ? 4 : undefined,
          borderTopLeftRadius: own ? undefined : 4,
          bgcolor: own ? 'primary.main' : theme.palette.mode === 'dark' ? 'grey.800' : 'grey.100',
          color: own ? 'primary.contrastText' : 'text.primary',
          '& a': { color: 'inherit' },
          // Attachments and links take the bubble's text colour, readable on ours as on theirs.
          '& .MuiChip-root': { color: 'inherit', borderColor: 'currentColor' },
          '& .MuiChip-icon': { color: 'inherit' },
        })}
      >
        {body ? <SafeHtml html={body} data-testid="chat-message-body" sx={{ typography: 'body2' }} /> : null}
        {children ? <Box sx={{ mt: body ? 1 : 0 }}>{children}</Box> : null}
      </Box>
    </Box>
  );
}
