import { useState, type ReactElement } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { UserDto } from '../../../contract/users';
import { useResourceAccess } from '../../entityTable/useResourceAccess';

export type UserApiResource = 'users' | 'partner-users';

interface UserMarkNoticeProps {
  apiResource: UserApiResource;
  /** The mark's time on the record (until when it is held, since when mail bounces), or null when it has none. */
  markOf: (user: UserDto) => string | null;
  icon: ReactElement;
  /** The notice's translation key and values. */
  text: (at: string, user: UserDto) => [string, Record<string, unknown>];
  action: { labelKey: string; icon: ReactElement; doneKey: string; run: (apiResource: UserApiResource, id: string) => Promise<unknown> };
  testId: string;
  actionTestId: string;
}

/** A mark on the user of an edit dialog, in words, and the button that clears it (Update permission; the server audits). */
export function UserMarkNotice({ apiResource, markOf, icon, text, action, testId, actionTestId }: UserMarkNoticeProps) {
  const record = useRecordContext<UserDto>();
  const translate = useTranslate();
  const notify = useNotify();
  const { can } = useResourceAccess(apiResource === 'users' ? 'Users' : 'PartnerUsers');
  const [cleared, setCleared] = useState(false);
  const [busy, setBusy] = useState(false);
  const at = record ? markOf(record) : null;
  if (!record || !at || cleared) return null;
  const clear = async () => {
    setBusy(true);
    try {
      await action.run(apiResource, String(record.id));
      setCleared(true);
      notify(action.doneKey, { type: 'success' });
    } catch {
      // The request's own toast says what went wrong.
    } finally {
      setBusy(false);
    }
  };
  const [key, values] = text(at, record);
  // The button under the words, not beside them: beside, a long label squeezes into a narrow column on a phone.
  return (
    <Alert severity="warning" icon={icon} sx={{ mb: 2 }} data-testid={testId}>
      {translate(key, values)}
      {can({ action: 'Update' }) && (
        <Box sx={{ mt: 1 }}>
          <Button
            type="button"
            variant="outlined"
            color="inherit"
            size="small"
            startIcon={action.icon}
            onClick={clear}
            disabled={busy}
            data-testid={actionTestId}
          >
            {translate(action.labelKey)}
          </Button>
        </Box>
      )}
    </Alert>
  );
}
