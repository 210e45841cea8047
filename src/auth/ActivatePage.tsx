import { useNavigate, useSearchParams } from 'react-router-dom';
import { routePaths } from '../config/routePaths';
import { useTranslateMessage } from '../i18n/translateMessage';
import { showToast } from '../notifications/toastStore';
import { accountApi } from '../providers/account/accountApi';
import { AuthHeading } from './AuthHeading';
import { BackToSignInLink } from './BackToSignInLink';
import NewPasswordForm from './NewPasswordForm';
import { ResendActivationForm } from './ResendActivationForm';
import { TokenInvalid, TokenVerifying } from './TokenStateViews';
import { useTokenVerification } from './useTokenVerification';

/** /active?email&code: the activation mail's link; the user sets a password, then signs in. */
export default function ActivatePage() {
  const translate = useTranslateMessage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const code = params.get('code') ?? '';
  const tokenState = useTokenVerification(email && code ? () => accountApi.verifyActivationToken(email, code) : null);

  if (tokenState === 'verifying') return <TokenVerifying />;
  if (tokenState === 'invalid')
    return (
      <TokenInvalid requestAnotherPath={null}>
        <ResendActivationForm email={email} />
      </TokenInvalid>
    );
  return (
    <>
      <AuthHeading title={translate('app.auth.activate.title')} subtitle={translate('app.auth.activate.subtitle', { email })} />
      <NewPasswordForm
        email={email}
        token={code}
        labels={{
          password: translate('app.auth.activate.password'),
          confirmPassword: translate('app.auth.activate.confirmPassword'),
          submit: translate('app.auth.activate.submit'),
        }}
        onSubmit={async (password) => {
          await accountApi.confirmMail({ email, password, code });
          showToast('success', translate('app.auth.activate.done'));
          navigate(routePaths.signIn, { replace: true });
        }}
      />
      <BackToSignInLink />
    </>
  );
}
