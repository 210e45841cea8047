import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useTranslate } from 'react-admin';
import type { TicketAttachmentRef } from '../../../../contract/tickets';
import { useAttachmentDownload } from '../../../components/attachments/useAttachmentDownload';
import { downloadAttachment } from '../ticketApi';

/** The attachments column: a dash when there is none, else a file icon per attachment (a click downloads it). */
export function TicketAttachmentIcons({ ticketId, attachments }: { ticketId: string; attachments: readonly TicketAttachmentRef[] }) {
  const translate = useTranslate();
  const { busyId, download } = useAttachmentDownload((file) => downloadAttachment(ticketId, file));
  if (attachments.length === 0) return <span data-testid="ticket-attachments-none">—</span>;
  return (
    <Stack direction="row" data-testid="ticket-attachments">
      {attachments.map((attachment) => (
        <Tooltip key={attachment.id} title={attachment.fileName}>
          <span>
            <IconButton
              size="small"
              onClick={() => void download(attachment)}
              disabled={busyId === attachment.id}
              aria-label={translate('app.attachments.download', { name: attachment.fileName })}
              data-testid="ticket-attachment-icon"
            >
              <InsertDriveFileOutlined fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      ))}
    </Stack>
  );
}
