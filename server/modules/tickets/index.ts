import type { PortalModule } from '../module';
import { ticketRoutes } from './tickets.routes';
import { seedDemoTickets } from './tickets.seed';

/** Support tickets, their chat and attachments. */
export const ticketsModule: PortalModule = { name: 'tickets', plugin: ticketRoutes, seedDemo: seedDemoTickets };
