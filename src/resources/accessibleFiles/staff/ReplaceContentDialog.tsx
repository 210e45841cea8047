import { useRef, useState } from 'react';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNotify, useTranslate } from 'react-admin';
import { MANAGED_FILE_MAX_BYTES, MANAGED_FILES_PER_UPLOAD, type ManagedFileDto } from '../../../../contract/files';
import { formatBytes } from '../../../components/attachments/attachmentRules';
import { ApiError } from '../../../providers/http';
import { replaceManagedFile } from './fileManagerApi';
import { StaffDialog } from './StaffDialog';
import { MANAGED_FILE_ACCEPT, uploadProblem } from './uploadRules';

/** Replaces a file's bytes under the same id: its grants, counts and log stay (PUT /files/{id}/content). */
export function ReplaceContentDialog({ file, onClose, onReplaced }: { file: ManagedFileDto; onClose: () => void; onReplaced: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const size = formatBytes(MANAGED_FILE_MAX_BYTES);

  const replace = async (chosen: File) => {
    const held = uploadProblem(chosen);
    if (held) return setProblem(translate(`fileManager.files.${held}`, { size }));
    setProblem(null);
    setPercent(0);
    try {
      await replaceManagedFile(file.id, chosen, ({ loaded, total }) => setPercent(total ? Math.round((loaded / total) * 100) : 0));
      notify('fileManager.files.replaced', { type: 'success', messageArgs: { name: file.fileName } });
      onReplaced();
      onClose();
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : translate('fileManager.failed'));
    } finally {
      setPercent(null);
    }
  };

  const busy = percent !== null;
  return (
    <StaffDialog title={translate('fileManager.files.replace')} onClose={onClose} busy={busy} testId="replace-file-dialog">
      <Stack spacing={2}>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{file.fileName}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {translate('fileManager.files.limits', { max: MANAGED_FILES_PER_UPLOAD, size })}
        </Typography>
        <input
          ref={input}
          type="file"
          hidden
          accept={MANAGED_FILE_ACCEPT}
          data-testid="replace-file-input"
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            event.target.value = '';
            if (chosen) void replace(chosen);
          }}
        />
        <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => input.current?.click()} disabled={busy} sx={{ alignSelf: 'flex-start' }}>
          {translate('fileManager.files.choose')}
        </Button>
        {busy && (
          <>
            <LinearProgress variant="determinate" value={percent} aria-label={file.fileName} />
            <Typography variant="caption">{translate('fileManager.files.replacing', { name: file.fileName, percent })}</Typography>
          </>
        )}
        {problem && <Alert severity="error">{problem}</Alert>}
      </Stack>
    </StaffDialog>
  );
}
