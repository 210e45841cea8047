import { lazy } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ForgotPasswordForm } from './ForgotPasswordForm';

/** The reset screen sets a password (with the strength meter): loaded only from a mailed link, out of the sign-in bundle. */
const ResetPasswordFlow = lazy(() => import('./ResetPasswordFlow'));

/** One address, two screens: the reset screen when the mailed link's token and email are present. */
export function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const email = params.get('email');
  if (token && email) return <ResetPasswordFlow key={`${email}:${token}`} email={email} token={token} />;
  return <ForgotPasswordForm />;
}
