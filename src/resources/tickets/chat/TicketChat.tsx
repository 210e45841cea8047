import { Fragment, useEffect, useRef, type ReactNode } from 'react';
import DoneAll from '@mui/icons-material/DoneAll';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { ticketAcceptsMessages, type TicketChatMessage, type TicketDto, type TicketStatus } from '../../../../contract/tickets';
import { AttachmentChips } from '../../../components/attachments/AttachmentChips';
import { downloadAttachment } from '../ticketApi';
import { ChatBubble } from './ChatBubble';
import { ChatComposer } from './ChatComposer';
import { ChatDivider } from './ChatDivider';
import { MergedTicketLine } from '../merge/MergedTicketLine';
import { ChatTime } from './ChatTime';
import { firstUnreadId, lastSeenId, sideOfMessage, sideOfReader } from './chatSides';
import { dayKeyOf, useChatTimeFormat, useNow } from './chatTime';
import type { OutgoingMessage } from './outbox';
import { useMarkNewestRead } from './useMarkNewestRead';
import { useTicketChat } from './useTicketChat';
import { useTicketReads } from './useTicketReads';
import { useTypingPeople, useTypingSender } from './useTyping';
import { useComposerExtras } from './useComposerExtras';

interface TicketChatProps {
  ticketId: string;
  status: TicketStatus;
  /** The reader: their own messages say "You". */
  userId: string | undefined;
  /** The reader's partner (null for staff): which side is "us" (DESIGN.md "Tickets"). */
  readerPartnerId: string | null | undefined;
  /** Beside the reply box: the status and the control that changes it. */
  statusControl?: ReactNode;
  /** The ticket's names, for the placeholders of canned responses (issue 25). */
  ticket?: Pick<TicketDto, 'partnerName' | 'subject'>;
}

/** Near the bottom: a new message scrolls into view; further up, the reader is reading history and stays. */
const STICK_TO_BOTTOM_PX = 120;

/**
 * A ticket's chat, the same for the partner and for staff, seen from the reader's side: ours on the right (for
 * staff every staff author, for a partner their partner's users), the other side's on the left; days apart,
 * "New messages" where the reader stopped, "Seen" under ours the other side has read; live, with the outbox.
 */
export function TicketChat({ ticketId, status, userId, readerPartnerId, statusControl, ticket }: TicketChatProps) {
  const translate = useTranslate();
  const format = useChatTimeFormat();
  const now = useNow();
  const { messages, pending, loadState, send, retry, discard, reload } = useTicketChat(ticketId);
  const { reads, openedMine, loaded, markRead } = useTicketReads(ticketId);
  const typing = useTypingPeople(ticketId, userId);
  const onTyping = useTypingSender(ticketId);
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const side = sideOfReader(readerPartnerId);
  const { canNote, canned, articles } = useComposerExtras(ticketId, ticket, side === 'staff');
  useMarkNewestRead(scroller, messages.at(-1), markRead);

  const unreadId = loaded && openedMine !== undefined ? firstUnreadId(messages, openedMine, side) : null;
  const seenId = reads ? lastSeenId(messages, reads, side) : null;

  const positionedFor = useRef<string | null>(null);
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const marker = element.querySelector<HTMLElement>('[data-testid="chat-unread"]');
    // Once, when the chat and the reads are in: the reader starts where they stopped. Later, new messages
    // follow at the bottom unless the reader scrolled up.
    if (positionedFor.current !== ticketId && loadState === 'ready' && loaded) {
      positionedFor.current = ticketId;
      if (marker) {
        element.scrollTop += marker.getBoundingClientRect().top - element.getBoundingClientRect().top - 8;
        return;
      }
    }
    if (atBottom.current) element.scrollTop = element.scrollHeight;
  }, [ticketId, messages, pending, typing.length, loadState, loaded]);

  const authorOf = (message: TicketChatMessage) => {
    if (message.authorId === userId) return translate('tickets.chat.you');
    if (message.authorIsStaff && side === 'partner') return translate('tickets.chat.staffAuthor', { name: message.authorName });
    return message.authorName;
  };

  const pendingLabel = (message: OutgoingMessage) =>
    message.state === 'failed'
      ? translate('tickets.chat.failed', { reason: message.error ?? '' })
      : message.state === 'sending'
        ? translate('tickets.chat.sending')
        : translate('tickets.chat.queued');

  const dayLabels = { today: translate('tickets.chat.today'), yesterday: translate('tickets.chat.yesterday') };

  return (
    <Card variant="outlined" data-testid="ticket-chat" sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardHeader title={translate('tickets.chat.title')} slotProps={{ title: { variant: 'h6', component: 'h2' } }} sx={{ py: 1.5 }} />
      <Box
        ref={scroller}
        onScroll={(event) => {
          const element = event.currentTarget;
          atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM_PX;
        }}
        data-testid="chat-messages"
        role="log"
        tabIndex={0}
        aria-label={translate('tickets.chat.history')}
        sx={{
          // The history takes the screen left under the page's heading, so the reply box stays in view.
          height: { xs: 'calc(100dvh - 520px)', md: 'calc(100dvh - 500px)' },
          minHeight: 240,
          overflowY: 'auto',
          px: { xs: 1, sm: 2 },
          py: 1,
          borderTop: 1,
          borderColor: 'divider',
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
        }}
      >
        {loadState === 'loading' && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress size={28} aria-label={translate('app.loading')} />
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
          {messages.map((message, index) => {
            const ours = sideOfMessage(message) === side;
            const newDay = index === 0 || dayKeyOf(messages[index - 1].createdAt) !== dayKeyOf(message.createdAt);
            const files = message.attachments.length > 0 && (
              <AttachmentChips attachments={message.attachments} onDownload={(file) => downloadAttachment(ticketId, file)} />
            );
            if (message.system) {
              return (
                <Fragment key={message.id}>
                  {newDay && <ChatDivider testId="chat-day" label={format.day(message.createdAt, now, dayLabels)} />}
                  <MergedTicketLine message={message} time={<ChatTime iso={message.createdAt} now={now} />} files={files} />
                </Fragment>
              );
            }
            return (
              <Fragment key={message.id}>
                {newDay && <ChatDivider testId="chat-day" label={format.day(message.createdAt, now, dayLabels)} />}
                {message.id === unreadId && <ChatDivider testId="chat-unread" label={translate('tickets.chat.newMessages')} accent />}
                <ChatBubble
                  messageId={message.id}
                  ours={ours}
                  authorName={message.authorName}
                  author={authorOf(message)}
                  time={<ChatTime iso={message.createdAt} now={now} />}
                  body={message.body}
                  internal={message.internal}
                  footer={
                    message.id === seenId ? (
                      <Typography
                        variant="caption"
                        data-testid="chat-seen"
                        sx={{ color: 'text.secondary', display: 'flex', alignItems: 'center', gap: 0.5, px: 0.5 }}
                      >
                        <DoneAll sx={{ fontSize: 14 }} aria-hidden />
                        {translate('tickets.chat.seen')}
                      </Typography>
                    ) : null
                  }
                >
                  {files || null}
                </ChatBubble>
              </Fragment>
            );
          })}
          {pending.map((message) => (
            <ChatBubble
              key={message.clientId}
              ours
              authorName={translate('tickets.chat.you')}
              author={translate('tickets.chat.you')}
              time={pendingLabel(message)}
              body={message.body}
              internal={message.internal}
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
      <ChatComposer
        closed={!ticketAcceptsMessages(status)}
        onSend={send}
        onTyping={onTyping}
        status={statusControl}
        canNote={canNote}
        canned={canned}
        articles={articles}
      />
    </Card>
  );
}
