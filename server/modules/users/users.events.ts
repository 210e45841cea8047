import type { EventBus } from '../../core/events';

/** What a committed change to a user's account tells the other modules, on every instance. */

/** The user's name, partner or activation changed (not a deactivation: see UserDeactivated). */
export interface UserChanged {
  type: 'UserChanged';
  userId: string;
  partnerId: string | null;
}

/** The user may no longer sign in or use a token they hold. */
export interface UserDeactivated {
  type: 'UserDeactivated';
  userId: string;
  partnerId: string | null;
}

/** Soft deleted: the row stays for the audit trail, the account is gone. */
export interface UserDeleted {
  type: 'UserDeleted';
  userId: string;
  partnerId: string | null;
}

export type UserEvent = UserChanged | UserDeactivated | UserDeleted;

/** A committed change to a user's account: the account event, and ResourceChanged so lists of users refresh. */
export function announceUserChange(events: EventBus, type: UserEvent['type'], user: { id: string; partnerId: string | null }) {
  return Promise.all([
    events.publish({
      type: 'ResourceChanged',
      resource: 'users',
      id: user.id,
      action: type === 'UserDeleted' ? 'deleted' : 'updated',
      partnerId: user.partnerId,
    }),
    events.publish({ type, userId: user.id, partnerId: user.partnerId }),
  ]);
}
