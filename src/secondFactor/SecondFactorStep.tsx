import { useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SecondFactorStep as Step } from '../../contract/secondFactor';
import { completeSecondFactor } from './secondFactorApi';
import { CodeInput, codeProblem } from './CodeInput';
import { useSecondFactorText } from './secondFactorText';

/**
 * The sign-in's second step, after the password: a code of the authenticator app, or a recovery code; a passkey
 * when the user has one (`passkey`, the passkeys' button). Loaded only when the password step asks for it.
 */
export default function SecondFactorStep(props: { step: Step['secondFactor']; onDone: () => void; onStartOver: () => void; passkey?: ReactNode }) {
  const text = useSecondFactorText();
  const { methods, challenge } = props.step;
  const hasTotp = methods.includes('totp');
  const [recovery, setRecovery] = useState(!hasTotp && methods.includes('recovery'));
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local = codeProblem(code, recovery, text);
    setProblem(local);
    if (local) return;
    setSubmitting(true);
    setFailure(null);
    try {
      await completeSecondFactor(challenge, code.trim());
      props.onDone();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      setCode('');
      setSubmitting(false);
    }
  };

  const switchMethod = () => {
    setRecovery((was) => !was);
    setCode('');
    setProblem(null);
  };

  return (
    <Box component="form" method="post" noValidate onSubmit={submit} aria-labelledby="second-factor-title" data-testid="second-factor-step">
      <Typography id="second-factor-title" component="h1" variant="h5" sx={{ mb: 1 }}>
        {text('step.title')}
      </Typography>
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="second-factor-error">
          {failure}
        </Alert>
      )}
      {(hasTotp || methods.includes('recovery')) && (
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {text(recovery ? 'step.recoveryIntro' : 'step.totpIntro')}
          </Typography>
          <CodeInput key={recovery ? 'recovery' : 'totp'} value={code} onChange={setCode} error={problem} recovery={recovery} autoFocus />
          <Button type="submit" variant="contained" size="large" fullWidth loading={submitting}>
            {text('step.submit')}
          </Button>
          {hasTotp && (
            <Link component="button" type="button" variant="body2" underline="always" color="inherit" onClick={switchMethod} sx={{ alignSelf: 'flex-start' }}>
              {text(recovery ? 'step.useTotp' : 'step.useRecovery')}
            </Link>
          )}
        </Stack>
      )}
      {methods.includes('passkey') && props.passkey && (
        <Box sx={{ mt: 2 }}>
          {(hasTotp || methods.includes('recovery')) && <Divider sx={{ mb: 2 }}>{text('step.orPasskey')}</Divider>}
          {props.passkey}
        </Box>
      )}
      <Link component="button" type="button" variant="body2" underline="always" color="inherit" onClick={props.onStartOver} sx={{ display: 'block', mt: 3 }}>
        {text('step.startOver')}
      </Link>
    </Box>
  );
}
