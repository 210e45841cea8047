import type { ImpersonationInput, ImpersonationTokens } from '../../../contract/schemas/impersonation';
import type { ImpersonatorClaim } from '../../../contract/tokens';
import type { AppContext } from '../../context';
import { writeAudit } from '../../core/audit';
import { conflict, forbidden, notFound } from '../../core/errors';
import type { Principal } from '../../core/guard';
import { rowIdOf } from '../../core/search';
import { fullNameOf, rolesOfUser } from '../accounts/principal';
import { findUserById, issueSession, type SignInMeta } from '../accounts/session';
import { endSignIns } from '../accounts/signIns';
import { IMPERSONATED_KIND, storeNotification } from '../notifications/notifications.service';
import { IMPERSONATION_AUDIT_TABLE } from './impersonationTrail';

/** An instant as a notification's text names it to any reader: `2026-12-03 17:00 UTC`. */
const utcText = (at: Date) => `${at.toISOString().slice(0, 10)} ${at.toISOString().slice(11, 16)} UTC`;

/**
 * Impersonation for support (issue 26, point 5): a staff user signs in as a user ranking below them, for a
 * reason and at most 30 minutes; the impersonated user is told, and the sign-in shows in their sessions list.
 */
export function createImpersonationService(ctx: AppContext) {
  const { db, config } = ctx;

  /** The user to impersonate: live, active, someone else, and ranking strictly below the impersonator. */
  async function targetOf(principal: Principal, targetId: string) {
    // A partner's user never impersonates, whatever a role says (a partner role never carries the permission either).
    if (principal.partnerId) throw forbidden('impersonation.partnerRefused');
    const target = await findUserById(db, rowIdOf(targetId, 'users.notFound'));
    if (!target) throw notFound('users.notFound');
    if (target.id === principal.id) throw forbidden('impersonation.notYourself');
    const [targetTop] = await rolesOfUser(db, target.id);
    // Upward and sideways are refused alike, the top role's holders included: only a lower rank is within reach.
    if (targetTop && targetTop.priority <= principal.rank) throw forbidden('impersonation.outranked');
    if (!target.isActive) throw conflict('impersonation.inactiveUser');
    return target;
  }

  async function start(principal: Principal, targetId: string, input: ImpersonationInput, meta: SignInMeta): Promise<ImpersonationTokens> {
    const target = await targetOf(principal, targetId);
    const endsAt = new Date(Date.now() + input.minutes * 60_000);
    const tokens = await issueSession(db, config.jwtSecret, target, { ...meta, impersonatorId: principal.id, reason: input.reason, endsAt });
    const impersonated = `${fullNameOf(target)} <${target.email}>`;
    await writeAudit(db, {
      userId: principal.id,
      type: 'Create',
      table: IMPERSONATION_AUDIT_TABLE,
      key: target.id,
      after: { impersonator: `${principal.fullName} <${principal.email}>`, impersonated, reason: input.reason, minutes: input.minutes, endsAt },
    });
    await storeNotification(db, {
      readers: [target.id],
      about: { resource: 'users', recordId: target.id },
      kind: IMPERSONATED_KIND,
      key: 'impersonation.notification',
      values: { impersonator: principal.fullName, reason: input.reason, endsAt: utcText(endsAt) },
      link: '/profile',
    });
    return { ...tokens, endsAt: endsAt.toISOString() };
  }

  /**
   * "Return to my account": the impersonation's sign-in ends (its refresh chain revoked, its access tokens refused
   * on every instance, its hub connections closed), audited as the impersonator's.
   */
  async function end(principal: Principal, impersonator: ImpersonatorClaim | null, signInId: string | undefined) {
    if (!impersonator || !signInId) throw conflict('impersonation.notImpersonating');
    await endSignIns(ctx, { actorId: impersonator.sub, userId: principal.id, selection: { ids: [signInId] } });
  }

  return { start, end };
}
