import { and, isNotNull, type SQL } from 'drizzle-orm';
import { partnerUsersDeclaration } from '../../../contract/resources/partnerUsers';
import type { RegisterInput } from '../../../contract/schemas/accounts';
import { scopeRulesOf } from '../../core/declared/scopes';
import { fieldError } from '../../core/errors';
import type { Principal } from '../../core/guard';
import { users } from '../users/users.schema';

// The declared scope's rows, read from the users table this module owns.
const declaredScope = scopeRulesOf(partnerUsersDeclaration, () => ({ partnerId: users.partnerId })).rows!;

/**
 * What `/partner-users` reaches: users with a partner, within the declared scope (a partner admin only their own
 * partner's; every partner's need AdminView).
 */
export const partnerUsersScope = (principal: Principal): SQL => and(isNotNull(users.partnerId), declaredScope(principal))!;

/** Where an invitee goes: a partner admin's invitees join their partner (no picker); staff must name one. They start as Partner. */
export function invitationOf(principal: Principal, input: RegisterInput) {
  const partnerId = principal.partnerId ?? input.partnerId;
  if (!partnerId) throw fieldError('partnerId', 'validation.required');
  return { partnerId, defaultRole: 'Partner' };
}
