import TextField from '@mui/material/TextField';
import { useSecondFactorText } from './secondFactorText';

/** A one-time code: six digits from the authenticator app (numeric keypad, filled by the phone's autofill), or a recovery code. */
export function CodeInput(props: {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  recovery?: boolean;
  label?: string;
  autoFocus?: boolean;
  name?: string;
}) {
  const text = useSecondFactorText();
  const { recovery = false } = props;
  return (
    <TextField
      name={props.name ?? 'code'}
      label={props.label ?? text(recovery ? 'step.recoveryCode' : 'step.code')}
      value={props.value}
      onChange={(event) => props.onChange(recovery ? event.target.value : event.target.value.replace(/\D/g, '').slice(0, 6))}
      error={Boolean(props.error)}
      helperText={props.error ?? ' '}
      autoFocus={props.autoFocus}
      autoComplete={recovery ? 'off' : 'one-time-code'}
      required
      fullWidth
      slotProps={{ htmlInput: recovery ? { maxLength: 64, spellCheck: false } : { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 } }}
    />
  );
}

/** The field's own check before anything is sent: empty, or not six digits. */
export function codeProblem(code: string, recovery: boolean, text: (key: string) => string): string | null {
  if (!code.trim()) return text('required');
  if (!recovery && !/^\d{6}$/.test(code)) return text('codeFormat');
  return null;
}
