/** One side of a ticket read its chat further than before: the hub tells the ticket's group (TicketRead). */
export interface TicketReadMoved {
  type: 'TicketReadMoved';
  ticketId: string;
  partnerId: string;
  side: 'staff' | 'partner';
  userId: string;
  /** The createdAt of the message read up to, as ISO text. */
  readUpTo: string;
}
