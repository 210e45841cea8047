import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import type { ScreenDeclaration } from '../../admin/screenDeclaration';

/**
 * Sign-in settings (issue 37): an organisation's identity provider, domains, role mapping and addresses to copy.
 * /sign-in-settings is the signed-in person's own organisation (a partner admin's partner, or the staff
 * organisation for staff who configure it); /partners/{id}/sign-in is a partner's, for staff.
 */
const signInSettings: ScreenDeclaration = {
  name: 'sign-in-settings',
  apiPath: 'sign-in-settings',
  permissionResource: 'IdentityProviders',
  labelKey: 'signInSettings.title',
  icon: VpnKeyOutlined,
  access: { resource: 'IdentityProviders', action: 'View' },
  routes: [
    { path: 'sign-in-settings', view: () => import('./SignInSettingsPage') },
    {
      path: 'partners/:id/sign-in',
      titleKey: 'signInSettings.partnerTitle',
      access: { resource: 'IdentityProviders', action: 'Configure' },
      view: () => import('./SignInSettingsPage'),
    },
  ],
  navigation: { area: 'administration', position: 40 },
};

export default signInSettings;
