import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { ticketAcceptsMessages, type TicketStatus } from '../../../../contract/tickets';
import { AttachmentChips } from '../../../components/attachments/AttachmentChips';
import { downloadAttachment } from '../ticketApi';
import { useDateTimeFormat } from '../useDateTimeFormat';
import { ChatBubble } from './ChatBubble';
import { ChatComposer } from './ChatComposer';
import type { OutgoingMessage } from './outbox';
import { useTicketChat } from './useTicketChat';
import { useTypingPeople, useTypingSender } from './useTyping';

interface TicketChatProps {
  ticketId: string;
  status: TicketStatus;
  /** The reader: their messages show on the right. */
  userId: string | undefined;
}

/** Near the bottom: a new message scrolls into view; further up, the reader is reading history and stays. */
const STICK_TO_BOTTOM_PX = 120;

/** A ticket's chat, the same for the partner and for staff: live messages, typing, outbox, composer. */
export function TicketChat({ ticketId, status, userId }: TicketChatProps) {
  const translate = useTranslate();
  const formatTime = useDateTimeFormat();
  const { messages, pending, loadState, send, retry, discard, reload } = useTicketChat(ticketId);
  const typing = useTypingPeople(ticketId, userId);
  const onTyping = useTypingSender(ticketId);
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);

  useEffect(() => {
    const element = scroller.current;
    if (element && atBottom.current) element.scrollTop = element.scrollHeight;
  }, [messages, pending, typing.length]);

  const pendingLabel = (message: OutgoingMessage) =>
    message.state === 'failed'
      ? translate('tickets.chat.failed', { reason: message.error ?? '' })
      : message.state === 'sending'
        ? translate('tickets.chat.sending')
        : translate('tickets.chat.queued');

  return (
    <Card variant="outlined" data-testid="ticket-chat" sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardHeader title={translate('tickets.chat.title')} slotProps={{ title: { variant: 'h6', component: 'h2' } }} sx={{ pb: 1 }} />
      <Box
        ref={scroller}
        onScroll={(event) => {
          const element = event.currentTarget;
          atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM_PX;
        }}
        data-testid="chat-messages"
        aria-live="polite"
        sx={{ height: { xs: '55vh', md: '50vh' }, minHeight: 260, overflowY: 'auto', px: { xs: 1, sm: 2 }, py: 1 }}
      >
        {loadState === 'loading' && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress size={28} />
          </Box>
        )}
        {loadState === 'error' && (
          <Stack spacing={1} sx={{ alignItems: 'center', py: 4 }}>
            <Typography sx={{ color: 'text.secondary' }}>{translate('tickets.chat.loadFailed')}</Typography>
            <Button onClick={reload}>{translate('tickets.chat.retryLoad')}</Button>
          </Stack>
        )}
        {loadState === 'ready' && messages.length === 0 && pending.length === 0 && (
          <Typography sx={{ color: 'text.secondary', textAlign: 'center', py: 4 }} data-testid="chat-empty">
            {translate('tickets.chat.empty')}
          </Typography>
        )}
        <Stack spacing={1.5}>
          {messages.map((message) => (
            <ChatBubble
              key={message.id}
              own={message.authorId === userId}
              author={message.authorIsStaff ? translate('tickets.chat.staffAuthor', { name: message.authorName }) : message.authorName}
              time={formatTime(message.createdAt)}
              body={message.body}
            >
              {message.attachments.length > 0 ? (
                <AttachmentChips attachments={message.attachments} onDownload={(file) => downloadAttachment(ticketId, file)} />
              ) : null}
            </ChatBubble>
          ))}
          {pending.map((message) => (
            <ChatBubble
              key={message.clientId}
              own
              author={translate('tickets.chat.you')}
              time={pendingLabel(message)}
              body={message.body}
              testId="chat-pending"
              faded={message.state !== 'failed'}
            >
              {message.files.length > 0 && <Typography variant="caption">{message.files.map((f) => f.name).join(', ')}</Typography>}
              {message.state === 'sending' && message.files.length > 0 && (
                <LinearProgress variant="determinate" value={(message.progress ?? 0) * 100} color="inherit" sx={{ mt: 0.5 }} />
              )}
              {message.state === 'failed' && (
                <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
                  <Button size="small" color="inherit" variant="outlined" onClick={() => retry(message.clientId)}>
                    {translate('tickets.chat.retry')}
                  </Button>
                  <Button size="small" color="inherit" onClick={() => discard(message.clientId)}>
                    {translate('tickets.chat.discard')}
                  </Button>
                </Stack>
              )}
            </ChatBubble>
          ))}
        </Stack>
      </Box>
      <Typography
        variant="caption"
        data-testid="typing-indicator"
        sx={{ px: 2, minHeight: 20, color: 'text.secondary', fontStyle: 'italic' }}
        aria-live="polite"
      >
        {typing.length > 0 ? translate('tickets.chat.typing', { smart_count: typing.length, names: typing.join(', ') }) : ''}
      </Typography>
      <ChatComposer closed={!ticketAcceptsMessages(status)} onSend={send} onTyping={onTyping} />
    </Card>
  );
}
