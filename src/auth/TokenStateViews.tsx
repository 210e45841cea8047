import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { routePaths } from '../config/routePaths';
import { useTranslateMessage } from '../i18n/translateMessage';
import { BackToSignInLink } from './BackToSignInLink';

export function TokenVerifying() {
  const translate = useTranslateMessage();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 4 }} role="status">
      <CircularProgress aria-label={translate('app.loading')} />
      <Typography>{translate('app.auth.verify.verifying')}</Typography>
    </Box>
  );
}

/** "Verify failed !": the mailed link is expired, used or wrong; `children` offer another way than a link. */
export function TokenInvalid({ requestAnotherPath = routePaths.forgotPassword, children }: { requestAnotherPath?: string | null; children?: ReactNode }) {
  const translate = useTranslateMessage();
  return (
    <Box>
      <Alert severity="error" sx={{ mb: 3 }} data-testid="token-invalid">
        <AlertTitle>{translate('app.auth.verify.failedTitle')}</AlertTitle>
        {translate('app.auth.verify.failedBody')}
      </Alert>
      {requestAnotherPath && (
        <Button component={RouterLink} to={requestAnotherPath} variant="contained" size="large" fullWidth>
          {translate('app.auth.verify.requestAnother')}
        </Button>
      )}
      {children}
      <BackToSignInLink />
    </Box>
  );
}
