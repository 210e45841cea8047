import { useMemo } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useFormState } from 'react-hook-form';
import { Form, HttpError, SelectInput, TextInput, useDataProvider, useTranslate } from 'react-admin';
import { FILE_REQUEST_REASON_MAX, FILE_REQUEST_TEXT_MAX, type AccessibleFileDto } from '../../../../contract/files';
import { fileRequestSchema } from '../../../../contract/schemas/files';
import { schemaResolver } from '../../../schemaForm/schemaResolver';

interface RequestValues {
  fileId: string;
  requestText: string;
  reason: string;
}

export interface FileRequestDialogProps {
  /** Files the user had and may ask for again; the first choice is always "another document". */
  endedFiles: AccessibleFileDto[];
  /** The file "Ask again" was pressed on. */
  fileId?: string | null;
  onClose: () => void;
  onSent: () => void;
}

/** Asks staff for a file: one the user had (ended) or a document described in words, with a reason (fileRequestSchema). */
export function FileRequestDialog({ endedFiles, fileId, onClose, onSent }: FileRequestDialogProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const resolver = useMemo(() => schemaResolver(fileRequestSchema, translate), [translate]);
  const choices = useMemo(() => endedFiles.map((file) => ({ id: file.fileId, name: file.fileName })), [endedFiles]);

  const send = async (values: Partial<RequestValues>) => {
    try {
      await dataProvider.create('file-requests', {
        data: { fileId: values.fileId || null, requestText: values.requestText?.trim() ?? '', reason: values.reason?.trim() ?? '' },
      });
      onSent();
    } catch (error) {
      // The HTTP client has shown the server's message; a field it names shows beside that field.
      if (error instanceof HttpError && error.body?.errors) return error.body.errors as Record<string, string>;
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="file-request-title" slotProps={{ paper: { sx: { width: 560, maxWidth: 'calc(100% - 32px)', m: 2 } } }}>
      <Form<RequestValues> defaultValues={{ fileId: fileId ?? '', requestText: '', reason: '' }} resolver={resolver} onSubmit={send} noValidate>
        <DialogTitle id="file-request-title">{translate('fileAccess.dialog.title')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            {translate('fileAccess.dialog.intro')}
          </Typography>
          {choices.length > 0 && (
            <SelectInput
              source="fileId"
              label="fileAccess.dialog.file"
              choices={choices}
              emptyText="fileAccess.dialog.otherFile"
              fullWidth
              helperText={false}
            />
          )}
          <TextInput
            source="requestText"
            label="fileAccess.dialog.requestText"
            helperText="fileAccess.dialog.requestTextHelp"
            multiline
            minRows={2}
            fullWidth
            slotProps={{ htmlInput: { maxLength: FILE_REQUEST_TEXT_MAX } }}
          />
          <TextInput
            source="reason"
            label="fileAccess.dialog.reason"
            helperText="fileAccess.dialog.reasonHelp"
            multiline
            minRows={3}
            fullWidth
            slotProps={{ htmlInput: { maxLength: FILE_REQUEST_REASON_MAX } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose}>
            {translate('fileAccess.dialog.cancel')}
          </Button>
          <SubmitButton />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

function SubmitButton() {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" disabled={isSubmitting}>
      {translate('fileAccess.dialog.submit')}
    </Button>
  );
}
