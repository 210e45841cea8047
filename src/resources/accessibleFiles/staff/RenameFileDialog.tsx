import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useNotify, useTranslate } from 'react-admin';
import { MANAGED_FILE_NAME_MAX, type ManagedFileDto } from '../../../../contract/files';
import { managedFileSchema } from '../../../../contract/schemas/files';
import { fetchManagedFile, renameManagedFile } from './fileManagerApi';
import { useCheckedSubmit } from './useCheckedSubmit';
import { StaffDialog } from './StaffDialog';

/**
 * Renames a file with the version it was read at (If-Match). When someone changed it meanwhile (412) the dialog
 * says so and offers to reload the current file, keeping what was typed.
 */
export function RenameFileDialog({ file, onClose, onRenamed }: { file: ManagedFileDto; onClose: () => void; onRenamed: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [current, setCurrent] = useState(file);
  const [fileName, setFileName] = useState(file.fileName);
  const body = useMemo(() => ({ fileName }), [fileName]);
  const checked = useCheckedSubmit(managedFileSchema, body);
  const { busy, setBusy } = checked;
  const stale = checked.failure.status === 412;

  const rename = () =>
    checked.submit(
      () => renameManagedFile(current, fileName.trim()),
      () => {
        notify('fileManager.files.renamed', { type: 'success' });
        onRenamed();
        onClose();
      },
    );

  const reload = async () => {
    setBusy(true);
    try {
      const fresh = await fetchManagedFile(file.id);
      setCurrent(fresh);
      checked.check();
      onRenamed();
    } catch (error) {
      checked.refused(error);
    } finally {
      setBusy(false);
    }
  };

  const error = checked.errorOf('fileName');
  return (
    <StaffDialog
      title={translate('fileManager.files.renameTitle', { name: current.fileName })}
      onClose={onClose}
      onSubmit={() => void rename()}
      submitLabel={translate('fileManager.files.rename')}
      busy={busy}
      testId="rename-file-dialog"
    >
      <Stack spacing={2}>
        <TextField
          value={fileName}
          onChange={(event) => setFileName(event.target.value)}
          required
          autoFocus
          fullWidth
          label={translate('fileManager.files.newName')}
          error={!!error}
          helperText={error}
          slotProps={{ htmlInput: { maxLength: MANAGED_FILE_NAME_MAX, 'data-testid': 'rename-file-name' } }}
        />
        {stale ? (
          <Alert
            severity="warning"
            data-testid="rename-stale"
            action={
              <Button color="inherit" size="small" onClick={() => void reload()} data-testid="rename-reload">
                {translate('fileManager.reload')}
              </Button>
            }
          >
            {translate('fileManager.files.changedMeanwhile')}
          </Alert>
        ) : (
          checked.failure.message && <Alert severity="error">{checked.failure.message}</Alert>
        )}
      </Stack>
    </StaffDialog>
  );
}
