import { useMemo, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { confirmPasswordField, resetPasswordSchema } from '../../contract/schemas/credentials';
import { useSchemaForm } from '../schemaForm/useSchemaForm';
import { ApiError } from '../providers/http/ApiError';
import { languagePreference } from '../preferences/language';
import { PasswordField } from './PasswordField';
import { PasswordStrengthMeter, strengthError, usePasswordStrength } from './PasswordStrengthMeter';

/** The reset rule plus the confirmation that must match (contract/schemas/accounts). */
const newPasswordSchema = resetPasswordSchema.shape({ confirmPassword: confirmPasswordField('password') });

export interface NewPasswordFormProps {
  email: string;
  token: string;
  labels: { password: string; confirmPassword: string; submit: string };
  onSubmit: (password: string) => Promise<unknown>;
}

/**
 * New password and its confirmation; submit stays disabled while either is empty, they differ or the password is too
 * weak (the meter under it). The reset and activation pages that show it are loaded lazily (AuthPages,
 * ForgotPasswordPage): the meter and zxcvbn stay out of the sign-in bundle.
 */
export default function NewPasswordForm({ email, token, labels, onSubmit }: NewPasswordFormProps) {
  const initial = useMemo(() => ({ email, token, password: '', confirmPassword: '' }), [email, token]);
  const form = useSchemaForm(newPasswordSchema, initial);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const strength = usePasswordStrength(form.values.password, email);
  const language = languagePreference.useValue();
  const passwordField = form.field('password');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.isValid || strength?.strong === false) return;
    setSubmitting(true);
    setFailure(null);
    try {
      await onSubmit(form.values.password);
    } catch (error) {
      if (error instanceof ApiError && error.body.errors) form.setServerErrors(error.body.errors);
      setFailure(error instanceof Error ? error.message : String(error));
      setSubmitting(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      {failure && (
        <Alert severity="error" sx={{ mb: 3 }}>
          {failure}
        </Alert>
      )}
      <Box sx={{ mb: 3 }}>
        <PasswordField
          {...passwordField}
          {...(!passwordField.error && strengthError(language, strength))}
          label={labels.password}
          autoComplete="new-password"
          autoFocus
          showRule
        />
        <PasswordStrengthMeter strength={strength} />
      </Box>
      <PasswordField {...form.field('confirmPassword')} label={labels.confirmPassword} autoComplete="new-password" sx={{ mb: 3 }} />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={!form.isValid || strength?.strong === false} loading={submitting}>
        {labels.submit}
      </Button>
    </Box>
  );
}
