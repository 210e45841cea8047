import { useRef, useState, type ChangeEvent, type KeyboardEvent, type ReactNode } from 'react';
import AttachFile from '@mui/icons-material/AttachFile';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useTranslate } from 'react-admin';
import { TICKET_FILE_ACCEPT, TICKET_MESSAGE_MAX } from '../../../../contract/tickets';
import { addFiles, type FileProblem } from '../../../components/attachments/attachmentRules';
import { plainTextToHtml } from '../../../components/richText/safeHtml';
import { TICKET_FILE_TYPES_LABEL, ticketAttachmentLimits } from '../ticketAttachments';

interface ChatComposerProps {
  /** A CLOSED ticket: read-only, with the reason shown. */
  closed: boolean;
  onSend: (bodyHtml: string, files: File[]) => void;
  onTyping: () => void;
  /** Beside the reply box: the ticket's status and the control that changes it. */
  status?: ReactNode;
}

/** The chat's input: text (Enter sends, Shift+Enter breaks the line) and files; disabled, saying why, on a closed ticket. */
export function ChatComposer({ closed, onSend, onTyping, status }: ChatComposerProps) {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problems, setProblems] = useState<FileProblem[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const canSend = !closed && (text.trim().length > 0 || files.length > 0) && text.length <= TICKET_MESSAGE_MAX;

  const send = () => {
    if (!canSend) return;
    onSend(plainTextToHtml(text), files);
    setText('');
    setFiles([]);
    setProblems([]);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // An input method composing a word (Vietnamese Telex) uses Enter to commit it, not to send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const result = addFiles(files, [...(event.target.files ?? [])], ticketAttachmentLimits);
    setFiles(result.files);
    setProblems(result.problems);
    event.target.value = '';
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 1.5 }, borderTop: 1, borderColor: 'divider' }} data-testid="chat-composer" data-closed={closed ? 'true' : 'false'}>
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
        <TextField
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value) onTyping();
          }}
          onKeyDown={onKeyDown}
          placeholder={translate('tickets.chat.placeholder')}
          disabled={closed}
          multiline
          maxRows={6}
          fullWidth
          size="small"
          error={text.length > TICKET_MESSAGE_MAX}
          helperText={text.length > TICKET_MESSAGE_MAX ? translate('validation.maxLength', { max: TICKET_MESSAGE_MAX }) : undefined}
          slotProps={{ htmlInput: { 'data-testid': 'chat-input', 'aria-label': translate('tickets.chat.placeholder') } }}
        />
        <Tooltip title={translate('tickets.chat.send')}>
          <span>
            <IconButton color="primary" onClick={send} disabled={!canSend} aria-label={translate('tickets.chat.send')} data-testid="chat-send">
              <Send />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
    </Box>
  );
}
