import type { PortalModule } from '../module';
import { ticketMergeRoutes } from './merge/ticketMerge.routes';
import { ticketRatingRoutes } from './satisfaction/ticketRatings.routes';
import { ticketReadRoutes } from './ticketReads.routes';
import { ticketRoutes } from './tickets.routes';
import { serviceLevelRoutes } from './sla/serviceLevels.routes';
import { scheduleSlaReminders } from './sla/slaReminders';
import { seedDemoTickets } from './tickets.seed';
import { assignmentRoutes } from './assignment/assignment.routes';

const plugin: PortalModule['plugin'] = async (app, options) => {
  await ticketRoutes(app, options);
  await ticketReadRoutes(app, options);
  await ticketMergeRoutes(app, options);
  await ticketRatingRoutes(app, options);
  await assignmentRoutes(app, options);
  await serviceLevelRoutes(app, options);
  scheduleSlaReminders(app, options.ctx);
};

/** Support tickets, their chat (with its read receipts) and attachments. */
export const ticketsModule: PortalModule = { name: 'tickets', plugin, seedDemo: seedDemoTickets };
