import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AGREEMENT_BODY_MAX } from '../../contract/agreements';
import { agreementAcceptances, auditTrails } from '../../server/db/schema';
import { agreementSteps } from './agreementsFixtures';
import { expectEnvelope } from './expectations';
import { useDemoServer } from './factories';

/** Agreements (issue 40, item 6): a partner's users accept each agreement's newest version; a new one asks again. */
const demo = useDemoServer();
const { server, token } = demo;
const steps = agreementSteps(demo);
const db = () => server.built.database.db;
const acceptancesOf = (userId: string) => db().select().from(agreementAcceptances).where(eq(agreementAcceptances.userId, userId));

describe("a partner user's pending agreements", () => {
  it('publishing a new version asks a user who accepted the first one again', async () => {
    const agreement = await steps.agreement();
    const user = await steps.partnerUser();
    expect(await steps.pending(user.token, [agreement.id])).toEqual([]);

    const first = await steps.published(agreement.id);
    expect(first.versionNumber).toBe(1);
    expect(await steps.pending(user.token, [agreement.id])).toMatchObject([{ versionId: first.id, versionNumber: 1, acceptedBefore: false }]);
    expectEnvelope(await steps.accept(user.token, first.id), 201);
    expect(await steps.pending(user.token, [agreement.id])).toEqual([]);

    const second = await steps.published(agreement.id);
    expect(second.versionNumber).toBe(2);
    expect(await steps.pending(user.token, [agreement.id])).toMatchObject([{ versionId: second.id, versionNumber: 2, acceptedBefore: true }]);
  });

  it('the demo partner users have accepted the demo terms, so signing in asks them nothing', async () => {
    for (const email of ['partner@acme.example', 'partner.admin@acme.example', 'partner@globex.example']) {
      const answer = await server.api<{ nameEn: string }[]>('GET', '/api/v1/pending-agreements', { token: token(email) });
      expectEnvelope(answer, 200);
      // Other tests of this file publish agreements every partner's user is asked about: only the demo's own count here.
      expect(
        answer.body.data!.filter((p) => p.nameEn === 'Partner terms'),
        email,
      ).toEqual([]);
    }
    const newcomer = await steps.partnerUser();
    expect((await server.api<{ nameEn: string }[]>('GET', '/api/v1/pending-agreements', { token: newcomer.token })).body.data!.map((p) => p.nameEn)).toContain(
      'Partner terms',
    );
  });

  it('staff are asked nothing and cannot accept for a partner (403)', async () => {
    const agreement = await steps.agreement();
    const version = await steps.published(agreement.id);
    expect(await steps.pending(token('admin@example.com'), [agreement.id])).toEqual([]);
    expectEnvelope(await steps.accept(token('support@example.com'), version.id), 403);
  });
});

describe('accepting a version', () => {
  it('records who, for which partner, which version, when and from which address, and audits it', async () => {
    const agreement = await steps.agreement();
    const version = await steps.published(agreement.id);
    const user = await steps.partnerUser();
    const before = Date.now();
    const answer = await steps.accept(user.token, version.id);
    expectEnvelope(answer, 201);
    const { acceptance, alreadyAccepted } = answer.body.data!;
    expect(alreadyAccepted).toBe(false);
    expect(acceptance).toMatchObject({ userId: user.id, userEmail: user.email, partnerId: user.partnerId, versionId: version.id, versionNumber: 1 });
    expect(acceptance.clientAddress).toMatch(/127\.0\.0\.1|::1/);
    expect(Date.parse(acceptance.acceptedAt)).toBeGreaterThanOrEqual(before - 1000);

    const [stored] = await acceptancesOf(user.id);
    expect(stored).toMatchObject({ id: acceptance.id, versionId: version.id, partnerId: user.partnerId, clientAddress: acceptance.clientAddress });
    const audited = await db()
      .select()
      .from(auditTrails)
      .where(and(eq(auditTrails.tableName, 'agreement_acceptances'), eq(auditTrails.primaryKey, acceptance.id)));
    expect(audited.map((row) => [row.type, row.userId])).toEqual([['Create', user.id]]);
    expect(audited[0].newValues).toMatchObject({ versionId: version.id, versionNumber: 1, clientAddress: acceptance.clientAddress });
  });

  it('a retry answers the same acceptance and records nothing more', async () => {
    const agreement = await steps.agreement();
    const version = await steps.published(agreement.id);
    const user = await steps.partnerUser();
    const [first, retries] = [await steps.accept(user.token, version.id), await Promise.all([1, 2].map(() => steps.accept(user.token, version.id)))];
    for (const retry of retries) {
      expectEnvelope(retry, 200);
      expect(retry.body.data).toMatchObject({ alreadyAccepted: true, acceptance: { id: first.body.data!.acceptance.id } });
    }
    expect(await acceptancesOf(user.id)).toHaveLength(1);
  });

  it('a version a newer one replaced is refused (409) and nothing is recorded', async () => {
    const agreement = await steps.agreement();
    const old = await steps.published(agreement.id);
    await steps.published(agreement.id);
    const user = await steps.partnerUser();
    const answer = await steps.accept(user.token, old.id);
    expectEnvelope(answer, 409);
    expect(answer.body.message).toContain('version 2');
    expect(await acceptancesOf(user.id)).toEqual([]);
  });

  it('an unknown or malformed version is 404', async () => {
    const user = await steps.partnerUser();
    expectEnvelope(await steps.accept(user.token, '00000000-0000-4000-8000-000000000000'), 404);
    expectEnvelope(await steps.accept(user.token, 'not-an-id'), 404);
  });
});

describe('publishing a version', () => {
  it('numbers versions one after another, newest first, with who published them and how many accepted', async () => {
    const agreement = await steps.agreement();
    await steps.published(agreement.id);
    const second = await steps.published(agreement.id);
    expectEnvelope(await steps.accept((await steps.partnerUser()).token, second.id), 201);
    const answer = await server.api<{ versionNumber: number; publishedByName: string; acceptedCount: number }[]>(
      'GET',
      `/api/v1/agreements/${agreement.id}/versions`,
      { token: token('support@example.com') },
    );
    expectEnvelope(answer, 200);
    expect(answer.body.data!.map((v) => [v.versionNumber, v.acceptedCount])).toEqual([
      [2, 1],
      [1, 0],
    ]);
    expect(answer.body.data![0].publishedByName).toBeTruthy();
  });

  it('bad input is a 400 naming the field, and nothing changes', async () => {
    const agreement = await steps.agreement();
    const before = await server.snapshot();
    for (const [body, field] of [
      [{ bodyEn: 'Only English' }, 'bodyVi'],
      [{ bodyEn: 'x'.repeat(AGREEMENT_BODY_MAX + 1), bodyVi: 'Nội dung' }, 'bodyEn'],
      [{ bodyEn: '   ', bodyVi: 'Nội dung' }, 'bodyEn'],
      [{ bodyEn: 12, bodyVi: ['x'] }, 'bodyVi'],
    ] as const) {
      const answer = await steps.publish(agreement.id, body);
      expectEnvelope(answer, 400);
      expect(
        answer.body.errors?.map((e) => e.field),
        JSON.stringify(body),
      ).toContain(field);
    }
    expectEnvelope(await steps.publish(agreement.id, 'not an object'), 400);
    expect(await server.snapshot()).toBe(before);
  });

  it('an unknown agreement is 404', async () => {
    expectEnvelope(await steps.publish('00000000-0000-4000-8000-000000000000'), 404);
    expectEnvelope(await steps.publish('nope'), 404);
  });

  it('a published agreement cannot be deleted (409); one without a version can', async () => {
    const kept = await steps.agreement();
    await steps.published(kept.id);
    expectEnvelope(await server.api('DELETE', `/api/v1/agreements/${kept.id}`, { token: token('admin@example.com') }), 409);
    const draft = await steps.agreement();
    expectEnvelope(await server.api('DELETE', `/api/v1/agreements/${draft.id}`, { token: token('admin@example.com') }), 200);
  });
});
