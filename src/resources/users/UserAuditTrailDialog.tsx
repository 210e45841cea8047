import { useEffect, useEffectEvent, useRef, useState } from 'react';
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

/** Entries read at a time; older ones come with "Show older entries". */
export const AUDIT_PAGE_SIZE = 50;

/**
 * A user's audit trail (AuditTrails.View): what they did and what was done to their account, newest first,
 * a page at a time, saying how many there are in all.
 */
export function UserAuditTrailDialog({ record, onClose }: RowActionDialogProps<UserDto>) {
  const translate = useTranslate();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [entries, setEntries] = useState<AuditTrailEntry[] | null>(null);
  const [total, setTotal] = useState(0);
  const [loadingMore, setLoadingMore] = useState(false);
  const [failed, setFailed] = useState(false);
  const loading = useRef<AbortController | null>(null);

  const loadPage = (pageNumber: number) => {
    loading.current?.abort();
    const controller = new AbortController();
    loading.current = controller;
    userApi.auditTrails(String(record.id), { pageNumber, pageSize: AUDIT_PAGE_SIZE }, controller.signal).then(
      (page) => {
        setEntries((shown) => (pageNumber === 1 ? page.items : [...(shown ?? []), ...page.items]));
        setTotal(page.totalCount);
        setLoadingMore(false);
      },
      () => {
        if (!controller.signal.aborted) setFailed(true);
        setLoadingMore(false);
      },
    );
  };

  const loadFirstPage = useEffectEvent(() => loadPage(1));
  useEffect(() => {
    loadFirstPage();
    return () => loading.current?.abort();
  }, [record.id]);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={narrow} data-testid="user-audit-dialog" aria-labelledby="user-audit-title">
      <DialogTitle id="user-audit-title">
        {translate('admin.audit.title', { name: record.fullName || record.email })}
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {translate('admin.audit.subtitle')}
        </Typography>
      </DialogTitle>
      {/* It scrolls on its own: a keyboard reaches it (Tab) and scrolls it with the arrows, and it is named for that stop. */}
      <DialogContent dividers tabIndex={0} role="region" aria-label={translate('admin.audit.entries')} data-testid="audit-entries">
        {failed && <Alert severity="error">{translate('admin.audit.failed')}</Alert>}
        {!entries && !failed && <CircularProgress aria-label={translate('app.loading')} sx={{ display: 'block', mx: 'auto', my: 3 }} />}
        {entries?.length === 0 && (
          <Box sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }} data-testid="audit-empty">
            {translate('admin.audit.empty')}
          </Box>
        )}
        {entries && entries.length > 0 && <AuditTrailTimeline entries={entries} userId={String(record.id)} />}
        {entries && entries.length > 0 && (
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, pt: 2, flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="audit-shown">
              {translate('admin.audit.shown', { shown: entries.length, total })}
            </Typography>
            {entries.length < total && (
              <Button
                onClick={() => {
                  setLoadingMore(true);
                  loadPage(Math.floor(entries.length / AUDIT_PAGE_SIZE) + 1);
                }}
                disabled={loadingMore}
                data-testid="audit-more"
              >
                {translate('admin.audit.more')}
              </Button>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} variant="contained">
          {translate('admin.audit.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
