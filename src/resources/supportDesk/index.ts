import TuneOutlined from '@mui/icons-material/TuneOutlined';
import type { ScreenDeclaration } from '../../admin/screenDeclaration';

/** Support desk settings (issue 25): the business calendar and SLA targets, and the desk's other settings. */
const supportDesk: ScreenDeclaration = {
  name: 'support-desk',
  apiPath: 'service-levels',
  permissionResource: 'ServiceLevels',
  labelKey: 'serviceLevels.nav',
  icon: TuneOutlined,
  access: { resource: 'ServiceLevels', action: 'View' },
  routes: [{ path: 'support-desk/settings', view: () => import('../../pages/supportDesk/SupportDeskSettingsPage') }],
  navigation: { area: 'ticket-management', position: 40 },
};

export default supportDesk;
