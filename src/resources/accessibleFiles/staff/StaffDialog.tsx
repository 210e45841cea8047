import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslate } from 'react-admin';

interface StaffDialogProps {
  title: string;
  children: ReactNode;
  onClose: () => void;
  /** Absent: the dialog only informs (a Close button). */
  onSubmit?: () => void;
  submitLabel?: string;
  submitColor?: 'primary' | 'error';
  busy?: boolean;
  width?: number;
  testId: string;
}

/** A dialog of the staff file screens: a form (Enter submits) with Cancel and its action, fitting a 375 px screen. */
export function StaffDialog({ title, children, onClose, onSubmit, submitLabel, submitColor = 'primary', busy, width = 600, testId }: StaffDialogProps) {
  const translate = useTranslate();
  const titleId = `${testId}-title`;
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      data-testid={testId}
      slotProps={{ paper: { sx: { width, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) onSubmit?.();
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>{children}</DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy} color="inherit" data-testid={`${testId}-cancel`}>
            {translate(onSubmit ? 'fileManager.cancel' : 'fileManager.close')}
          </Button>
          {onSubmit && (
            <Button type="submit" disabled={busy} variant="contained" color={submitColor} data-testid={`${testId}-submit`}>
              {submitLabel ?? translate('fileManager.save')}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
