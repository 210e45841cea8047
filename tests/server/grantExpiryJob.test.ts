import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { permission } from '../../contract/permissions';
import { fileGrants, fileLinks, scheduledJobs } from '../../server/db/schema';
import { DEFAULT_DIGEST_TIME_ZONE } from '../../contract/notificationPreferences';
import { instantIn } from '../../server/mail/mailTime';
import { GRANT_EXPIRY_JOB, runDueFileJobs } from '../../server/modules/files/grantExpiryJob';
import { useDemoServer } from './factories';
import { makeGrant, makeManagedFile } from './fileFixtures';

/**
 * The grant expiry job, run with explicit instants. Each test works years ahead of the demo's grants (its own
 * `now`), so the only grants ending near it are the test's own.
 */
const demo = useDemoServer();
const { server, partnerIds, userIds } = demo;
const ctx = () => server.built.ctx;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
let yearsAhead = 0;
/** An instant no other test uses, far past every demo grant. */
const freshNow = () => new Date(Date.now() + (400 + 40 * ++yearsAhead) * DAY);

/** The job's row due at `now` (as after downtime), made if it is missing. */
async function makeDue(now: Date, overdueBy = 60 * 1000) {
  const nextRunAt = new Date(now.getTime() - overdueBy);
  await ctx().db.insert(scheduledJobs).values({ name: GRANT_EXPIRY_JOB, nextRunAt }).onConflictDoUpdate({ target: scheduledJobs.name, set: { nextRunAt } });
}

const noticeOf = async (ids: string[]) =>
  new Map((await ctx().db.select().from(fileGrants).where(inArray(fileGrants.id, ids))).map((g) => [g.id, g.expiryNoticeAt?.getTime() ?? null]));

const mailsTo = (email: string, text: string) => server.outbox().filter((m) => m.includes(email) && m.includes(text));

describe('grant expiry notices', () => {
  it('marks and announces grants in force ending within a day, once; not later ones, ended, revoked, exhausted or scheduled ones', async () => {
    const now = freshNow();
    const at = (ms: number) => new Date(now.getTime() + ms);
    const file = await makeManagedFile(demo, { fileName: `ending-${now.getTime()}.pdf` });
    const acme = partnerIds['Acme Logistics'];
    const grant = (from: number, to: number, extra: Partial<Parameters<typeof makeGrant>[1]> = {}) =>
      makeGrant(demo, { fileId: file.id, conditionType: 'partner', targetId: acme, from: at(from), to: at(to), ...extra });
    const endsInHalfADay = await grant(-DAY, 12 * HOUR);
    const endsAtTheDay = await grant(-DAY, DAY);
    const endsJustAfterTheDay = await grant(-DAY, DAY + 1);
    const endsNow = await grant(-DAY, 0);
    const revoked = await grant(-DAY, 2 * HOUR, { revokedAt: at(-HOUR) });
    const exhausted = await grant(-DAY, 2 * HOUR, { downloadLimit: 1, downloadCount: 1 });
    const scheduled = await grant(HOUR, 20 * HOUR);
    await makeDue(now);
    const before = mailsTo('partner@acme.example', file.fileName).length;

    const run = await runDueFileJobs(ctx(), now);
    expect(run).toMatchObject({ ran: true, noticed: 2 });
    const notices = await noticeOf([endsInHalfADay, endsAtTheDay, endsJustAfterTheDay, endsNow, revoked, exhausted, scheduled].map((g) => g.id));
    expect(notices.get(endsInHalfADay.id)).toBe(now.getTime());
    expect(notices.get(endsAtTheDay.id)).toBe(now.getTime());
    for (const quiet of [endsJustAfterTheDay, endsNow, revoked, exhausted, scheduled]) expect(notices.get(quiet.id)).toBeNull();
    const mails = mailsTo('partner@acme.example', file.fileName);
    expect(mails.length - before).toBe(2);
    // Quoted-printable lines unfolded: each mail's English text with its end in the reader's zone (the default), in either order.
    const unfolded = mails.slice(before).map((m) => m.replace(/=\r?\n/g, ''));
    for (const end of [at(12 * HOUR), at(DAY)])
      expect(unfolded.filter((m) => m.includes(`ends on ${instantIn('en', DEFAULT_DIGEST_TIME_ZONE, end)}`))).toHaveLength(1);

    // Due again an hour later: the two told are not told again; two more now end within the day.
    const later = new Date(now.getTime() + HOUR);
    await makeDue(later);
    expect(await runDueFileJobs(ctx(), later)).toMatchObject({ ran: true, noticed: 2 });
    const afterwards = await noticeOf([endsInHalfADay, endsAtTheDay, endsJustAfterTheDay, scheduled].map((g) => g.id));
    expect([endsInHalfADay, endsAtTheDay].map((g) => afterwards.get(g.id))).toEqual([now.getTime(), now.getTime()]);
    expect([endsJustAfterTheDay, scheduled].map((g) => afterwards.get(g.id))).toEqual([later.getTime(), later.getTime()]);
    expect(mailsTo('partner@acme.example', file.fileName)).toHaveLength(mails.length + 2);
  });

  it("a user grant mails its user; a role grant mails the role's active holders", async () => {
    const now = freshNow();
    const file = await makeManagedFile(demo, { fileName: `holders-${now.getTime()}.pdf` });
    const role = await demo.make.role({ permissions: [permission('AccessibleFile', 'View')] });
    const powerless = await demo.make.role({ permissions: [] });
    const bystander = await demo.make.user({ roleId: powerless.id, partnerId: partnerIds['Globex Trading'] });
    const holder = await demo.make.user({ roleId: role.id, partnerId: partnerIds['Globex Trading'] });
    const window = { from: new Date(now.getTime() - DAY), to: new Date(now.getTime() + 6 * HOUR) };
    await makeGrant(demo, { fileId: file.id, conditionType: 'user', targetId: userIds['partner@globex.example'], ...window });
    await makeGrant(demo, { fileId: file.id, conditionType: 'role', targetId: role.id, ...window });
    await makeGrant(demo, { fileId: file.id, conditionType: 'role', targetId: powerless.id, ...window });
    await makeDue(now);
    expect(await runDueFileJobs(ctx(), now)).toMatchObject({ ran: true, noticed: 3 });
    expect(mailsTo('partner@globex.example', file.fileName)).toHaveLength(1);
    expect(mailsTo(holder.email, file.fileName)).toHaveLength(1);
    // A role without AccessibleFile.View cannot open files: its holders are not told of a grant they cannot use.
    expect(mailsTo(bystander.email, file.fileName)).toHaveLength(0);
  });
});

describe('running once across instances', () => {
  it('runs only when due: a second call within the hour does nothing', async () => {
    const now = freshNow();
    await makeDue(now);
    expect((await runDueFileJobs(ctx(), now)).ran).toBe(true);
    const [job] = await ctx().db.select().from(scheduledJobs).where(eq(scheduledJobs.name, GRANT_EXPIRY_JOB));
    expect(job.nextRunAt.getTime()).toBe(now.getTime() + HOUR);
    expect(job.lastRunAt?.getTime()).toBe(now.getTime());
    expect((await runDueFileJobs(ctx(), new Date(now.getTime() + HOUR - 1))).ran).toBe(false);
  });

  it('two instances calling at once: one runs it, the other skips, each grant is told once', async () => {
    const now = freshNow();
    const file = await makeManagedFile(demo, { fileName: `race-${now.getTime()}.pdf` });
    await makeGrant(demo, {
      fileId: file.id,
      conditionType: 'user',
      targetId: userIds['partner@acme.example'],
      from: new Date(now.getTime() - DAY),
      to: new Date(now.getTime() + HOUR),
    });
    await makeDue(now);
    const runs = await Promise.all([runDueFileJobs(ctx(), now), runDueFileJobs(ctx(), now)]);
    expect(runs.map((r) => r.ran).sort()).toEqual([false, true]);
    expect(runs.reduce((sum, r) => sum + r.noticed, 0)).toBe(1);
    expect(mailsTo('partner@acme.example', file.fileName)).toHaveLength(1);
  });

  it('catches up after downtime: a run overdue by hours runs at once and is next due an hour after it', async () => {
    const now = freshNow();
    await makeDue(now, 5 * HOUR);
    expect((await runDueFileJobs(ctx(), now)).ran).toBe(true);
    const [job] = await ctx().db.select().from(scheduledJobs).where(eq(scheduledJobs.name, GRANT_EXPIRY_JOB));
    expect(job.nextRunAt.getTime()).toBe(now.getTime() + HOUR);
  });

  it('the missing job row is made on the first call', async () => {
    await ctx().db.delete(scheduledJobs).where(eq(scheduledJobs.name, GRANT_EXPIRY_JOB));
    const now = freshNow();
    expect((await runDueFileJobs(ctx(), now)).ran).toBe(true);
  });
});

describe('old links', () => {
  it('deletes links expired over a day ago and keeps fresher ones', async () => {
    const now = freshNow();
    const file = await makeManagedFile(demo);
    const grant = await makeGrant(demo, { fileId: file.id, conditionType: 'partner', targetId: partnerIds['Acme Logistics'] });
    const link = (expiresAt: Date) =>
      ctx()
        .db.insert(fileLinks)
        .values({ fileId: file.id, grantId: grant.id, userId: userIds['partner@acme.example'], expiresAt })
        .returning()
        .then(([row]) => row.id);
    const old = await link(new Date(now.getTime() - DAY - 1));
    const recent = await link(new Date(now.getTime() - DAY + 1000));
    await makeDue(now);
    expect((await runDueFileJobs(ctx(), now)).linksDeleted).toBeGreaterThanOrEqual(1);
    const left = (
      await ctx()
        .db.select({ id: fileLinks.id })
        .from(fileLinks)
        .where(inArray(fileLinks.id, [old, recent]))
    ).map((l) => l.id);
    expect(left).toEqual([recent]);
  });
});
