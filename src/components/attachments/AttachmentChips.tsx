import AttachFile from '@mui/icons-material/AttachFile';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslateMessage } from '../../i18n/translateMessage';
import { formatBytes, type AttachmentRef } from './attachmentRules';
import { useAttachmentDownload } from './useAttachmentDownload';

interface AttachmentChipsProps {
  attachments: readonly AttachmentRef[];
  /** Fetches one with the token (a plain link would carry none) and saves it. */
  onDownload: (attachment: AttachmentRef) => Promise<void>;
}

/** Stored files as chips (a ticket's, a message's); a click downloads one. */
export function AttachmentChips({ attachments, onDownload }: AttachmentChipsProps) {
  const translate = useTranslateMessage();
  const { busyId, download } = useAttachmentDownload(onDownload);
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
          title={translate('app.attachments.download', { name: attachment.fileName })}
          data-testid="attachment-chip"
          sx={{ maxWidth: '100%' }}
        />
      ))}
    </Stack>
  );
}
