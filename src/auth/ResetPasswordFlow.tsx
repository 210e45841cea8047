import { useState } from 'react';
import { useTranslateMessage } from '../i18n/translateMessage';
import { accountApi } from '../providers/account/accountApi';
import { AuthHeading } from './AuthHeading';
import { BackToSignInLink } from './BackToSignInLink';
import NewPasswordForm from './NewPasswordForm';
import { PasswordResetDone } from './PasswordResetDone';
import { TokenInvalid, TokenVerifying } from './TokenStateViews';
import { useTokenVerification } from './useTokenVerification';

/** /forgot-password?token&email: verifying, then invalid or the new password, then done with a countdown. */
export default function ResetPasswordFlow({ email, token }: { email: string; token: string }) {
  const translate = useTranslateMessage();
  const tokenState = useTokenVerification(() => accountApi.verifyResetToken(email, token));
  const [done, setDone] = useState(false);

  if (tokenState === 'verifying') return <TokenVerifying />;
  if (tokenState === 'invalid') return <TokenInvalid />;
  if (done) return <PasswordResetDone />;
  return (
    <>
      <AuthHeading title={translate('app.auth.resetPassword.title')} subtitle={translate('app.auth.resetPassword.subtitle', { email })} />
      <NewPasswordForm
        email={email}
        token={token}
        labels={{
          password: translate('app.auth.resetPassword.password'),
          confirmPassword: translate('app.auth.resetPassword.confirmPassword'),
          submit: translate('app.auth.resetPassword.submit'),
        }}
        onSubmit={async (password) => {
          await accountApi.resetPassword({ email, password, token });
          setDone(true);
        }}
      />
      <BackToSignInLink />
    </>
  );
}
