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
  /** Every connection of the instance; nobody joins it. */
  everyone: '*',
} as const;

/** The groups a connection of this user belongs to from its handshake on; the others are joined by hub methods. */
export const baseGroupsOf = (user: { id: string; partnerId: string | null }) => [
  hubGroups.user(user.id),
  user.partnerId ? hubGroups.partner(user.partnerId) : hubGroups.staff,
];
