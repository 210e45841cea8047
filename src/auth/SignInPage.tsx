import { lazy, Suspense, useContext, useEffect, useRef, useState, type FocusEvent, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate, type Location } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import type { SecondFactorStep } from '../../contract/secondFactor';
import { safeReturnTo, type SsoDiscovery } from '../../contract/sso';
import { routePaths } from '../config/routePaths';
import { FormTextField } from '../components/FormTextField';
import { useLazySchemaForm } from '../schemaForm/lazySchema';
import { loginRules } from './credentialSchemas';
import { useTranslateMessage } from '../i18n/translateMessage';
import { authProvider } from '../providers/auth/authProvider';
import { ApiError } from '../providers/http/ApiError';
import { forgetSignOutReason, readSignOutReason } from '../providers/session/sessionStorage';
import { AuthHeading } from './AuthHeading';
import { PasswordField } from './PasswordField';
import { signInWithPasskey as passkeySignIn } from './passkeySignIn';
import { Prerendering } from './prerender/prerenderedSignIn';
import { usePrerenderedHandoff } from './prerender/usePrerenderedHandoff';
import { SsoContinueButton } from './SsoContinueButton';
import { discoverSso, looksLikeEmail } from './ssoDiscovery';

/**
 * The prerendered button is disabled, so neither a click nor Enter can submit before the app runs, yet it looks as
 * the app's will (no change at the handoff); the pointer says the page is still on its way.
 */
/** The code step after the password, for a user with a second factor: loaded only then, outside the sign-in bundle. */
const CodeStep = lazy(() => import('../secondFactor/SecondFactorStep'));

const AWAITING_APP = { '&.Mui-disabled': { color: 'primary.contrastText', bgcolor: 'primary.main', pointerEvents: 'auto', cursor: 'progress' } };

export function SignInPage() {
  const translate = useTranslateMessage();
  const navigate = useNavigate();
  const location = useLocation();
  const form = useLazySchemaForm(loginRules, { email: '', password: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const [step, setStep] = useState<SecondFactorStep['secondFactor'] | null>(null);
  const prerendering = useContext(Prerendering);
  const formRef = useRef<HTMLFormElement>(null);
  // Why the server signed this tab out (an ended sign-in), said once: a reload of the page no longer says it.
  const [signOutReason] = useState(readSignOutReason);
  useEffect(forgetSignOutReason, []);
  // Issue 37: which organisation's identity provider signs the typed address in, asked once per address.
  const [discovery, setDiscovery] = useState<{ email: string; answer: SsoDiscovery } | null>(null);
  const asked = useRef<{ email: string; answer: Promise<SsoDiscovery> } | null>(null);

  const from = (location.state as { from?: Location } | null)?.from;
  /** Where the person was going before being sent to sign in (a path of the app only). */
  const returnTo = (from && safeReturnTo(`${from.pathname}${from.search}`)) || undefined;
  const arrive = () => navigate(returnTo ?? routePaths.home, { replace: true });

  const addressOf = (value: string) => value.trim().toLowerCase();
  const discover = (value: string, again = false): Promise<SsoDiscovery> | null => {
    const email = addressOf(value);
    if (!looksLikeEmail(email)) return null;
    if (asked.current?.email === email && !again) return asked.current.answer;
    const answer = discoverSso(email);
    asked.current = { email, answer };
    void answer.then((found) => {
      if (asked.current?.email === email) setDiscovery({ email, answer: found });
    });
    return answer;
  };
  // An address typed (and left) in the prerendered copy before the app ran is asked about as the app takes over.
  const takingOver = usePrerenderedHandoff(formRef, (typed) => {
    form.adopt(typed);
    if (typed.email && document.activeElement?.getAttribute('name') !== 'email') void discover(typed.email);
  });
  // Only the answer for the address in the field counts: another address hides the provider until it is asked.
  const sso = discovery && discovery.email === addressOf(form.values.email) ? discovery.answer : null;
  const provider = sso?.provider ?? null;
  const passwordRefused = !!provider && !!sso?.required;

  // @simplewebauthn/browser loads on the click, outside the sign-in bundle.
  const signInWithPasskey = async (challenge?: string) => {
    setPasskeyBusy(true);
    setFailure(null);
    try {
      await passkeySignIn(challenge);
      arrive();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      setPasskeyBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    form.touchAll();
    setFailure(null);
    const found = await discover(form.values.email);
    if (found?.provider && found.required) return;
    if (!(await form.validNow())) return;
    setSubmitting(true);
    try {
      const secondFactor = await authProvider.login({ email: form.values.email.trim(), password: form.values.password });
      if (secondFactor) {
        setStep(secondFactor.secondFactor);
        setSubmitting(false);
        return;
      }
      arrive();
    } catch (error) {
      // 403: the organisation requires its provider (sso.required); the fresh answer shows its button instead.
      const refused = error instanceof ApiError && error.status === 403 ? await discover(form.values.email, true) : null;
      const required = refused?.provider && refused.required;
      setFailure(required ? null : error instanceof Error ? error.message : String(error));
      setSubmitting(false);
    }
  };

  /** Password-less, or with `challenge` the second step after the password. */
  const passkeyButton = (challenge?: string) => (
    <Button
      type="button"
      variant="outlined"
      size="large"
      fullWidth
      onClick={() => void signInWithPasskey(challenge)}
      loading={passkeyBusy}
      disabled={prerendering || submitting}
      sx={{ mt: challenge ? 0 : 2 }}
      data-testid="passkey-sign-in"
    >
      {translate('app.auth.signIn.passkey')}
    </Button>
  );

  if (step) {
    const startOver = () => {
      setStep(null);
      form.adopt({ email: form.values.email, password: '' });
    };
    return (
      <Suspense fallback={null}>
        <CodeStep
          step={step}
          onDone={arrive}
          onStartOver={startOver}
          passkey={
            <>
              {failure && (
                <Alert severity="error" sx={{ mb: 2 }} data-testid="sign-in-error">
                  {failure}
                </Alert>
              )}
              {passkeyButton(step.challenge)}
            </>
          }
        />
      </Suspense>
    );
  }

  return (
    // method="post": were the form ever submitted without the app, the password could not end up in a URL.
    <Box component="form" ref={formRef} method="post" noValidate onSubmit={submit} aria-label={translate('app.auth.signIn.title')}>
      <AuthHeading title={translate('app.auth.signIn.title')} subtitle={translate(passwordRefused ? 'sso.signIn.subtitle' : 'app.auth.signIn.subtitle')} />
      {signOutReason && !failure && (
        <Alert severity="warning" sx={{ mb: 3 }} data-testid="sign-out-reason">
          {translate(`app.auth.signIn.signedOut.${signOutReason}`)}
        </Alert>
      )}
      {failure && (
        <Alert severity="error" sx={{ mb: 3 }} data-testid="sign-in-error">
          {failure}
        </Alert>
      )}
      <FormTextField
        {...form.field('email')}
        onBlur={(event: FocusEvent<HTMLInputElement>) => void discover(event.target.value)}
        label={translate('app.auth.signIn.email')}
        type="email"
        autoComplete="email"
        autoFocus={!takingOver}
        sx={{ mb: 3 }}
      />
      {provider && <SsoContinueButton provider={provider} required={passwordRefused} returnTo={returnTo} />}
      {!passwordRefused && (
        <>
          <PasswordField {...form.field('password')} label={translate('app.auth.signIn.password')} autoComplete="current-password" />
          <Link
            component={RouterLink}
            to={routePaths.forgotPassword}
            variant="body2"
            underline="always"
            color="inherit"
            sx={{ display: 'block', textAlign: 'right', my: 2 }}
          >
            {translate('app.auth.signIn.forgotPassword')}
          </Link>
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            loading={submitting}
            disabled={prerendering}
            sx={prerendering ? AWAITING_APP : undefined}
          >
            {translate('app.auth.signIn.submit')}
          </Button>
          {passkeyButton()}
        </>
      )}
    </Box>
  );
}
