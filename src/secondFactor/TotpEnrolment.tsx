import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RecoveryCodes, SecondFactorEnrolment } from '../../contract/secondFactor';
import { PoliteStatus } from '../components/PoliteStatus';
import { apiRequest } from '../providers/http/httpClient';
import { secondFactorPaths } from './secondFactorApi';
import { CodeInput, codeProblem } from './CodeInput';
import { useSecondFactorText } from './secondFactorText';

/** Setting up an authenticator app: a new secret (QR code and key), on once a code from it is confirmed. */
export function TotpEnrolment({ onEnabled, onCancel }: { onEnabled: (codes: string[]) => void; onCancel?: () => void }) {
  const text = useSecondFactorText();
  const [enrolment, setEnrolment] = useState<SecondFactorEnrolment | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const scanId = useId();

  useEffect(() => {
    let live = true;
    apiRequest<SecondFactorEnrolment>(secondFactorPaths.enrolment, { method: 'POST', notify: false })
      .then(({ data }) => live && setEnrolment(data))
      .catch((error: unknown) => live && setFailure(error instanceof Error ? error.message : String(error)));
    return () => {
      live = false;
    };
  }, []);
  // The form takes the place of the button that opened it: focus moves to it, so keyboard and screen reader users go on there.
  useEffect(() => {
    if (enrolment) formRef.current?.focus();
  }, [enrolment]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local = codeProblem(code, false, text);
    setProblem(local);
    if (local) return;
    setSubmitting(true);
    try {
      const { data } = await apiRequest<RecoveryCodes>(secondFactorPaths.confirm, { method: 'POST', body: { code }, notify: false });
      onEnabled(data.codes);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      setCode('');
      setSubmitting(false);
    }
  };

  if (failure) return <Alert severity="error">{failure}</Alert>;
  if (!enrolment) return <CircularProgress size={24} aria-label={text('setup.title')} />;
  return (
    <Stack
      component="form"
      ref={formRef}
      tabIndex={-1}
      aria-label={text('setup.title')}
      aria-describedby={scanId}
      noValidate
      onSubmit={submit}
      spacing={2}
      data-testid="totp-enrolment"
      sx={{ outline: 'none' }}
    >
      <PoliteStatus message={text('setup.scan')} />
      <Typography variant="body2" id={scanId}>
        {text('setup.scan')}
      </Typography>
      <Box component="img" src={enrolment.qrCode} alt={text('setup.qrAlt')} sx={{ width: 200, height: 200, alignSelf: 'center', bgcolor: '#fff' }} />
      <Box>
        <Typography variant="caption" color="text.secondary" component="div">
          {text('setup.secretLabel')}
        </Typography>
        <Typography component="code" data-testid="totp-secret" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {enrolment.secret.match(/.{1,4}/g)!.join(' ')}
        </Typography>
      </Box>
      <CodeInput value={code} onChange={setCode} error={problem} label={text('setup.code')} />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {onCancel && (
          <Button onClick={onCancel} disabled={submitting}>
            {text('card.cancel')}
          </Button>
        )}
        <Button type="submit" variant="contained" loading={submitting}>
          {text('setup.confirm')}
        </Button>
      </Stack>
    </Stack>
  );
}
