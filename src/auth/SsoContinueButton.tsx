import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { ssoStartPath, type SsoDiscovery } from '../../contract/sso';
import { useTranslateMessage } from '../i18n/translateMessage';

/**
 * "Continue with {name}": a plain navigation to the provider's start (issue 37). When the organisation requires it,
 * it is the only way in and a line says so; otherwise it comes before the password, which stays.
 */
export function SsoContinueButton({ provider, required, returnTo }: { provider: NonNullable<SsoDiscovery['provider']>; required: boolean; returnTo?: string }) {
  const translate = useTranslateMessage();
  return (
    <>
      <Alert severity="info" sx={{ mb: 2 }} data-testid={required ? 'sso-required' : 'sso-offered'}>
        {translate(required ? 'sso.signIn.requiredNotice' : 'sso.signIn.offered', { name: provider.name })}
      </Alert>
      <Button
        href={ssoStartPath(provider.id, returnTo)}
        variant={required ? 'contained' : 'outlined'}
        size="large"
        fullWidth
        sx={{ mb: 3 }}
        data-testid="sso-continue"
      >
        {translate('sso.signIn.continueWith', { name: provider.name })}
      </Button>
    </>
  );
}
