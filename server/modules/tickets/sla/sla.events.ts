import type { SlaTargetKind } from '../../../../contract/serviceLevels';

/** A target of a ticket nears its breach (or passed it while no instance ran): its assignee is reminded, once. */
export interface TicketSlaNearBreach {
  type: 'TicketSlaNearBreach';
  ticketId: string;
  partnerId: string;
  assigneeId: string;
  target: SlaTargetKind;
  businessMinutesLeft: number;
}
