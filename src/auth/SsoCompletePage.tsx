import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { SecondFactorStep } from '../../contract/secondFactor';
import { safeReturnTo } from '../../contract/sso';
import { routePaths } from '../config/routePaths';
import { useTranslateMessage } from '../i18n/translateMessage';
import { authProvider } from '../providers/auth/authProvider';
import { BackToSignInLink } from './BackToSignInLink';
import { TokenVerifying } from './TokenStateViews';

const CodeStep = lazy(() => import('../secondFactor/SecondFactorStep'));

interface Landing {
  code: string | null;
  error: string | null;
  returnTo: string | null;
}

/** The reason's text: a sso.*, ssoOidc.* or ssoSaml.* key the server named, or the general one for anything else. */
function reasonKey(error: string | null, translate: (key: string) => string) {
  if (error && /^sso(Oidc|Saml)?\.[A-Za-z]+$/.test(error) && translate(error) !== error) return error;
  return 'sso.complete.failed';
}

/**
 * /sso/complete (issue 37): where an identity provider's callback lands the browser. The one-time code becomes the
 * session (or its second step), then the person goes where they were going; `error` shows why it did not happen.
 */
export default function SsoCompletePage() {
  const translate = useTranslateMessage();
  const navigate = useNavigate();
  const location = useLocation();
  // Read once: the address loses its query at once, so the code stays in no history entry.
  const [landing] = useState<Landing>(() => {
    const query = new URLSearchParams(location.search);
    return { code: query.get('code'), error: query.get('error'), returnTo: safeReturnTo(query.get('returnTo')) };
  });
  // The provider's reason as a catalogue key, or the server's own (already translated) text.
  const [failure, setFailure] = useState<{ key: string } | { text: string } | null>(landing.code ? null : { key: reasonKey(landing.error, translate) });
  const [step, setStep] = useState<SecondFactorStep['secondFactor'] | null>(null);
  const exchanged = useRef(false);

  const arrive = () => navigate(landing.returnTo ?? routePaths.home, { replace: true });

  useEffect(() => {
    if (location.search) navigate(location.pathname, { replace: true });
    // The code is good once: StrictMode's second run must not spend it again.
    if (!landing.code || exchanged.current) return;
    exchanged.current = true;
    authProvider.ssoSignIn(landing.code).then(
      (secondFactor) => (secondFactor ? setStep(secondFactor.secondFactor) : arrive()),
      (error: unknown) => setFailure(error instanceof Error && error.message ? { text: error.message } : { key: 'sso.complete.failed' }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on landing
  }, []);

  if (failure) {
    return (
      <Box>
        <Alert severity="error" data-testid="sso-failure">
          <AlertTitle>{translate('sso.complete.failedTitle')}</AlertTitle>
          {'key' in failure ? translate(failure.key) : failure.text}
        </Alert>
        <BackToSignInLink />
      </Box>
    );
  }
  if (step) {
    return (
      <Suspense fallback={<TokenVerifying />}>
        <CodeStep step={step} onDone={arrive} onStartOver={() => navigate(routePaths.signIn, { replace: true })} />
      </Suspense>
    );
  }
  return (
    <Box role="status" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 4 }}>
      <CircularProgress aria-hidden />
      <Typography>{translate('sso.complete.signingIn')}</Typography>
    </Box>
  );
}
