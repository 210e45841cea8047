/**
 * Group names. Every connection joins its user's group and either the staff group or its partner's group
 * when its handshake completes; ticket groups are joined with JoinTicket.
 */
export const hubGroups = {
  user: (userId: string) => `user:${userId}`,
  partner: (partnerId: string) => `partner:${partnerId}`,
  ticket: (ticketId: string) => `ticket:${ticketId}`,
  /** Users without a partner: the back office. */
  staff: 'staff',
} as const;
