import { forgotPasswordRules } from './credentialSchemas';
import { useTranslateMessage } from '../i18n/translateMessage';
import { accountApi } from '../providers/account/accountApi';
import { AuthHeading } from './AuthHeading';
import { BackToSignInLink } from './BackToSignInLink';
import { EmailLinkRequestForm } from './EmailLinkRequestForm';

/** Asks for a reset link; the answer is the same whether or not the email exists. */
export function ForgotPasswordForm() {
  const translate = useTranslateMessage();
  return (
    <>
      <EmailLinkRequestForm
        schema={forgotPasswordRules}
        heading={<AuthHeading title={translate('app.auth.forgotPassword.title')} subtitle={translate('app.auth.forgotPassword.subtitle')} />}
        labels={{
          email: translate('app.auth.forgotPassword.email'),
          submit: translate('app.auth.forgotPassword.submit'),
          sent: translate('app.auth.forgotPassword.sent'),
        }}
        send={accountApi.requestPasswordReset}
        sentTestId="forgot-password-sent"
        autoFocus
      />
      <BackToSignInLink />
    </>
  );
}
