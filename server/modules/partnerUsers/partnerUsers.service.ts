import { eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { permission } from '../../../contract/permissions';
import type { RegisterInput } from '../../../contract/schemas/accounts';
import { fieldError } from '../../core/errors';
import type { Principal } from '../../core/guard';
import { users } from '../users/users.schema';

/** What `/partner-users` reaches: a partner admin only their own partner's users; every partner's users need AdminView. */
export function partnerUsersScope(principal: Principal): SQL {
  if (principal.partnerId) return eq(users.partnerId, principal.partnerId);
  return principal.permissions.has(permission('PartnerUsers', 'AdminView')) ? isNotNull(users.partnerId) : sql`false`;
}

/** Where an invitee goes: a partner admin's invitees join their partner (no picker); staff must name one. They start as Partner. */
export function invitationOf(principal: Principal, input: RegisterInput) {
  const partnerId = principal.partnerId ?? input.partnerId;
  if (!partnerId) throw fieldError('partnerId', 'validation.required');
  return { partnerId, defaultRole: 'Partner' };
}
