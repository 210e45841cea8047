import { useCallback, useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RecoveryCodes, SecondFactorStatus } from '../../../contract/secondFactor';
import { apiRequest } from '../../providers/http/httpClient';
import { secondFactorPaths } from '../../secondFactor/secondFactorApi';
import { CodeInput, codeProblem } from '../../secondFactor/CodeInput';
import { RecoveryCodesView } from '../../secondFactor/RecoveryCodesView';
import { TotpEnrolment } from '../../secondFactor/TotpEnrolment';
import { useSecondFactorText } from '../../secondFactor/secondFactorText';

type Mode = { kind: 'idle' } | { kind: 'enrolling' } | { kind: 'codes'; codes: string[] } | { kind: 'confirm'; action: 'regenerate' | 'turnOff' };

/** A change that needs a current code (new recovery codes, turning off): the code, then the call. */
function CodeConfirmation({ action, onCancel, onDone }: { action: 'regenerate' | 'turnOff'; onCancel: () => void; onDone: (codes?: string[]) => void }) {
  const text = useSecondFactorText();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local = codeProblem(code, false, text);
    setProblem(local);
    if (local) return;
    setSubmitting(true);
    try {
      const path = action === 'regenerate' ? secondFactorPaths.recoveryCodes : secondFactorPaths.turnOff;
      const { data } = await apiRequest<RecoveryCodes | null>(path, { method: 'POST', body: { code } });
      onDone(data?.codes);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      setCode('');
      setSubmitting(false);
    }
  };
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} data-testid={`second-factor-${action}`}>
      <Typography variant="body2">{text('card.confirmWithCode')}</Typography>
      <CodeInput value={code} onChange={setCode} error={problem} autoFocus />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={submitting}>
          {text('card.cancel')}
        </Button>
        <Button type="submit" variant="contained" color={action === 'turnOff' ? 'error' : 'primary'} loading={submitting}>
          {text(action === 'turnOff' ? 'card.turnOff' : 'card.regenerate')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** The Security tab's authenticator app: set it up, see recovery codes once, make new ones, turn it off (with a code). */
export function SecondFactorSection() {
  const text = useSecondFactorText();
  const [status, setStatus] = useState<SecondFactorStatus | null>(null);
  const [failed, setFailed] = useState(false);
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });

  const load = useCallback(() => {
    apiRequest<SecondFactorStatus>(secondFactorPaths.status, { notify: false })
      .then(({ data }) => setStatus(data))
      .catch(() => setFailed(true));
  }, []);
  useEffect(load, [load]);

  const back = () => {
    setMode({ kind: 'idle' });
    load();
  };

  return (
    <Card variant="outlined" data-testid="second-factor-card">
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography component="h2" variant="h6">
              {text('card.title')}
            </Typography>
            {status?.totp && <Chip size="small" color="success" label={text('card.onChip')} />}
          </Stack>
          {failed && <Alert severity="error">{text('card.loadFailed')}</Alert>}
          {status && mode.kind === 'idle' && (
            <>
              <Typography variant="body2">{text(status.totp ? 'card.on' : 'card.off')}</Typography>
              {status.totp && (
                <Typography variant="body2" color="text.secondary">
                  {text('card.recoveryLeft', { count: status.recoveryCodesLeft })}
                </Typography>
              )}
              {status.required && status.totp && (
                <Typography variant="body2" color="text.secondary">
                  {text('card.requiredNote')}
                </Typography>
              )}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
                {status.totp ? (
                  <>
                    <Button variant="outlined" onClick={() => setMode({ kind: 'confirm', action: 'regenerate' })}>
                      {text('card.regenerate')}
                    </Button>
                    {!status.required && (
                      <Button variant="outlined" color="error" onClick={() => setMode({ kind: 'confirm', action: 'turnOff' })}>
                        {text('card.turnOff')}
                      </Button>
                    )}
                  </>
                ) : (
                  <Button variant="contained" onClick={() => setMode({ kind: 'enrolling' })}>
                    {text('card.enable')}
                  </Button>
                )}
              </Stack>
            </>
          )}
          {mode.kind === 'enrolling' && <TotpEnrolment onEnabled={(codes) => setMode({ kind: 'codes', codes })} onCancel={back} />}
          {mode.kind === 'codes' && <RecoveryCodesView codes={mode.codes} onDone={back} />}
          {mode.kind === 'confirm' && (
            <CodeConfirmation action={mode.action} onCancel={back} onDone={(codes) => (codes ? setMode({ kind: 'codes', codes }) : back())} />
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
