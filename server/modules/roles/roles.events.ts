import type { EventBus } from '../../core/events';

/**
 * Roles changed: their permissions, name or rank (every holder's access may differ: `userIds` null), or which
 * users hold them (`userIds`: the users given or denied the roles).
 */
export interface RoleChanged {
  type: 'RoleChanged';
  roleIds: string[];
  userIds: string[] | null;
}

/** A change to the role itself: every holder's access may differ. */
export const roleItselfChanged = (roleId: string): RoleChanged => ({ type: 'RoleChanged', roleIds: [roleId], userIds: null });

/** A committed change to a role itself: ResourceChanged so lists refresh, and RoleChanged for every holder's access. */
export function announceRoleChange(events: EventBus, roleId: string, action: 'updated' | 'deleted') {
  return Promise.all([events.publish({ type: 'ResourceChanged', resource: 'roles', id: roleId, action }), events.publish(roleItselfChanged(roleId))]);
}
