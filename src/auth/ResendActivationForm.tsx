import Typography from '@mui/material/Typography';
import { resendActivationRules } from './credentialSchemas';
import { useTranslateMessage } from '../i18n/translateMessage';
import { accountApi } from '../providers/account/accountApi';
import { EmailLinkRequestForm } from './EmailLinkRequestForm';

/** On an unusable activation link: asks for a new one for the link's address (or another the reader types). */
export function ResendActivationForm({ email }: { email: string }) {
  const translate = useTranslateMessage();
  return (
    <EmailLinkRequestForm
      schema={resendActivationRules}
      initialEmail={email}
      heading={
        <>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
            {translate('app.auth.activate.resend.title')}
          </Typography>
          <Typography sx={{ color: 'text.secondary', mb: 3 }}>{translate('app.auth.activate.resend.hint')}</Typography>
        </>
      }
      labels={{
        email: translate('app.auth.activate.resend.email'),
        submit: translate('app.auth.activate.resend.submit'),
        sent: translate('app.auth.activate.resend.sent'),
      }}
      send={accountApi.requestActivationLink}
      sentTestId="activation-resent"
    />
  );
}
