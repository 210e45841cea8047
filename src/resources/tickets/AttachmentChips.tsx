import AttachFile from '@mui/icons-material/AttachFile';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslate } from 'react-admin';
import type { TicketAttachmentRef } from '../../../contract/tickets';
import { formatBytes } from './attachmentRules';
import { useAttachmentDownload } from './useAttachmentDownload';

/** A ticket's or a message's files; a click downloads one with the token (a plain link would carry none). */
export function AttachmentChips({ ticketId, attachments }: { ticketId: string; attachments: readonly TicketAttachmentRef[] }) {
  const translate = useTranslate();
  const { busyId, download } = useAttachmentDownload(ticketId);
  if (attachments.length === 0) return null;

  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
      {attachments.map((attachment) => (
        <Chip
          key={attachment.id}
          icon={<AttachFile />}
          label={`${attachment.fileName} (${formatBytes(attachment.size)})`}
          onClick={() => void download(attachment)}
          disabled={busyId === attachment.id}
          variant="outlined"
          size="small"
          title={translate('tickets.files.download', { name: attachment.fileName })}
          data-testid="attachment-chip"
          sx={{ maxWidth: '100%' }}
        />
      ))}
    </Stack>
  );
}
