import type { ReactNode } from 'react';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SafeHtml } from '../../../components/richText/SafeHtml';
import { useTranslate } from 'react-admin';
import { UserAvatar } from '../../../layout/UserAvatar';

interface ChatBubbleProps {
  /** Our side (the reader's): on the right in the brand colour; the other side on the left. */
  ours: boolean;
  /** The author's own name: their avatar's initials and its accessible name. */
  authorName: string;
  /** What the line above the text calls the author ("You", "Ada Admin (support)"). */
  author: ReactNode;
  time: ReactNode;
  body: string;
  children?: ReactNode;
  /** Under the bubble: "Seen", or the state of a message still in the outbox. */
  footer?: ReactNode;
  testId?: string;
  faded?: boolean;
  messageId?: string;
  /** An internal note (issue 25): drawn unlike any reply (the notes' colour, a dashed edge, a lock and its label). */
  internal?: boolean;
}

/** Up to two initials: "Ada Admin" → "AA", "Phạm" → "P". */
export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');

/** One message with its author's avatar; ours on the right, theirs on the left; author and time above the text. */
export function ChatBubble({ ours, authorName, author, time, body, children, footer, testId = 'chat-message', faded, messageId, internal }: ChatBubbleProps) {
  const translate = useTranslate();
  return (
    <Box
      data-testid={testId}
      data-own={ours ? 'true' : 'false'}
      data-internal={internal ? 'true' : undefined}
      data-message-id={messageId}
      sx={{ display: 'flex', flexDirection: ours ? 'row-reverse' : 'row', alignItems: 'flex-start', gap: 1, opacity: faded ? 0.7 : 1 }}
    >
      <UserAvatar
        user={{ fullName: authorName, initial: initialsOf(authorName) }}
        size={32}
        sx={{
          mt: 2.5,
          fontSize: 13,
          bgcolor: ours ? 'primary.main' : 'grey.700',
          color: ours ? 'primary.contrastText' : 'common.white',
          display: { xs: 'none', sm: 'flex' },
        }}
      />
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: ours ? 'flex-end' : 'flex-start', minWidth: 0, maxWidth: { xs: '92%', sm: '75%' } }}>
        <Typography
          variant="caption"
          component="div"
          sx={{ color: 'text.secondary', px: 0.5, display: 'flex', columnGap: 1, flexWrap: 'wrap', justifyContent: ours ? 'flex-end' : 'flex-start' }}
        >
          <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
            {author}
          </Box>
          {time}
          {internal && (
            <Box
              component="span"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, fontWeight: 600, color: 'text.primary' }}
              data-testid="chat-note-label"
            >
              <LockOutlined sx={{ fontSize: 14, color: 'warning.main' }} aria-hidden />
              {translate('ticketNotes.label')}
            </Box>
          )}
        </Typography>
        <Box
          sx={(theme) => ({
            maxWidth: '100%',
            px: 1.5,
            py: 1,
            borderRadius: 2,
            borderTopRightRadius: ours ? 4 : undefined,
            borderTopLeftRadius: ours ? undefined : 4,
            overflowWrap: 'anywhere',
            // primary.main and its contrastText are the theme's AA pair in both modes (themePalette.ts). A note is
            // on the notes' tint with the page's text colour (AA in both modes), edged dashed in the warning colour.
            bgcolor: internal
              ? theme.palette.mode === 'dark'
                ? 'rgba(255, 167, 38, 0.16)'
                : '#fff4e5'
              : ours
                ? 'primary.main'
                : theme.palette.mode === 'dark'
                  ? 'grey.800'
                  : 'grey.100',
            color: ours && !internal ? 'primary.contrastText' : 'text.primary',
            ...(internal ? { border: '1px dashed', borderColor: 'warning.main' } : {}),
            '& a': { color: 'inherit' },
            // Attachments and links take the bubble's text colour, readable on ours as on theirs.
            '& .MuiChip-root': { color: 'inherit', borderColor: 'currentColor' },
            '& .MuiChip-icon': { color: 'inherit' },
          })}
        >
          {body ? <SafeHtml html={body} data-testid="chat-message-body" sx={{ typography: 'body2' }} /> : null}
          {children ? <Box sx={{ mt: body ? 1 : 0 }}>{children}</Box> : null}
        </Box>
        {footer}
      </Box>
    </Box>
  );
}
