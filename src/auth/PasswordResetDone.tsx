import { Link as RouterLink, useNavigate } from 'react-router-dom';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { routePaths } from '../config/routePaths';
import { useTranslateMessage } from '../i18n/translateMessage';
import { useCountdown } from './useCountdown';

/** Specification section 9: the redirect countdown after a reset. */
export const RESET_REDIRECT_SECONDS = 5;

export function PasswordResetDone() {
  const translate = useTranslateMessage();
  const navigate = useNavigate();
  const seconds = useCountdown(RESET_REDIRECT_SECONDS, () => navigate(routePaths.signIn, { replace: true }));
  return (
    <Box sx={{ textAlign: 'center' }} data-testid="reset-done">
      <CheckCircleOutline color="success" sx={{ fontSize: 64, mb: 2 }} />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {translate('app.auth.resetPassword.doneTitle')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }} data-testid="reset-countdown">
        {translate('app.auth.resetPassword.redirecting', { seconds })}
      </Typography>
      <Button component={RouterLink} to={routePaths.signIn} variant="contained" size="large" fullWidth>
        {translate('app.auth.resetPassword.signInNow')}
      </Button>
    </Box>
  );
}
