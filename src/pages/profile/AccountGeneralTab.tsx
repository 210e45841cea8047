import { useEffect, useMemo, useState } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { Form, SaveButton, TextInput, useGetIdentity, useNotify, useTranslate } from 'react-admin';
import { profileSchema } from '../../../contract/schemas/accounts';
import type { UserDto } from '../../../contract/users';
import { LoadingScreen } from '../../components/LoadingScreen';
import { schemaResolver } from '../../schemaForm/schemaResolver';
import { accountApi } from '../../providers/account/accountApi';
import { ApiError } from '../../providers/http/ApiError';
import { refreshCredentials } from '../../providers/session/tokenRefresh';
import { AvatarPicker, type AvatarChoice } from './AvatarPicker';

interface ProfileValues {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  email: string;
}

/** "Account general": names, phone and picture of the signed-in user. */
export function AccountGeneralTab() {
  const translate = useTranslate();
  const notify = useNotify();
  const { refetch: refetchIdentity } = useGetIdentity();
  const [profile, setProfile] = useState<UserDto | null>(null);
  const [avatar, setAvatar] = useState<AvatarChoice>({ remove: false });
  const resolver = useMemo(() => schemaResolver(profileSchema, translate), [translate]);

  useEffect(() => {
    const loading = new AbortController();
    accountApi.getProfile(loading.signal).then(setProfile, () => undefined);
    return () => loading.abort();
  }, []);

  if (!profile) return <LoadingScreen />;

  const save = async (values: Partial<ProfileValues>) => {
    try {
      const { data } = await accountApi.updateProfile({
        firstName: values.firstName ?? '',
        lastName: values.lastName ?? '',
        phoneNumber: values.phoneNumber || null,
        ...(avatar.upload ? { image: avatar.upload } : {}),
        ...(avatar.remove ? { deleteCurrentImage: true } : {}),
      });
      if (data) setProfile(data);
      setAvatar({ remove: false });
      notify('app.profile.saved', { type: 'success' });
      // The name and picture shown in the top bar come from the token's claims: get a token that has the new ones.
      await refreshCredentials().catch(() => undefined);
      refetchIdentity();
    } catch (error) {
      if (error instanceof ApiError && error.body.errors) return error.body.errors;
    }
  };

  return (
    <Form<ProfileValues>
      defaultValues={{ firstName: profile.firstName, lastName: profile.lastName, phoneNumber: profile.phoneNumber ?? '', email: profile.email }}
      resolver={resolver}
      onSubmit={save}
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardContent sx={{ py: 5 }}>
              <AvatarPicker
                currentUrl={profile.imageUrl}
                initial={(profile.fullName || profile.email).charAt(0).toUpperCase()}
                choice={avatar}
                onChange={setAvatar}
              />
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <Card variant="outlined">
            <CardContent>
              <Grid container columnSpacing={2}>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextInput source="firstName" label="app.profile.firstName" fullWidth />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextInput source="lastName" label="app.profile.lastName" fullWidth />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextInput source="email" label="app.profile.email" fullWidth disabled />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextInput source="phoneNumber" label="app.profile.phoneNumber" fullWidth />
                </Grid>
              </Grid>
              <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
                <SaveButton label="app.profile.save" alwaysEnable />
              </Stack>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </Form>
  );
}
