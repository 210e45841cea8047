import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import type { TicketDto } from '../../../contract/tickets';
import { list, type ScreenDeclaration } from '../../admin/screenDeclaration';

/**
 * The ticket manager (specification section 2): every partner's tickets for staff at /ticket-manager
 * (AdminView, as its menu item), the same table at /ticket-management, and a ticket's admin detail.
 */
const ticketManager: ScreenDeclaration<TicketDto> = {
  name: 'ticket-management',
  apiPath: 'tickets',
  permissionResource: 'Tickets',
  labelKey: 'app.nav.ticketManager',
  icon: ManageSearchOutlined,
  access: list('Tickets'),
  routes: [
    { path: 'ticket-manager', view: 'entity', access: { resource: 'Tickets', action: 'AdminView' } },
    { path: 'ticket-management', view: 'entity' },
    {
      path: 'ticket-management/:id/detail',
      titleKey: 'app.screens.adminTicketDetail',
      view: () => import('../tickets/TicketDetailPage').then((page) => ({ default: page.AdminTicketDetailPage })),
    },
  ],
  navigation: { area: 'ticket-management', position: 20, routePath: 'ticket-manager' },
  recordRepresentation: (ticket) => ticket.subject,
  entity: () => import('./ticketManagerTable'),
};

export default ticketManager;
