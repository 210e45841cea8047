import { Link as RouterLink } from 'react-router-dom';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import Link from '@mui/material/Link';
import { routePaths } from '../config/routePaths';
import { useTranslateMessage } from '../i18n/translateMessage';

export function BackToSignInLink() {
  const translate = useTranslateMessage();
  return (
    <Link
      component={RouterLink}
      to={routePaths.signIn}
      underline="hover"
      color="inherit"
      variant="subtitle2"
      sx={{ mt: 3, mx: 'auto', display: 'flex', alignItems: 'center', justifyContent: 'center', width: 'fit-content' }}
    >
      <ChevronLeft fontSize="small" />
      {translate('app.auth.backToSignIn')}
    </Link>
  );
}
