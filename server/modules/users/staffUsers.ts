import { eq, type SQL } from 'drizzle-orm';
import type { RegisterInput } from '../../../contract/schemas/accounts';
import type { Principal } from '../../core/guard';
import { users } from './users.schema';

/** What `/users` reaches: a user with a partner only that partner's users (another partner's answer 404), staff every user. */
export const usersScope = (principal: Principal): SQL | undefined => (principal.partnerId ? eq(users.partnerId, principal.partnerId) : undefined);

/** Where a user registered at `/users` goes: a user with a partner registers into it, staff name one or none; a partner's user starts as Partner, staff as Support. */
export function registrationOf(principal: Principal, input: RegisterInput) {
  const partnerId = principal.partnerId ?? input.partnerId ?? null;
  return { partnerId, defaultRole: partnerId ? 'Partner' : 'Support' };
}

/** Only staff without a partner move users between partners. */
export const mayMovePartner = (principal: Principal) => !principal.partnerId;
