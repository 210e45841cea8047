import { useRef, useState } from 'react';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNotify, useTranslate } from 'react-admin';
import { MANAGED_FILE_MAX_BYTES, MANAGED_FILES_PER_UPLOAD } from '../../../../contract/files';
import { formatBytes } from '../../../components/attachments/attachmentRules';
import { ApiError } from '../../../providers/http';
import { uploadManagedFile } from './fileManagerApi';
import { StaffDialog } from './StaffDialog';
import { MANAGED_FILE_ACCEPT, uploadProblem, type UploadProblem } from './uploadRules';

type Upload =
  | { file: File; state: 'held'; problem: UploadProblem }
  | { file: File; state: 'waiting' }
  | { file: File; state: 'sending'; percent: number }
  | { file: File; state: 'done' }
  | { file: File; state: 'refused'; message: string };

const maxSize = formatBytes(MANAGED_FILE_MAX_BYTES);

/**
 * Uploads many files at once: each is checked here (type, 50 MB) and then sent alone, one after another, so each
 * shows its own progress and, when the server refuses it (413, 415), its own reason.
 */
export function UploadFilesDialog({ onClose, onUploaded }: { onClose: () => void; onUploaded: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [overflow, setOverflow] = useState(false);
  const [busy, setBusy] = useState(false);

  const update = (index: number, next: Upload) => setUploads((current) => current.map((upload, i) => (i === index ? next : upload)));

  const send = async (picked: File[]) => {
    const chosen = picked.slice(0, MANAGED_FILES_PER_UPLOAD);
    setOverflow(picked.length > chosen.length);
    const batch: Upload[] = chosen.map((file) => {
      const problem = uploadProblem(file);
      return problem ? { file, state: 'held', problem } : { file, state: 'waiting' };
    });
    setUploads(batch);
    setBusy(true);
    let sent = 0;
    for (const [index, upload] of batch.entries()) {
      if (upload.state === 'held') continue;
      const { file } = upload;
      update(index, { file, state: 'sending', percent: 0 });
      try {
        await uploadManagedFile(file, ({ loaded, total }) =>
          update(index, { file, state: 'sending', percent: total ? Math.round((loaded / total) * 100) : 0 }),
        );
        update(index, { file, state: 'done' });
        sent += 1;
      } catch (error) {
        update(index, { file, state: 'refused', message: error instanceof ApiError ? error.message : translate('fileManager.failed') });
      }
    }
    setBusy(false);
    if (sent) {
      notify('fileManager.files.uploaded', { type: 'success', messageArgs: { smart_count: sent } });
      onUploaded();
    }
  };

  return (
    <StaffDialog title={translate('fileManager.files.uploadTitle')} onClose={onClose} busy={busy} testId="upload-files-dialog">
      <Stack spacing={2}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="upload-limits">
          {translate('fileManager.files.limits', { max: MANAGED_FILES_PER_UPLOAD, size: maxSize })}
        </Typography>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={MANAGED_FILE_ACCEPT}
          data-testid="upload-files-input"
          onChange={(event) => {
            const picked = Array.from(event.target.files ?? []);
            event.target.value = '';
            if (picked.length) void send(picked);
          }}
        />
        <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => input.current?.click()} disabled={busy} sx={{ alignSelf: 'flex-start' }}>
          {translate('fileManager.files.choose')}
        </Button>
        {overflow && <Alert severity="warning">{translate('fileManager.files.tooMany', { max: MANAGED_FILES_PER_UPLOAD })}</Alert>}
        {uploads.length > 0 && (
          <List dense disablePadding aria-live="polite">
            {uploads.map((upload, index) => (
              <ListItem key={`${index}-${upload.file.name}`} disableGutters sx={{ display: 'block' }} data-testid="upload-item">
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere', fontWeight: 500 }}>
                  {upload.file.name} · {formatBytes(upload.file.size)}
                </Typography>
                <UploadState upload={upload} />
              </ListItem>
            ))}
          </List>
        )}
      </Stack>
    </StaffDialog>
  );
}

function UploadState({ upload }: { upload: Upload }) {
  const translate = useTranslate();
  const line = (text: string, color: string) => (
    <Typography variant="caption" sx={{ color }} data-testid="upload-state">
      {text}
    </Typography>
  );
  switch (upload.state) {
    case 'held':
      return line(translate(`fileManager.files.${upload.problem}`, { size: maxSize }), 'error.main');
    case 'waiting':
      return line(translate('fileManager.files.waiting'), 'text.secondary');
    case 'sending':
      return (
        <>
          <LinearProgress variant="determinate" value={upload.percent} aria-label={upload.file.name} sx={{ my: 0.5 }} data-testid="upload-progress" />
          {line(translate('fileManager.files.sending', { percent: upload.percent }), 'text.secondary')}
        </>
      );
    case 'done':
      return line(translate('fileManager.files.done'), 'success.main');
    case 'refused':
      return line(translate('fileManager.files.refused', { message: upload.message }), 'error.main');
  }
}
