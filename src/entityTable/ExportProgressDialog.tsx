import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { ExportProgress } from './csvExport';
import { CONFIRM_DIALOG_WIDTH } from './ConfirmDialog';

/** A long export's progress: rows received of the rows the server announced, with a way to stop it. */
export function ExportProgressDialog({ open, progress, onCancel }: { open: boolean; progress: ExportProgress; onCancel: () => void }) {
  const translate = useTranslate();
  const { rows, total } = progress;
  const percent = total ? Math.min(100, Math.round((rows / total) * 100)) : undefined;
  return (
    <Dialog open={open} data-testid="export-progress" slotProps={{ paper: { sx: { width: CONFIRM_DIALOG_WIDTH, maxWidth: 'calc(100% - 32px)', m: 2 } } }}>
      <DialogTitle>{translate('admin.export.title')}</DialogTitle>
      <DialogContent>
        <LinearProgress
          variant={percent === undefined ? 'indeterminate' : 'determinate'}
          value={percent}
          aria-label={translate('admin.export.title')}
          sx={{ height: 8, borderRadius: 4, mb: 2 }}
        />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {total === null
            ? translate('admin.export.rowsSoFar', { smart_count: rows, rows: rows.toLocaleString() })
            : translate('admin.export.rowsOfTotal', { rows: rows.toLocaleString(), total: total.toLocaleString(), percent: percent ?? 0 })}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} color="inherit" data-testid="export-cancel">
          {translate('admin.table.cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
