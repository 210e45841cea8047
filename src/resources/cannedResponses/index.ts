import QuickreplyOutlined from '@mui/icons-material/QuickreplyOutlined';
import type { CannedResponseDto } from '../../../contract/cannedResponses';
import { list, type ScreenDeclaration } from '../../admin/screenDeclaration';

/** Canned responses (issue 25): the shared ones and the reader's own, inserted in a ticket's chat by typing `/`. */
const cannedResponses: ScreenDeclaration<CannedResponseDto> = {
  name: 'canned-responses',
  apiPath: 'canned-responses',
  permissionResource: 'CannedResponses',
  labelKey: 'cannedResponses.nav',
  icon: QuickreplyOutlined,
  access: list('CannedResponses'),
  routes: [{ path: 'canned-responses/:id?', view: 'entity' }],
  navigation: { area: 'ticket-management', position: 30 },
  recordRepresentation: (response) => response.title,
  entity: () => import('./cannedResponseTable'),
};

export default cannedResponses;
