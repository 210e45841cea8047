import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { useTranslate } from 'react-admin';
import type { AccessibleFileDto } from '../../../../contract/files';
import { formatBytes } from '../../../components/attachments/attachmentRules';
import { downloadsUsedUp, fileTypeKey, useExpiryFormat } from './fileFacts';

/** A file's name, type, size and terms: when access ends (date and "in 3 days") or that its downloads ran out, downloads left, view only. */
export function AccessibleFileFacts({ file, ended = false }: { file: AccessibleFileDto; ended?: boolean }) {
  const translate = useTranslate();
  const expiry = useExpiryFormat();
  const when = { date: expiry.date(file.expiresAt), relative: expiry.relative(file.expiresAt) };
  return (
    <Stack spacing={0.5} sx={{ flex: 1, minWidth: 0 }} id={`accessible-file-${file.fileId}-facts`}>
      <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {file.fileName}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', display: 'flex', flexWrap: 'wrap', columnGap: 1.5 }}>
        <span>{translate(fileTypeKey(file.contentType))}</span>
        <span>{formatBytes(file.size)}</span>
        <span>
          {ended && downloadsUsedUp(file)
            ? translate('fileAccess.ended.limitReached')
            : translate(ended ? 'fileAccess.ended.endedOn' : 'fileAccess.current.expires', when)}
        </span>
      </Typography>
      {!ended && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          {!file.viewOnly && (
            <Typography variant="body2">
              {file.downloadsLeft === null
                ? translate('fileAccess.current.unlimited')
                : file.downloadsLeft === 0
                  ? translate('fileAccess.current.noDownloadsLeft')
                  : translate('fileAccess.current.downloadsLeft', { smart_count: file.downloadsLeft })}
            </Typography>
          )}
          {file.viewOnly && <Chip size="small" variant="outlined" icon={<VisibilityOutlined />} label={translate('fileAccess.current.viewOnly')} />}
        </Stack>
      )}
    </Stack>
  );
}

export interface FileRowAction {
  /** The button's accessible name, naming the file ("Open tax-form.pdf"). */
  label: string;
  text: string;
  icon: ReactNode;
  variant: 'contained' | 'outlined';
  disabled?: boolean;
  onClick: () => void;
}

/** One file of a list with its one action (or, without one, `children` in its place), stacked on a phone. */
export function FileListItem({ file, ended, action, children }: { file: AccessibleFileDto; ended?: boolean; action?: FileRowAction; children?: ReactNode }) {
  return (
    <ListItem divider sx={{ gap: 2, py: 1.5, flexDirection: { xs: 'column', sm: 'row' }, alignItems: { xs: 'stretch', sm: 'center' } }}>
      <AccessibleFileFacts file={file} ended={ended} />
      {action ? (
        <Button
          variant={action.variant}
          startIcon={action.icon}
          disabled={action.disabled}
          onClick={action.onClick}
          aria-label={action.label}
          aria-describedby={`accessible-file-${file.fileId}-facts`}
          sx={{ flexShrink: 0 }}
        >
          {action.text}
        </Button>
      ) : (
        children
      )}
    </ListItem>
  );
}
