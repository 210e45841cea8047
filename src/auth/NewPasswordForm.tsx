import { useMemo, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { confirmPasswordField, resetPasswordSchema } from '../../contract/schemas/credentials';
import { useSchemaForm } from '../schemaForm/useSchemaForm';
import { ApiError } from '../providers/http/ApiError';
import { PasswordField } from './PasswordField';

/** The reset rule plus the confirmation that must match (contract/schemas/accounts). */
const newPasswordSchema = resetPasswordSchema.shape({ confirmPassword: confirmPasswordField('password') });

interface NewPasswordFormProps {
  email: string;
  token: string;
  labels: { password: string; confirmPassword: string; submit: string };
  onSubmit: (password: string) => Promise<unknown>;
}

/** New password and its confirmation; submit stays disabled while either is empty or they differ. */
export function NewPasswordForm({ email, token, labels, onSubmit }: NewPasswordFormProps) {
  const initial = useMemo(() => ({ email, token, password: '', confirmPassword: '' }), [email, token]);
  const form = useSchemaForm(newPasswordSchema, initial);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.isValid) return;
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
      <PasswordField {...form.field('password')} label={labels.password} autoComplete="new-password" autoFocus showRule sx={{ mb: 3 }} />
      <PasswordField {...form.field('confirmPassword')} label={labels.confirmPassword} autoComplete="new-password" sx={{ mb: 3 }} />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={!form.isValid} loading={submitting}>
        {labels.submit}
      </Button>
    </Box>
  );
}
