import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { routePaths } from '../config/routePaths';
import { AuthLayout } from '../auth/AuthLayout';
import { authProvider } from '../providers/auth/authProvider';
import { markSecondFactorSetup } from '../providers/auth/secondFactorSignIn';
import { RecoveryCodesView } from './RecoveryCodesView';
import { TotpEnrolment } from './TotpEnrolment';
import { useSecondFactorText } from './secondFactorText';

/**
 * The setup a role requires, right after signing in and before anything else (the server refuses the rest until
 * then): the authenticator app, then the recovery codes once; signing out stays possible.
 */
export default function SecondFactorSetupPage() {
  const text = useSecondFactorText();
  const navigate = useNavigate();
  const [codes, setCodes] = useState<string[] | null>(null);

  const signOut = async () => {
    markSecondFactorSetup(false);
    await authProvider.logout();
    navigate(routePaths.signIn, { replace: true });
  };
  const finish = () => {
    markSecondFactorSetup(false);
    navigate(routePaths.home, { replace: true });
  };

  return (
    <AuthLayout>
      <Stack spacing={2} component="section" aria-labelledby="second-factor-setup-title">
        <Typography id="second-factor-setup-title" component="h1" variant="h5">
          {text('setup.title')}
        </Typography>
        {codes ? (
          <RecoveryCodesView codes={codes} onDone={finish} />
        ) : (
          <>
            <Typography variant="body2" color="text.secondary">
              {text('setup.requiredIntro')}
            </Typography>
            <TotpEnrolment onEnabled={setCodes} />
          </>
        )}
        <Button onClick={signOut} sx={{ alignSelf: 'flex-start' }}>
          {text('setup.signOut')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
