import { useState, type ComponentType, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { useNotify } from 'react-admin';
import { changePasswordSchema } from '../../../contract/schemas/accounts';
import { PasswordField } from '../../auth/PasswordField';
import { PasswordStrengthMeter, strengthError, usePasswordStrength } from '../../auth/PasswordStrengthMeter';
import { languagePreference } from '../../preferences/language';
import { useTranslateMessage } from '../../i18n/translateMessage';
import { accountApi } from '../../providers/account/accountApi';
import { ApiError } from '../../providers/http/ApiError';
import { useSchemaForm } from '../../schemaForm/useSchemaForm';
import { PasskeysSection } from './PasskeysSection';
import { SecondFactorSection } from './SecondFactorSection';
import { SessionsSection } from './SessionsSection';

const EMPTY = { password: '', newPassword: '', confirmNewPassword: '' };

/** The three password inputs, the same as the sign-in pages' (height, eye, rule under the new one). */
function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const translate = useTranslateMessage();
  const form = useSchemaForm(changePasswordSchema, EMPTY);
  const [submitting, setSubmitting] = useState(false);
  const strength = usePasswordStrength(form.values.newPassword);
  const language = languagePreference.useValue();
  const newPassword = form.field('newPassword');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    form.touchAll();
    if (!form.isValid || strength?.strong === false) return;
    setSubmitting(true);
    try {
      await accountApi.changePassword(form.values);
      onChanged();
    } catch (error) {
      if (error instanceof ApiError && error.body.errors) form.setServerErrors(error.body.errors);
      setSubmitting(false);
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={3}>
      <PasswordField {...form.field('password')} label={translate('app.profile.security.password')} autoComplete="current-password" />
      <Box>
        <PasswordField
          {...newPassword}
          {...(!newPassword.error && strengthError(language, strength))}
          label={translate('app.profile.security.newPassword')}
          autoComplete="new-password"
          showRule
        />
        <PasswordStrengthMeter strength={strength} />
      </Box>
      <PasswordField {...form.field('confirmNewPassword')} label={translate('app.profile.security.confirmNewPassword')} autoComplete="new-password" />
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" loading={submitting}>
          {translate('app.profile.security.submit')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** Changing the password needs the current one (DESIGN.md "Profile"). */
function PasswordSection() {
  const notify = useNotify();
  const [formKey, setFormKey] = useState(0);
  return (
    <Card variant="outlined">
      <CardContent>
        <ChangePasswordForm
          key={formKey}
          onChanged={() => {
            notify('app.profile.security.changed', { type: 'success' });
            setFormKey((key) => key + 1);
          }}
        />
      </CardContent>
    </Card>
  );
}

/** The Security tab's cards, in order: each part of signing in brings its own. */
const sections: ComponentType[] = [PasswordSection, SecondFactorSection, PasskeysSection, SessionsSection];

/** "Security": the password, then the other ways the account is kept safe. */
export function SecurityTab() {
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      {sections.map((Section, index) => (
        <Section key={index} />
      ))}
    </Stack>
  );
}
