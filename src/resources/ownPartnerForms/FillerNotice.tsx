import Alert from '@mui/material/Alert';
import { useTranslate } from 'react-admin';
import type { SaveState } from './answerDraft';

/** What the filler tells the partner after an action: an i18n key with its values and how serious it is. */
export interface Notice {
  severity: 'success' | 'info' | 'warning' | 'error';
  key: string;
  values?: Record<string, unknown>;
}

/** The draft's state in a line read out politely (saved, saving, kept on this device, refused). */
export function SaveStateText({ state }: { state: SaveState }) {
  const translate = useTranslate();
  return (
    <Alert severity={SAVE_STATE_SEVERITY[state]} variant="outlined" role="status" sx={{ py: 0, border: 0, px: 0 }}>
      {translate(`formFiller.saveState.${state}`)}
    </Alert>
  );
}

const SAVE_STATE_SEVERITY = { saved: 'success', unsent: 'info', saving: 'info', offline: 'warning', failed: 'error' } as const;

export function FillerNotice({ notice, onClose }: { notice: Notice; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Alert severity={notice.severity} role={notice.severity === 'error' ? 'alert' : 'status'} onClose={onClose}>
      {translate(notice.key, notice.values)}
    </Alert>
  );
}
