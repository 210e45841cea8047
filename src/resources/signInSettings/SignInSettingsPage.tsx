import { useCallback, useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useGetIdentity, usePermissions, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { STAFF_ORGANISATION, type SignInSettingsDto } from '../../../contract/sso';
import { PageHeading } from '../../layout/PageHeading';
import { AddressesSection } from './AddressesSection';
import { DomainsSection } from './DomainsSection';
import { ProviderForm } from './ProviderForm';
import { ProviderSummary } from './ProviderSummary';
import { RoleMappingsSection } from './RoleMappingsSection';
import { ScimTokensSection } from './ScimTokensSection';
import { SettingsCard } from './SettingsCard';
import { signInSettingsApi } from './signInSettingsApi';

const has = (permissions: string[] | undefined, action: string) => !!permissions?.includes(`Permissions.IdentityProviders.${action}`);

/**
 * An organisation's sign-in (issue 37): /partners/{id}/sign-in for staff, /sign-in-settings for the reader's own
 * organisation (a partner admin's partner; the staff organisation for staff). Staff who configure set the provider
 * and confirm domains; a partner admin reads the provider and keeps domains, role mapping and the SSO requirement.
 */
export default function SignInSettingsPage() {
  const translate = useTranslate();
  const { id: partnerId } = useParams();
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions<string[]>();
  const organisation = partnerId ?? (identity ? ((identity.partnerId as string | null) ?? STAFF_ORGANISATION) : null);
  const api = useMemo(() => (organisation ? signInSettingsApi(organisation) : null), [organisation]);
  const [settings, setSettings] = useState<SignInSettingsDto | null>(null);
  const [failed, setFailed] = useState(false);
  const configures = has(permissions, 'Configure') && identity?.partnerId == null;
  const canUpdate = configures || has(permissions, 'Update');

  const reload = useCallback(() => {
    if (!api) return;
    api.read().then(setSettings, () => setFailed(true));
  }, [api]);
  useEffect(reload, [reload]);

  const title = translate(
    partnerId ? 'signInSettings.partnerTitle' : organisation === STAFF_ORGANISATION ? 'signInSettings.staffTitle' : 'signInSettings.title',
  );
  if (failed) return <Alert severity="error">{translate('signInSettings.loadFailed')}</Alert>;
  if (!settings || !api) return <CircularProgress aria-label={translate('ra.page.loading')} sx={{ display: 'block', mx: 'auto', my: 6 }} />;
  // The roles the reader may give here, as the server counts them (a partner admin cannot list roles herself).
  const { provider, givableRoles: roles } = settings;
  const roleName = (id: string | null) => (id ? (roles.find((role) => role.id === id)?.name ?? id) : translate('signInSettings.provider.noDefaultRole'));
  const change = (call: Promise<SignInSettingsDto>) => call.then(setSettings);

  return (
    <>
      <PageHeading title={title}>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>{translate('signInSettings.intro')}</Typography>
      </PageHeading>
      <Stack spacing={3} sx={{ maxWidth: 880 }}>
        <SettingsCard title={translate('signInSettings.provider.title')} testId="sso-provider">
          {configures ? (
            <ProviderForm key={provider?.updatedAt ?? 'new'} provider={provider} roles={roles} save={(input) => change(api.saveProvider(input))} />
          ) : provider ? (
            <ProviderSummary provider={provider} roleName={roleName} />
          ) : (
            <Typography sx={{ color: 'text.secondary' }}>{translate('signInSettings.provider.none')}</Typography>
          )}
          {provider && (
            <FormControlLabel
              sx={{ mt: 2 }}
              control={<Switch checked={provider.requireSso} disabled={!canUpdate} onChange={(event) => void change(api.requireSso(event.target.checked))} />}
              label={translate('signInSettings.provider.requireSso')}
              data-testid="sso-require"
            />
          )}
        </SettingsCard>
        <DomainsSection domains={settings.domains} api={api} canUpdate={canUpdate} canConfirm={configures} onChange={reload} />
        <RoleMappingsSection
          key={JSON.stringify(settings.roleMappings)}
          mappings={settings.roleMappings}
          roles={roles}
          api={api}
          canUpdate={canUpdate}
          onChange={reload}
        />
        {provider && settings.addresses && <AddressesSection addresses={settings.addresses} kind={provider.kind} />}
        {settings.partnerId && (
          <ScimTokensSection partnerId={settings.partnerId} canManage={!!permissions?.includes('Permissions.ScimTokens.Create') || configures} />
        )}
      </Stack>
    </>
  );
}
