import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type KeyboardEvent, type ReactNode } from 'react';
import AttachFile from '@mui/icons-material/AttachFile';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { fillPlaceholders, matchCannedResponses, type CannedPlaceholder, type CannedResponseDto } from '../../../../contract/cannedResponses';
import { foldForSearch } from '../../../../contract/fold';
import { TICKET_FILE_ACCEPT, TICKET_MESSAGE_MAX } from '../../../../contract/tickets';
import { addFiles, type FileProblem } from '../../../components/attachments/attachmentRules';
import { PageSkipLink } from '../../../layout/SkipLink';
import { plainTextToHtml } from '../../../components/richText/safeHtml';
import { TICKET_FILE_TYPES_LABEL, ticketAttachmentLimits } from '../ticketAttachments';
import { cannedOptionId, CannedPicker } from './CannedPicker';
import { articleLink, articleText, pickerOptions, type PickerOption } from './pickerOptions';
import { useArticleMatches } from '../../../helpCenter/useArticleMatches';
import { replaceRange, slashQueryAt } from './slashQuery';

interface ChatComposerProps {
  /** A CLOSED ticket: read-only, with the reason shown. */
  closed: boolean;
  /** `internal`: an internal note (issue 25), which only staff ever receive. */
  onSend: (bodyHtml: string, files: File[], internal: boolean) => void;
  onTyping: () => void;
  /** Beside the reply box: the ticket's status and the control that changes it. */
  status?: ReactNode;
  /** Staff holding TicketNotes.Create: the Reply / Internal note switch shows. */
  canNote?: boolean;
  /** Canned responses the `/` picker offers, and the values of their placeholders; absent, `/` is plain text. */
  canned?: { responses: CannedResponseDto[]; values: Partial<Record<CannedPlaceholder, string>> };
  /** Staff holding HelpArticles.View: the `/` picker offers help articles too, to insert as a link or as text. */
  articles?: boolean;
}

type Mode = 'reply' | 'note';

/** The reply box's id, for the page's "Skip to the reply" (one composer per page). */
const REPLY_ID = 'ticket-reply';

/**
 * The chat's input: text (Enter sends, Shift+Enter breaks the line) and files; disabled, saying why, on a closed ticket.
 * Staff may switch it to an internal note, which looks unlike a reply; `/` at the start of a line opens their canned responses.
 */
export function ChatComposer({ closed, onSend, onTyping, status, canNote = false, canned, articles = false }: ChatComposerProps) {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problems, setProblems] = useState<FileProblem[]>([]);
  const [mode, setMode] = useState<Mode>('reply');
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  /** The `/` whose picker Escape closed: it stays shut until another `/` starts a query. */
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const caretAfterInsert = useRef<number | null>(null);
  const listId = useId();
  const note = canNote && mode === 'note';
  const canSend = !closed && (text.trim().length > 0 || files.length > 0) && text.length <= TICKET_MESSAGE_MAX;

  const picks = !!canned || articles;
  const slash = picks ? slashQueryAt(text, caret) : null;
  const pickerOpen = !!slash && slash.start !== dismissedAt;
  const query = pickerOpen ? slash.query : null;
  const cannedMatches = useMemo(() => (query !== null && canned ? matchCannedResponses(canned.responses, query, foldForSearch) : []), [query, canned]);
  const articleMatches = useArticleMatches(query, articles);
  const matches = useMemo(() => pickerOptions(cannedMatches, articleMatches), [cannedMatches, articleMatches]);
  const activeIndex = Math.min(active, Math.max(matches.length - 1, 0));

  useEffect(() => {
    const element = input.current;
    if (caretAfterInsert.current === null || !element) return;
    element.setSelectionRange(caretAfterInsert.current, caretAfterInsert.current);
    caretAfterInsert.current = null;
  }, [text]);

  const send = () => {
    if (!canSend) return;
    onSend(plainTextToHtml(text), files, note);
    setText('');
    setFiles([]);
    setProblems([]);
  };

  const insertText = (inserted: string, start: number, end: number) => {
    const next = replaceRange(text, start, end, inserted);
    caretAfterInsert.current = next.caret;
    setText(next.text);
    setCaret(next.caret);
    setActive(0);
    onTyping();
  };

  const insert = (option: PickerOption) => {
    if (!slash) return;
    if (option.kind === 'canned') {
      if (canned) insertText(fillPlaceholders(option.response.body, canned.values), slash.start, caret);
      return;
    }
    if (option.as === 'link') {
      insertText(`${option.hit.title}: ${articleLink(option.hit)}`, slash.start, caret);
      return;
    }
    const { start } = slash;
    const end = caret;
    // The text comes from the article as readers see it; the `/` query stays until it arrives.
    void articleText(option.hit).then(
      (inserted) => insertText(inserted, start, end),
      () => undefined,
    );
  };

  const onPickerKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (matches.length) setActive((activeIndex + (event.key === 'ArrowDown' ? 1 : matches.length - 1)) % matches.length);
      return true;
    }
    if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey && matches.length) {
      event.preventDefault();
      insert(matches[activeIndex]);
      return true;
    }
    if (event.key === 'Escape') {
      // Only the picker closes, not a dialog the chat may be in.
      event.preventDefault();
      event.stopPropagation();
      setDismissedAt(slash!.start);
      return true;
    }
    return false;
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.nativeEvent.isComposing) return;
    if (pickerOpen && onPickerKey(event)) return;
    // An input method composing a word (Vietnamese Telex) uses Enter to commit it, not to send.
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      send();
    }
  };

  const followCaret = (element: HTMLTextAreaElement) => setCaret(element.selectionStart ?? element.value.length);

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const result = addFiles(files, [...(event.target.files ?? [])], ticketAttachmentLimits);
    setFiles(result.files);
    setProblems(result.problems);
    event.target.value = '';
  };

  const sendLabel = translate(note ? 'ticketNotes.composer.sendNote' : 'tickets.chat.send');
  const placeholder = translate(note ? 'ticketNotes.composer.notePlaceholder' : 'tickets.chat.placeholder');

  return (
    <Box
      sx={(theme) => ({
        p: { xs: 1, sm: 1.5 },
        borderTop: 1,
        borderColor: 'divider',
        // An internal note is written on the notes' colour, as it will show in the chat (ChatBubble `internal`).
        ...(note ? { bgcolor: theme.palette.mode === 'dark' ? 'rgba(255, 167, 38, 0.12)' : '#fff4e5' } : {}),
      })}
      data-testid="chat-composer"
      data-closed={closed ? 'true' : 'false'}
      data-mode={note ? 'note' : 'reply'}
    >
      {status && (
        <Stack direction="row" data-testid="chat-status" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          {status}
        </Stack>
      )}
      {closed && (
        <Alert severity="info" data-testid="chat-closed" sx={{ mb: 1 }}>
          {translate('tickets.chat.closed')}
        </Alert>
      )}
      {canNote && !closed && (
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={mode}
            onChange={(_, next: Mode | null) => next && setMode(next)}
            aria-label={translate('ticketNotes.composer.mode')}
            data-testid="chat-mode"
            // Readable (AA) on the notes' tint as on the page: the unselected in the secondary text colour, not the icons' grey.
            sx={{ '& .MuiToggleButton-root': { color: 'text.secondary', py: 0.25 }, '& .MuiToggleButton-root.Mui-selected': { color: 'text.primary' } }}
          >
            <ToggleButton value="reply">{translate('ticketNotes.composer.reply')}</ToggleButton>
            <ToggleButton value="note">
              <LockOutlined fontSize="small" sx={{ mr: 0.5 }} aria-hidden />
              {translate('ticketNotes.composer.note')}
            </ToggleButton>
          </ToggleButtonGroup>
          {note && (
            <Typography variant="caption" sx={{ color: 'text.primary' }} data-testid="chat-note-hint">
              {translate('ticketNotes.onlyStaff')}
            </Typography>
          )}
        </Stack>
      )}
      {pickerOpen && slash && <CannedPicker id={listId} query={slash.query} options={matches} active={activeIndex} onPick={insert} />}
      {files.length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mb: 1 }}>
          {files.map((file, index) => (
            <Chip
              key={`${file.name}-${index}`}
              size="small"
              label={file.name}
              onDelete={() => setFiles(files.filter((_, i) => i !== index))}
              sx={{ maxWidth: '100%' }}
            />
          ))}
        </Stack>
      )}
      {problems.map((problem) => (
        <Alert key={`${problem.key}-${problem.values.name}`} severity="warning" sx={{ mb: 1, py: 0 }}>
          {translate(problem.key, { ...problem.values, types: translate(TICKET_FILE_TYPES_LABEL) })}
        </Alert>
      ))}
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-end' }}>
        <Tooltip title={translate('tickets.chat.attach')}>
          <span>
            <IconButton onClick={() => fileInput.current?.click()} disabled={closed} aria-label={translate('tickets.chat.attach')}>
              <AttachFile />
            </IconButton>
          </span>
        </Tooltip>
        <input ref={fileInput} type="file" multiple hidden accept={TICKET_FILE_ACCEPT} onChange={onPick} data-testid="chat-file-input" />
        {!closed && <PageSkipLink targetId={REPLY_ID} label={translate('tickets.chat.skipToReply')} testId="skip-to-reply" />}
        <TextField
          id={REPLY_ID}
          value={text}
          inputRef={input}
          onChange={(event) => {
            setText(event.target.value);
            followCaret(event.target as HTMLTextAreaElement);
            setActive(0);
            if (event.target.value) onTyping();
          }}
          onSelect={(event) => followCaret(event.target as HTMLTextAreaElement)}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          disabled={closed}
          multiline
          maxRows={6}
          fullWidth
          size="small"
          error={text.length > TICKET_MESSAGE_MAX}
          helperText={text.length > TICKET_MESSAGE_MAX ? translate('validation.maxLength', { max: TICKET_MESSAGE_MAX }) : undefined}
          slotProps={{
            htmlInput: {
              'data-testid': 'chat-input',
              'aria-label': placeholder,
              // The canned responses' combobox (WAI-ARIA 1.2): the focus stays here, the active option is told by id.
              ...(picks
                ? {
                    role: 'combobox',
                    'aria-autocomplete': 'list',
                    'aria-expanded': pickerOpen,
                    'aria-controls': pickerOpen ? listId : undefined,
                    'aria-activedescendant': pickerOpen && matches.length ? cannedOptionId(listId, activeIndex) : undefined,
                  }
                : {}),
            },
          }}
        />
        <Tooltip title={sendLabel}>
          <span>
            <IconButton color={note ? 'warning' : 'primary'} onClick={send} disabled={!canSend} aria-label={sendLabel} data-testid="chat-send">
              {note ? <LockOutlined /> : <Send />}
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
    </Box>
  );
}
