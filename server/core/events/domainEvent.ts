import type { SignInsEnded } from '../../modules/accounts/signIns.events';
import type { FileEvent } from '../../modules/files/files.events';
import type { PartnerFormEvent } from '../../modules/partnerForms/partnerForms.events';
import type { PartnerCreated } from '../../modules/partners/partners.events';
import type { RoleChanged } from '../../modules/roles/roles.events';
import type { TicketReadMoved } from '../../modules/tickets/ticketReads.events';
import type { TicketEvent } from '../../modules/tickets/tickets.events';
import type { TicketSlaNearBreach } from '../../modules/tickets/sla/sla.events';
import type { TicketMerged } from '../../modules/tickets/merge/ticketMerge.events';
import type { UserEvent } from '../../modules/users/users.events';
import type { ResourceChanged } from './resourceChanged';

/**
 * Every event a module may publish on `ctx.events`. Each module declares its own in `<module>.events.ts`;
 * a new one joins this union. Events travel between instances
 * as JSON in a PostgreSQL notification: ids and small facts, never secrets; subscribers load the rest. A bounded body
 * may travel where its relay would only read it back (a chat line up to LINE_IN_EVENT_MAX_BYTES, tickets.events.ts).
 */
export type DomainEvent =
  | ResourceChanged
  | UserEvent
  | RoleChanged
  | PartnerCreated
  | TicketEvent
  | TicketMerged
  | TicketSlaNearBreach
  | TicketReadMoved
  | PartnerFormEvent
  | FileEvent
  | SignInsEnded;

export type DomainEventType = DomainEvent['type'];

export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;
