import { and, asc, eq } from 'drizzle-orm';
import type { RegistrationResponseJSON, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { PasskeyDto } from '../../../contract/schemas/passkeys';
import type { AppContext } from '../../context';
import { writeAudit } from '../../core/audit';
import type { Db } from '../../db/client';
import { ApiError, fieldError, notFound } from '../../core/errors';
import type { Principal } from '../../core/guard';
import { keepChallenge, PASSKEY_PROMPT_MS, takeChallenge } from './passkeyChallenges';
import { passkeys } from './passkeys.schema';
import { clientDataOf, relyingPartyOf, webAuthn } from './relyingParty';

/** Passkeys one user may hold: plenty for every device and key a person owns, and a bound on the options' size. */
export const PASSKEYS_PER_USER_MAX = 20;

type PasskeyRow = typeof passkeys.$inferSelect;

const dtoOf = (row: PasskeyRow): PasskeyDto => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** What the audit trail keeps of a passkey: never the key itself. */
const auditedOf = (row: Pick<PasskeyRow, 'name' | 'userId' | 'credentialId'>) => ({
  name: row.name,
  userId: row.userId,
  credentialId: row.credentialId.slice(0, 16),
});

/** Whether the user has at least one passkey (the sign-in then asks for a second step). */
export async function hasPasskeys(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  return Boolean(row);
}

/** A user's own passkeys: list, enrol (options, then the verified answer), rename, remove. Every change audited. */
export function createPasskeyService(ctx: AppContext) {
  const { db } = ctx;
  const relyingParty = relyingPartyOf(ctx.config);

  const rowsOf = (userId: string) => db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id));

  async function list(principal: Principal): Promise<PasskeyDto[]> {
    return (await rowsOf(principal.id)).map(dtoOf);
  }

  /** Options bound to the principal: their challenge is kept for this user only, and its own credentials are excluded. */
  async function registrationOptions(principal: Principal) {
    const existing = await rowsOf(principal.id);
    if (existing.length >= PASSKEYS_PER_USER_MAX) throw new ApiError(409, 'passkeys.tooMany', undefined, { max: PASSKEYS_PER_USER_MAX });
    const { generateRegistrationOptions } = await webAuthn();
    const options = await generateRegistrationOptions({
      rpName: relyingParty.name,
      rpID: relyingParty.id,
      userName: principal.email,
      userDisplayName: principal.fullName,
      userID: new TextEncoder().encode(principal.id),
      timeout: PASSKEY_PROMPT_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports })),
      // Discoverable, so every passkey also signs in without a password; verified (PIN, biometrics) as a passkey is.
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await keepChallenge(db, options.challenge, { purpose: 'register', userId: principal.id });
    return options;
  }

  /** The answer to this principal's options, verified; another user's options (or none, or used ones) are refused. */
  async function register(principal: Principal, input: { name: string; response: RegistrationResponseJSON }): Promise<PasskeyDto> {
    const refused = () => fieldError('response', 'passkeys.registrationRefused');
    const clientData = clientDataOf(input.response.response.clientDataJSON);
    if (!clientData || !relyingParty.acceptsOrigin(clientData.origin)) throw refused();
    if (!(await takeChallenge(db, clientData.challenge, { purpose: 'register', userId: principal.id }))) throw refused();
    let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verification = await (
        await webAuthn()
      ).verifyRegistrationResponse({
        response: input.response,
        expectedChallenge: clientData.challenge,
        expectedOrigin: clientData.origin,
        expectedRPID: relyingParty.id,
        requireUserVerification: true,
      });
    } catch {
      throw refused();
    }
    if (!verification.verified) throw refused();
    const { credential } = verification.registrationInfo;
    const values = {
      userId: principal.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: (credential.transports ?? []).slice(0, 10),
      name: input.name,
    };
    const created = await db.transaction(async (tx) => {
      const [row] = await tx.insert(passkeys).values(values).onConflictDoNothing({ target: passkeys.credentialId }).returning();
      if (!row) return null;
      await writeAudit(tx, { userId: principal.id, type: 'Create', table: 'passkeys', key: row.id, after: auditedOf(row) });
      return row;
    });
    if (!created) throw fieldError('response', 'passkeys.alreadyEnrolled');
    return dtoOf(created);
  }

  async function ownPasskey(principal: Principal, id: string) {
    const [row] = await db
      .select()
      .from(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, principal.id)));
    if (!row) throw notFound('passkeys.notFound');
    return row;
  }

  async function rename(principal: Principal, id: string, name: string): Promise<PasskeyDto> {
    const before = await ownPasskey(principal, id);
    const renamed = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(passkeys)
        .set({ name })
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, principal.id)))
        .returning();
      if (!row) return null;
      await writeAudit(tx, { userId: principal.id, type: 'Update', table: 'passkeys', key: id, before: auditedOf(before), after: auditedOf(row) });
      return row;
    });
    if (!renamed) throw notFound('passkeys.notFound');
    return dtoOf(renamed);
  }

  async function remove(principal: Principal, id: string) {
    const removed = await db.transaction(async (tx) => {
      const [row] = await tx
        .delete(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, principal.id)))
        .returning();
      if (!row) return null;
      await writeAudit(tx, { userId: principal.id, type: 'Delete', table: 'passkeys', key: id, before: auditedOf(row) });
      return row;
    });
    if (!removed) throw notFound('passkeys.notFound');
  }

  return { list, registrationOptions, register, rename, remove };
}
