import ConfirmationNumberOutlined from '@mui/icons-material/ConfirmationNumberOutlined';
import type { TicketDto } from '../../../contract/tickets';
import { list, type ScreenDeclaration } from '../../admin/screenDeclaration';

/** A user's tickets (/tickets) and one ticket with its chat (/tickets/{id}/detail). */
const tickets: ScreenDeclaration<TicketDto> = {
  name: 'tickets',
  apiPath: 'tickets',
  permissionResource: 'Tickets',
  labelKey: 'app.nav.tickets',
  icon: ConfirmationNumberOutlined,
  access: list('Tickets'),
  routes: [
    { path: 'tickets', view: () => import('./TicketListPage') },
    {
      path: 'tickets/:id/detail',
      titleKey: 'app.screens.ticketDetail',
      view: () => import('./TicketDetailPage').then((page) => ({ default: page.PartnerTicketDetailPage })),
    },
  ],
  navigation: { area: 'ticket-management', position: 10 },
  recordRepresentation: (ticket) => ticket.subject,
};

export default tickets;
