import { useMemo, useState } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { Form, PasswordInput, SaveButton, useNotify, useTranslate } from 'react-admin';
import { changePasswordSchema, type ChangePasswordInput } from '../../../contract/schemas/accounts';
import { schemaResolver } from '../../schemaForm/schemaResolver';
import { accountApi } from '../../providers/account/accountApi';
import { ApiError } from '../../providers/http/ApiError';

/** "Security": changing the password needs the current one (DESIGN.md "Profile"). */
export function SecurityTab() {
  const translate = useTranslate();
  const notify = useNotify();
  const resolver = useMemo(() => schemaResolver(changePasswordSchema, translate), [translate]);
  const [formKey, setFormKey] = useState(0);

  const save = async (values: Partial<ChangePasswordInput>) => {
    try {
      await accountApi.changePassword({
        password: values.password ?? '',
        newPassword: values.newPassword ?? '',
        confirmNewPassword: values.confirmNewPassword ?? '',
      });
      notify('app.profile.security.changed', { type: 'success' });
      setFormKey((key) => key + 1);
    } catch (error) {
      if (error instanceof ApiError && error.body.errors) return error.body.errors;
    }
  };

  return (
    <Card variant="outlined" sx={{ maxWidth: 720 }}>
      <CardContent>
        <Form key={formKey} defaultValues={{ password: '', newPassword: '', confirmNewPassword: '' }} resolver={resolver} onSubmit={save}>
          <PasswordInput source="password" label="app.profile.security.password" fullWidth autoComplete="current-password" />
          <PasswordInput source="newPassword" label="app.profile.security.newPassword" fullWidth autoComplete="new-password" />
          <PasswordInput source="confirmNewPassword" label="app.profile.security.confirmNewPassword" fullWidth autoComplete="new-password" />
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <SaveButton label="app.profile.security.submit" />
          </Stack>
        </Form>
      </CardContent>
    </Card>
  );
}
