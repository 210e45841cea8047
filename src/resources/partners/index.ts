import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import type { PartnerDto } from '../../../contract/partners';
import type { ScreenDeclaration } from '../../admin/screenDeclaration';

/** Partners (/partners): every partner, for staff who may see across partners (AdminView, as the menu). */
const partners: ScreenDeclaration<PartnerDto> = {
  name: 'partners',
  apiPath: 'partners',
  permissionResource: 'Partners',
  labelKey: 'app.nav.partners',
  icon: BusinessOutlined,
  access: { resource: 'Partners', action: 'AdminView' },
  routes: [{ path: 'partners/:id?', view: 'entity' }],
  navigation: { area: 'files-and-partners', position: 20 },
  recordRepresentation: (partner) => partner.name,
  entity: () => import('./partnerTable'),
};

export default partners;
