import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import type { AgreementAcceptanceDto } from '../../../contract/agreements';
import { list, type ScreenDeclaration } from '../../admin/screenDeclaration';

/** Agreement acceptances (issue 40): who accepted which version of each agreement, for staff; read only. */
const agreementAcceptances: ScreenDeclaration<AgreementAcceptanceDto> = {
  name: 'agreement-acceptances',
  apiPath: 'agreement-acceptances',
  permissionResource: 'Agreements',
  labelKey: 'agreements.acceptances.nav',
  icon: HowToRegOutlined,
  access: list('Agreements'),
  routes: [{ path: 'agreement-acceptances', view: 'entity' }],
  navigation: { area: 'administration', position: 75 },
  recordRepresentation: (acceptance) => `${acceptance.userName}: ${acceptance.agreementName} v${acceptance.versionNumber}`,
  entity: () => import('./acceptanceTable'),
};

export default agreementAcceptances;
