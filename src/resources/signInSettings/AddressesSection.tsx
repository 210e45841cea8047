import { useTranslate } from 'react-admin';
import type { SsoAddresses, SsoKind } from '../../../contract/sso';
import { CopyField } from './CopyField';
import { SettingsCard } from './SettingsCard';

const OIDC: (keyof SsoAddresses)[] = ['oidcRedirectUri', 'oidcPostLogoutRedirectUri'];
const SAML: (keyof SsoAddresses)[] = ['samlAcsUrl', 'samlEntityId', 'samlMetadataUrl'];

/** What the organisation's IdP admin registers for the portal, those of the provider's kind first. */
export function AddressesSection({ addresses, kind }: { addresses: SsoAddresses; kind: SsoKind }) {
  const translate = useTranslate();
  const order = kind === 'oidc' ? [...OIDC, ...SAML] : [...SAML, ...OIDC];
  return (
    <SettingsCard title={translate('signInSettings.addresses.title')} intro={translate('signInSettings.addresses.intro')} testId="sso-addresses">
      {order.map((name) => (
        <CopyField key={name} label={translate(`signInSettings.addresses.${name}`)} value={addresses[name]} testId={`sso-address-${name}`} />
      ))}
    </SettingsCard>
  );
}
