import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { IdentityProviderDto } from '../../../contract/sso';

/** The provider as a partner admin reads it: staff set it. */
export function ProviderSummary({ provider, roleName }: { provider: IdentityProviderDto; roleName: (id: string | null) => string }) {
  const translate = useTranslate();
  const facts: [string, string | null][] =
    provider.kind === 'oidc'
      ? [
          ['oidcIssuer', provider.oidcIssuer],
          ['oidcClientId', provider.oidcClientId],
        ]
      : [
          ['samlEntryPoint', provider.samlEntryPoint],
          ['samlIdpEntityId', provider.samlIdpEntityId],
        ];
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, gap: 1 }} data-testid="sso-provider-summary">
      <Typography component="dt" sx={{ color: 'text.secondary' }}>
        {translate('signInSettings.provider.name')}
      </Typography>
      <Box component="dd" sx={{ m: 0, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <span>{provider.name}</span>
        <Chip size="small" label={translate(`signInSettings.provider.kinds.${provider.kind}`)} />
        <Chip
          size="small"
          color={provider.enabled ? 'success' : 'default'}
          label={translate(provider.enabled ? 'signInSettings.provider.enabledOn' : 'signInSettings.provider.enabledOff')}
        />
      </Box>
      {facts.map(([field, value]) => (
        <Box key={field} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ color: 'text.secondary' }}>
            {translate(`signInSettings.provider.${field}`)}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
      <Typography component="dt" sx={{ color: 'text.secondary' }}>
        {translate('signInSettings.provider.defaultRoleId')}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {roleName(provider.defaultRoleId)}
      </Typography>
    </Box>
  );
}
