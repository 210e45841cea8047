import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslate } from 'react-admin';
import type { UserDto } from '../../../contract/users';
import type { RowActionDialogProps } from '../../entityTable/types';
import { AuditTrailTimeline } from './AuditTrailTimeline';
import { userApi, type AuditTrailEntry } from './userApi';

/** A user's audit trail (AuditTrails.View): what they did and what was done to their account, newest first. */
export function UserAuditTrailDialog({ record, onClose }: RowActionDialogProps<UserDto>) {
  const translate = useTranslate();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [entries, setEntries] = useState<AuditTrailEntry[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const loading = new AbortController();
    userApi.auditTrails(String(record.id), loading.signal).then(setEntries, () => setFailed(true));
    return () => loading.abort();
  }, [record.id]);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={narrow} data-testid="user-audit-dialog" aria-labelledby="user-audit-title">
      <DialogTitle id="user-audit-title">
        {translate('admin.audit.title', { name: record.fullName || record.email })}
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {translate('admin.audit.subtitle')}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        {failed && <Alert severity="error">{translate('admin.audit.failed')}</Alert>}
        {!entries && !failed && <CircularProgress sx={{ display: 'block', mx: 'auto', my: 3 }} />}
        {entries?.length === 0 && (
          <Box sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }} data-testid="audit-empty">
            {translate('admin.audit.empty')}
          </Box>
        )}
        {entries && entries.length > 0 && <AuditTrailTimeline entries={entries} userId={String(record.id)} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} variant="contained">
          {translate('admin.audit.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
