import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RecoveryCodes, SecondFactorEnrolment } from '../../contract/secondFactor';
import { secondFactors } from '../../server/modules/accounts/secondFactor.schema';
import { createSecondFactorService } from '../../server/modules/accounts/secondFactors';
import { totpCodeAt } from '../../server/modules/accounts/totp';
import { expectEnvelope } from './expectations';
import { useDemoServer, type MadeUser } from './factories';
import { whileHeld } from './heldRows';
import { useTotpStepClock } from './totpClock';

/**
 * The second factor's replay protection, each layer alone: the step check (a code of a step at or before the one
 * recorded is refused) and the conditional UPDATE that records the step (of two uses that both passed the check,
 * one wins). The server runs in this process: the test moves the clock a TOTP step at a time.
 */
const nextStep = useTotpStepClock();
const stepNow = () => Math.floor(Date.now() / 30_000);

describe('a TOTP code used once', () => {
  const { server, make, roleIds, partnerIds } = useDemoServer();
  const service = () => createSecondFactorService(server.built.ctx);
  const recordedStepOf = async (userId: string) =>
    (await server.built.database.db.select({ step: secondFactors.lastUsedStep }).from(secondFactors).where(eq(secondFactors.userId, userId)))[0]?.step;

  let me: MadeUser;
  let secret: string;
  beforeEach(async () => {
    me = await make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Acme Logistics'] });
    secret = expectEnvelope(await server.api<SecondFactorEnrolment>('POST', '/api/account/second-factor/enrolment', { token: me.token }), 200).body.data!
      .secret;
    const confirmed = await server.api<RecoveryCodes>('POST', '/api/account/second-factor/confirm', { token: me.token, body: { code: totpCodeAt(secret) } });
    expectEnvelope(confirmed, 200);
    nextStep();
  });

  it('records its step, and from then on that code and any older one are refused while the next step’s is taken', async () => {
    const code = totpCodeAt(secret);
    expect(await service().useCode(me.id, code)).toBe('accepted');
    expect(await recordedStepOf(me.id)).toBe(stepNow());
    expect(await service().useCode(me.id, code)).toBe('used');
    expect(await service().useCode(me.id, totpCodeAt(secret, Date.now() - 30_000))).toBe('used');
    expect(await recordedStepOf(me.id)).toBe(stepNow());
    expect(await service().useCode(me.id, totpCodeAt(secret, Date.now() + 30_000))).toBe('accepted');
    expect(await recordedStepOf(me.id)).toBe(stepNow() + 1);
  });

  it('sent twice at once is taken once: both pass the step check, and the conditional update records one', async () => {
    const code = totpCodeAt(secret);
    const db = server.built.database.db;
    // The factor's row stays locked until both uses wait to record the step: both have read it unrecorded by then,
    // so only the UPDATE's condition can refuse the second.
    const used = await whileHeld(
      db,
      (tx) => tx.select().from(secondFactors).where(eq(secondFactors.userId, me.id)).for('update'),
      2,
      () => [service().useCode(me.id, code), service().useCode(me.id, code)],
    );
    expect(used.sort()).toEqual(['accepted', 'used']);
    expect(await recordedStepOf(me.id)).toBe(stepNow());
  });

  it('a wrong code is refused and records nothing', async () => {
    const before = await recordedStepOf(me.id);
    const near = [-30_000, 0, 30_000].map((offset) => totpCodeAt(secret, Date.now() + offset));
    const wrong = ['000000', '111111', '222222'].find((code) => !near.includes(code))!;
    expect(await service().useCode(me.id, wrong)).toBe('wrong');
    expect(await recordedStepOf(me.id)).toBe(before);
  });

  it('typed with spaces around it is taken, and typed so again is told as used, not as wrong', async () => {
    const code = ` ${totpCodeAt(secret)} `;
    expect(await service().useCode(me.id, code)).toBe('accepted');
    expect(await service().useCode(me.id, code)).toBe('used');
  });

  it('of a factor still being set up answers no sign-in, and records nothing; its confirmation takes it', async () => {
    const other = await make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Acme Logistics'] });
    const pending = expectEnvelope(await server.api<SecondFactorEnrolment>('POST', '/api/account/second-factor/enrolment', { token: other.token }), 200).body
      .data!.secret;
    expect(await service().useCode(other.id, totpCodeAt(pending))).toBe('wrong');
    expect(await recordedStepOf(other.id)).toBeNull();
    const confirm = (code: string) => server.api('POST', '/api/account/second-factor/confirm', { token: other.token, body: { code } });
    expectEnvelope(await confirm(totpCodeAt(pending)), 200);
    expect(await recordedStepOf(other.id)).toBe(stepNow());
  });

  it('of a user without a second factor answers nothing', async () => {
    const other = await make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Acme Logistics'] });
    expect(await service().useCode(other.id, totpCodeAt(secret))).toBe('wrong');
  });
});
