import type { PortalModule } from '../module';
import { ticketReadRoutes } from './ticketReads.routes';
import { ticketRoutes } from './tickets.routes';
import { seedDemoTickets } from './tickets.seed';

const plugin: PortalModule['plugin'] = async (app, options) => {
  await ticketRoutes(app, options);
  await ticketReadRoutes(app, options);
};

/** Support tickets, their chat (with its read receipts) and attachments. */
export const ticketsModule: PortalModule = { name: 'tickets', plugin, seedDemo: seedDemoTickets };
