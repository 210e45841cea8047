import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { forgotPasswordSchema } from '../../contract/schemas/accounts';
import { FormTextField } from '../components/FormTextField';
import { useSchemaForm } from '../schemaForm/useSchemaForm';
import { useTranslateMessage } from '../i18n/translateMessage';
import { accountApi } from '../providers/account/accountApi';
import { AuthHeading } from './AuthHeading';
import { BackToSignInLink } from './BackToSignInLink';

/** Asks for a reset link; the answer is the same whether or not the email exists. */
export function ForgotPasswordForm() {
  const translate = useTranslateMessage();
  const form = useSchemaForm(forgotPasswordSchema, { email: '' });
  const [state, setState] = useState<{ status: 'editing' | 'sending' | 'sent' | 'failed'; message?: string }>({ status: 'editing' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.isValid) return;
    setState({ status: 'sending' });
    try {
      await accountApi.requestPasswordReset(form.values.email.trim());
      setState({ status: 'sent' });
    } catch (error) {
      setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <AuthHeading title={translate('app.auth.forgotPassword.title')} subtitle={translate('app.auth.forgotPassword.subtitle')} />
      {state.status === 'sent' && (
        <Alert severity="success" sx={{ mb: 3 }} data-testid="forgot-password-sent">
          {translate('app.auth.forgotPassword.sent')}
        </Alert>
      )}
      {state.status === 'failed' && (
        <Alert severity="error" sx={{ mb: 3 }}>
          {state.message}
        </Alert>
      )}
      <FormTextField {...form.field('email')} label={translate('app.auth.forgotPassword.email')} type="email" autoComplete="email" autoFocus sx={{ mb: 3 }} />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={!form.isValid} loading={state.status === 'sending'}>
        {translate('app.auth.forgotPassword.submit')}
      </Button>
      <BackToSignInLink />
    </Box>
  );
}
