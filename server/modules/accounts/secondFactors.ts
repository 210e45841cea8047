import crypto from 'node:crypto';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import qrcode from 'qrcode-generator';
import { RECOVERY_CODE_COUNT, type SecondFactorEnrolment, type SecondFactorMethod, type SecondFactorStatus } from '../../../contract/secondFactor';
import type { AppContext } from '../../context';
import { writeAudit } from '../../core/audit';
import { ApiError, badRequest, forbidden } from '../../core/errors';
import type { Principal } from '../../core/guard';
import type { Db } from '../../db/client';
import { roles, userRoles } from '../../db/schema';
import { hasPasskeys } from '../passkeys/passkeys.service';
import { announceUserChange } from '../users/users.events';
import { hashOf } from './secrets';
import type { CodeVerdict } from './signInChallenges';
import { recoveryCodes, secondFactors } from './secondFactor.schema';
import { acceptedStepOf, newTotpSecret, otpauthUriOf, sealSecret, unsealSecret } from './totp';

/** Whether a user has a second factor that is on (TOTP confirmed); passkeys add theirs here. */
export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  return (await secondFactorMethodsOf(db, userId)).length > 0;
}

/** The ways this user can answer the second step of a sign-in; empty: no second step. */
export async function secondFactorMethodsOf(db: Db, userId: string): Promise<SecondFactorMethod[]> {
  const [totp] = await db
    .select({ userId: secondFactors.userId })
    .from(secondFactors)
    .where(and(eq(secondFactors.userId, userId), isNotNull(secondFactors.confirmedAt)));
  const methods: SecondFactorMethod[] = totp ? ['totp', 'recovery'] : [];
  if (await hasPasskeys(db, userId)) methods.push('passkey');
  return methods;
}

/** Whether one of the user's roles requires a second factor. */
export async function secondFactorRequiredOf(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: roles.id })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.requireSecondFactor, true)))
    .limit(1);
  return Boolean(row);
}

const wrongCode = () => new ApiError(400, 'secondFactor.codeInvalid', [{ field: 'code', message: 'secondFactor.codeInvalid' }]);

/** Ten random codes of 16 base32 characters in groups of four, shown once; only their SHA-256 is stored. */
function newRecoveryCodes(): string[] {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from(crypto.randomBytes(16), (byte) => alphabet[byte % alphabet.length]).join('');
    return chars.match(/.{4}/g)!.join('-');
  });
}

/** A recovery code as typed: case, spaces and dashes do not matter. */
const normalisedRecoveryCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** The user's TOTP: enrolment, codes, recovery codes, turning off, the admin's reset. */
export function createSecondFactorService(ctx: Pick<AppContext, 'db' | 'config' | 'events'>) {
  const { db, config } = ctx;
  const secret = config.jwtSecret;
  // SECOND_FACTOR_ENROLMENT=off: the role's requirement is shown but not enforced, here as in the gate.
  const enforced = config.secondFactorEnrolment === 'required';

  async function factorOf(userId: string) {
    const [row] = await db.select().from(secondFactors).where(eq(secondFactors.userId, userId));
    return row ?? null;
  }

  /**
   * Checks a TOTP code of the user's secret (confirmed, or pending when enrolling) and records its step, so the same
   * code (or an older one) is refused from then on, also by a request racing this one: 'used' tells such a code
   * from one that was never right, so the person waits for the next code instead of retyping this one.
   */
  async function useTotpCode(userId: string, code: string, options: { pending?: boolean } = {}): Promise<CodeVerdict> {
    const factor = await factorOf(userId);
    if (!factor || Boolean(factor.confirmedAt) === Boolean(options.pending)) return 'wrong';
    const totpSecret = unsealSecret(secret, factor.secretSealed);
    const step = acceptedStepOf(totpSecret, code.trim(), factor.lastUsedStep);
    if (step === null) return acceptedStepOf(totpSecret, code.trim(), null) === null ? 'wrong' : 'used';
    const recorded = await db
      .update(secondFactors)
      .set({ lastUsedStep: step })
      .where(and(eq(secondFactors.userId, userId), sql`(${secondFactors.lastUsedStep} is null or ${secondFactors.lastUsedStep} < ${step})`))
      .returning({ userId: secondFactors.userId });
    return recorded.length === 1 ? 'accepted' : 'used';
  }

  /** Uses one unused recovery code of the user; 'wrong' when none matches (a used one is not told apart). */
  async function useRecoveryCode(userId: string, code: string): Promise<CodeVerdict> {
    const used = await db
      .update(recoveryCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashOf(normalisedRecoveryCode(code))), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return used.length === 1 ? 'accepted' : 'wrong';
  }

  /** A TOTP code, or else a recovery code: the second step's proof. */
  const useCode = async (userId: string, code: string) => (/^\d{6}$/.test(code.trim()) ? useTotpCode(userId, code) : useRecoveryCode(userId, code));

  async function replaceRecoveryCodes(userId: string, conn: Db = db): Promise<string[]> {
    const codes = newRecoveryCodes();
    await conn.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await conn.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashOf(normalisedRecoveryCode(code)) })));
    return codes;
  }

  async function status(userId: string): Promise<SecondFactorStatus> {
    const factor = await factorOf(userId);
    const [{ left }] = await db
      .select({ left: sql<number>`count(*)::int` })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    const [required, has] = await Promise.all([secondFactorRequiredOf(db, userId), hasSecondFactor(db, userId)]);
    return { totp: Boolean(factor?.confirmedAt), recoveryCodesLeft: left, required, pending: enforced && required && !has };
  }

  /** A new secret to scan, not on until `confirm`; starting again replaces a pending one. Refused when TOTP is on. */
  async function begin(principal: Principal): Promise<SecondFactorEnrolment> {
    const factor = await factorOf(principal.id);
    if (factor?.confirmedAt) throw new ApiError(409, 'secondFactor.alreadyOn');
    const totpSecret = newTotpSecret();
    const row = { secretSealed: sealSecret(secret, totpSecret), confirmedAt: null, lastUsedStep: null };
    await db
      .insert(secondFactors)
      .values({ userId: principal.id, ...row })
      .onConflictDoUpdate({ target: secondFactors.userId, set: row });
    const otpauthUri = otpauthUriOf(totpSecret, principal.email);
    const qr = qrcode(0, 'M');
    qr.addData(otpauthUri);
    qr.make();
    const svg = qr.createSvgTag({ cellSize: 4, margin: 4, scalable: true });
    return { secret: totpSecret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /** Turns TOTP on with a code of the pending secret; answers the recovery codes, shown this once. */
  async function confirm(principal: Principal, code: string): Promise<string[]> {
    const factor = await factorOf(principal.id);
    if (!factor) throw badRequest('secondFactor.notEnrolling');
    if (factor.confirmedAt) throw new ApiError(409, 'secondFactor.alreadyOn');
    if ((await useTotpCode(principal.id, code, { pending: true })) !== 'accepted') throw wrongCode();
    const codes = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await tx.update(secondFactors).set({ confirmedAt: new Date() }).where(eq(secondFactors.userId, principal.id));
      await writeAudit(tx, {
        userId: principal.id,
        type: 'Update',
        table: 'second_factors',
        key: principal.id,
        before: { totp: false },
        after: { totp: true },
      });
      return replaceRecoveryCodes(principal.id, tx);
    });
    await announceUserChange(ctx.events, 'UserChanged', principal);
    return codes;
  }

  /** New recovery codes (the old ones stop working), with a current TOTP code. */
  async function regenerateRecoveryCodes(principal: Principal, code: string): Promise<string[]> {
    if (!(await factorOf(principal.id))?.confirmedAt) throw badRequest('secondFactor.notOn');
    if ((await useTotpCode(principal.id, code)) !== 'accepted') throw wrongCode();
    const codes = await replaceRecoveryCodes(principal.id);
    await writeAudit(db, { userId: principal.id, type: 'Update', table: 'recovery_codes', key: principal.id, after: { regenerated: true } });
    return codes;
  }

  async function removeFactor(userId: string, conn: Db) {
    await conn.delete(secondFactors).where(eq(secondFactors.userId, userId));
    await conn.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  }

  /** Turns TOTP off with a current code; not while a role of the user requires a second factor. */
  async function turnOff(principal: Principal, code: string) {
    if (!(await factorOf(principal.id))?.confirmedAt) throw badRequest('secondFactor.notOn');
    if (await secondFactorRequiredOf(db, principal.id)) throw forbidden('secondFactor.requiredByRole');
    if ((await useTotpCode(principal.id, code)) !== 'accepted') throw wrongCode();
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await removeFactor(principal.id, tx);
      await writeAudit(tx, {
        userId: principal.id,
        type: 'Update',
        table: 'second_factors',
        key: principal.id,
        before: { totp: true },
        after: { totp: false },
      });
    });
    await announceUserChange(ctx.events, 'UserChanged', principal);
  }

  /** An admin's reset: the user's TOTP and recovery codes go (audited by the caller's rules); false when there were none. */
  async function reset(actorId: string, user: { id: string; partnerId: string | null }): Promise<boolean> {
    const userId = user.id;
    const had = await factorOf(userId);
    if (!had) return false;
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await removeFactor(userId, tx);
      await writeAudit(tx, {
        userId: actorId,
        type: 'Update',
        table: 'second_factors',
        key: userId,
        before: { totp: Boolean(had.confirmedAt) },
        after: { totp: false, reset: true },
      });
    });
    await announceUserChange(ctx.events, 'UserChanged', user);
    return true;
  }

  return { status, begin, confirm, regenerateRecoveryCodes, turnOff, reset, useCode };
}

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
