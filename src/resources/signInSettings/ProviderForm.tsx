import { useMemo, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { identityProviderSchema, type IdentityProviderInput } from '../../../contract/schemas/sso';
import { SSO_KINDS, type IdentityProviderDto, type SignInSettingsDto, type SsoKind } from '../../../contract/sso';
import { ApiError } from '../../providers/http/ApiError';
import { useSchemaForm } from '../../schemaForm/useSchemaForm';

type RoleOption = SignInSettingsDto['givableRoles'][number];

// The text fields only: the switches and the role are not texts (their defaults are the schema's).
const textRules = identityProviderSchema.omit(['enabled', 'requireSso', 'defaultRoleId']);

const initialOf = (provider: IdentityProviderDto | null) => ({
  kind: provider?.kind ?? 'oidc',
  name: provider?.name ?? '',
  oidcIssuer: provider?.oidcIssuer ?? '',
  oidcClientId: provider?.oidcClientId ?? '',
  oidcClientSecret: '',
  samlEntryPoint: provider?.samlEntryPoint ?? '',
  samlIdpEntityId: provider?.samlIdpEntityId ?? '',
  samlIdpCertificates: provider?.samlIdpCertificates ?? '',
});

const FIELDS: Record<SsoKind, (keyof ReturnType<typeof initialOf>)[]> = {
  oidc: ['oidcIssuer', 'oidcClientId', 'oidcClientSecret'],
  saml: ['samlEntryPoint', 'samlIdpEntityId', 'samlIdpCertificates'],
};

/** Staff set an organisation's provider: its kind and that kind's fields; the client secret is written, never read. */
export function ProviderForm(props: { provider: IdentityProviderDto | null; roles: RoleOption[]; save: (input: IdentityProviderInput) => Promise<unknown> }) {
  const translate = useTranslate();
  const { provider } = props;
  const initial = useMemo(() => initialOf(provider), [provider]);
  const form = useSchemaForm(textRules, initial);
  const [enabled, setEnabled] = useState(provider?.enabled ?? true);
  const [defaultRoleId, setDefaultRoleId] = useState(provider?.defaultRoleId ?? '');
  const [saving, setSaving] = useState(false);
  const kind = form.values.kind as SsoKind;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    form.touchAll();
    if (!form.isValid) return;
    setSaving(true);
    const { oidcClientSecret, ...values } = form.values;
    const chosen = Object.fromEntries(Object.entries(values).filter(([name]) => name === 'kind' || name === 'name' || FIELDS[kind].includes(name as never)));
    try {
      await props.save({
        ...chosen,
        ...(kind === 'oidc' && oidcClientSecret ? { oidcClientSecret } : {}),
        enabled,
        requireSso: provider?.requireSso ?? false,
        defaultRoleId: defaultRoleId || null,
      } as IdentityProviderInput);
    } catch (error) {
      if (error instanceof ApiError && error.body.errors) form.setServerErrors(error.body.errors);
    } finally {
      setSaving(false);
    }
  };

  const text = (name: keyof typeof initial, extra: { multiline?: boolean; type?: string; helperKey?: string } = {}) => {
    const field = form.field(name);
    return (
      <TextField
        {...field}
        id={`sso-provider-${name}`}
        label={translate(`signInSettings.provider.${name}`)}
        helperText={field.helperText ?? (extra.helperKey ? translate(extra.helperKey) : undefined)}
        multiline={extra.multiline}
        minRows={extra.multiline ? 4 : undefined}
        type={extra.type}
        autoComplete="off"
        fullWidth
      />
    );
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ display: 'grid', gap: 2 }} data-testid="sso-provider-form">
      <TextField {...form.field('kind')} id="sso-provider-kind" select label={translate('signInSettings.provider.kind')} fullWidth>
        {SSO_KINDS.map((option) => (
          <MenuItem key={option} value={option}>
            {translate(`signInSettings.provider.kinds.${option}`)}
          </MenuItem>
        ))}
      </TextField>
      {text('name')}
      {kind === 'oidc' && text('oidcIssuer')}
      {kind === 'oidc' && text('oidcClientId')}
      {kind === 'oidc' &&
        text('oidcClientSecret', {
          type: 'password',
          helperKey: provider?.hasClientSecret ? 'signInSettings.provider.secretKept' : 'signInSettings.provider.secretNone',
        })}
      {kind === 'saml' && text('samlEntryPoint')}
      {kind === 'saml' && text('samlIdpEntityId')}
      {kind === 'saml' && text('samlIdpCertificates', { multiline: true })}
      <TextField
        id="sso-provider-defaultRoleId"
        select
        label={translate('signInSettings.provider.defaultRoleId')}
        value={defaultRoleId}
        onChange={(event) => setDefaultRoleId(event.target.value)}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        fullWidth
      >
        <MenuItem value="">{translate('signInSettings.provider.noDefaultRole')}</MenuItem>
        {props.roles.map((role) => (
          <MenuItem key={role.id} value={role.id}>
            {role.name}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={<Switch checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />}
        label={translate('signInSettings.provider.enabled')}
      />
      <Box>
        <Button type="submit" variant="contained" loading={saving} data-testid="sso-provider-save">
          {translate('signInSettings.provider.save')}
        </Button>
      </Box>
    </Box>
  );
}
