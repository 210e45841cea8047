import { useState } from 'react';
import RestartAltOutlined from '@mui/icons-material/RestartAltOutlined';
import Button from '@mui/material/Button';
import { Confirm, useNotify, useRecordContext } from 'react-admin';
import type { UserDto } from '../../../contract/users';
import { useResourceAccess } from '../../entityTable/useResourceAccess';
import { secondFactorPaths } from '../../secondFactor/secondFactorApi';
import { apiRequest } from '../../providers/http/httpClient';
import { useSecondFactorText } from '../../secondFactor/secondFactorText';

/** In a staff user's edit dialog: reset their second factor (Update permission; confirmed; the server audits and mails). */
export function SecondFactorReset() {
  const record = useRecordContext<UserDto>();
  const text = useSecondFactorText();
  const notify = useNotify();
  const { can } = useResourceAccess('Users');
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record || !can({ action: 'Update' })) return null;

  const reset = async () => {
    setBusy(true);
    try {
      const { message } = await apiRequest<null>(secondFactorPaths.reset(String(record.id)), { method: 'POST' });
      notify(message, { type: 'success' });
    } catch {
      // The request's own toast says what went wrong.
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };

  return (
    <>
      <Button
        type="button"
        variant="outlined"
        size="small"
        startIcon={<RestartAltOutlined />}
        onClick={() => setAsking(true)}
        disabled={busy}
        sx={{ mb: 2 }}
        data-testid="second-factor-reset"
      >
        {text('reset.button')}
      </Button>
      <Confirm isOpen={asking} loading={busy} title={text('reset.title')} content={text('reset.content')} onConfirm={reset} onClose={() => setAsking(false)} />
    </>
  );
}
