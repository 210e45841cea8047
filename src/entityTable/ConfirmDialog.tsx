import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslate } from 'react-admin';

/** Specification section 9: the confirmation dialog is 600px wide (less on a narrow screen). */
export const CONFIRM_DIALOG_WIDTH = 600;

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  confirmColor?: 'primary' | 'error';
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  testId?: string;
}

/** Title, body, Cancel and Confirm: asked before a delete, a permission change and other changes hard to undo. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  confirmColor = 'primary',
  busy,
  onCancel,
  onConfirm,
  testId = 'confirm-dialog',
}: ConfirmDialogProps) {
  const translate = useTranslate();
  const titleId = `${testId}-title`;
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby={titleId}
      data-testid={testId}
      slotProps={{ paper: { sx: { width: CONFIRM_DIALOG_WIDTH, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={busy} color="inherit" data-testid={`${testId}-cancel`}>
          {translate('admin.table.cancel')}
        </Button>
        <Button onClick={onConfirm} disabled={busy} variant="contained" color={confirmColor} data-testid={`${testId}-confirm`}>
          {confirmLabel ?? translate('admin.table.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
