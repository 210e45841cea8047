import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OnboardingRuleDto, PartnerFormDto } from '../../contract/forms';
import type { AssignPartnerFormsResult } from '../../contract/partnerForms';
import type { PagedResult } from '../../contract/envelope';
import { DEFAULT_DIGEST_TIME_ZONE } from '../../contract/notificationPreferences';
import { instantIn } from '../../server/mail/mailTime';
import { buildApp, type BuiltApp } from '../../server/app';
import { notificationRecipients, notifications, onboardingRuleFirings, onboardingRules, partnerFormReminders, partnerForms } from '../../server/db/schema';
import { latestPointReached, runPartnerFormReminders } from '../../server/modules/partnerForms/partnerFormReminders';
import { reminderPointsOf } from '../../server/modules/partnerForms/reminderPoints';
import { expectEnvelope, expectFieldErrors, fieldMessage, refused } from './expectations';
import { useDemoServer } from './factories';
import { makeFormVersion, partnerWithForm, validAnswers } from './partnerFormsFixtures';

/**
 * Due dates of partner forms (issue 24, item 3): set at assignment or by an onboarding rule, shown in the DTO,
 * and the reminder job, run with explicit instants (`server.runReminders(now)`): each reminder once, also with
 * two ticks (and two instances) at once, one after downtime, none for a submitted form or another partner.
 */
const demo = useDemoServer();
const { server, make, token } = demo;
const db = () => server.built.database.db;
const admin = () => token('admin@example.com');

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

/** The outbox's mails to one address, quoted-printable lines unfolded. */
const mailsTo = (email: string) =>
  server
    .outbox()
    .filter((m) => m.includes(email))
    .map((m) => m.replace(/=\r?\n/g, ''));
const remindersOf = (partnerFormId: string) =>
  db().select().from(partnerFormReminders).where(eq(partnerFormReminders.partnerFormId, partnerFormId)).orderBy(partnerFormReminders.sentAt);
/** The notifications about one partner form of one kind, with their readers. */
async function notificationsOf(partnerFormId: string, kind: string) {
  return db()
    .select({ id: notifications.id, userId: notificationRecipients.userId, values: notifications.values })
    .from(notifications)
    .innerJoin(notificationRecipients, eq(notificationRecipients.notificationId, notifications.id))
    .where(and(eq(notifications.recordId, partnerFormId), eq(notifications.kind, kind)));
}

/** A partner with a user and a form assigned, then given this due date (and assignment instant) straight in its row. */
async function formDue(dueAt: Date, createdAt = new Date()) {
  const form = await partnerWithForm(demo);
  await db().update(partnerForms).set({ dueAt, createdAt }).where(eq(partnerForms.id, form.partnerForm.id));
  return form;
}

const assign = (body: object) => server.api<AssignPartnerFormsResult>('POST', '/api/v1/partner-forms/assign', { token: admin(), body });

describe('due dates at assignment', () => {
  it('an assignment carries its due date, shown to staff and to the partner, sortable and filterable', async () => {
    const partner = await make.partner();
    const user = await make.user({ roleId: demo.roleIds.Partner, partnerId: partner.id });
    const version = await makeFormVersion(db(), make);
    const dueAt = at(new Date(), 10 * DAY).toISOString();
    const answer = await assign({ formId: version.id, partnerIds: [partner.id], dueAt });
    expectEnvelope(answer, 201);
    const [made] = answer.body.data!.assigned;
    expect(made.dueAt).toBe(dueAt);
    const own = await server.api<PartnerFormDto>('GET', `/api/v1/partner-forms/${made.id}`, { token: user.token });
    expect(own.body.data!.dueAt).toBe(dueAt);
    // Staff sort by it and filter the overdue ones (this one is not, yet).
    const sorted = await server.api<PagedResult<PartnerFormDto>>('POST', '/api/v1/partner-forms/search', {
      token: admin(),
      body: { partnerId: partner.id, orderBy: ['dueAt desc'] },
    });
    expectEnvelope(sorted, 200);
    expect(sorted.body.data!.items.map((p) => p.dueAt)).toEqual([dueAt]);
    const search = (overdue: boolean) =>
      server.api<PagedResult<PartnerFormDto>>('POST', '/api/v1/partner-forms/search', { token: admin(), body: { partnerId: partner.id, overdue } });
    expect((await search(true)).body.data!.items).toEqual([]);
    await db()
      .update(partnerForms)
      .set({ dueAt: at(new Date(), -HOUR) })
      .where(eq(partnerForms.id, made.id));
    expect((await search(true)).body.data!.items.map((p) => p.id)).toEqual([made.id]);
    expect((await search(false)).body.data!.items).toEqual([]);
    // The export of the form takes the same filter.
    const exported = (overdue: boolean) =>
      server.api('GET', `/api/v1/partner-forms/export?definitionId=${version.definitionId}&overdue=${overdue}`, { token: admin() });
    const [overdueCsv, notOverdueCsv] = [await exported(true), await exported(false)];
    expect(overdueCsv.status, overdueCsv.text).toBe(200);
    expect(overdueCsv.text).toContain(partner.name);
    expect(notOverdueCsv.text).not.toContain(partner.name);
  });

  it('without a due date there is none; a due date in the past, too far ahead or not a date is refused and changes nothing', async () => {
    const partner = await make.partner();
    const version = await makeFormVersion(db(), make);
    for (const [dueAt, message] of [
      [at(new Date(), -HOUR).toISOString(), 'The due date may not be in the past'],
      [at(new Date(), 400 * DAY).toISOString(), 'The due date may be at most 365 days ahead'],
      ['next week', 'A date and time, please'],
      ['2026-12-03T17:00:00', 'A date and time, please'],
    ])
      expect(
        fieldMessage(expectFieldErrors(await refused(server, () => assign({ formId: version.id, partnerIds: [partner.id], dueAt })), ['dueAt']), 'dueAt'),
      ).toBe(message);
    const none = await assign({ formId: version.id, partnerIds: [partner.id], dueAt: '' });
    expectEnvelope(none, 201);
    expect(none.body.data!.assigned[0].dueAt).toBeNull();
  });
});

describe('due dates from onboarding rules', () => {
  /** A rule "when the partner submits `source`, assign `target` due in N days", removed (hard) before its definitions. */
  async function rule(body: object) {
    const answer = await server.api<OnboardingRuleDto>('POST', '/api/v1/next-partner-forms', { token: admin(), body });
    if (answer.status === 201)
      make.onCleanup(async () => {
        await db().delete(onboardingRuleFirings).where(eq(onboardingRuleFirings.ruleId, answer.body.data!.id));
        await db().delete(onboardingRules).where(eq(onboardingRules.id, answer.body.data!.id));
      });
    return answer;
  }

  it('a rule "due N days after assignment" sets the due date of the form it assigns', async () => {
    const form = await partnerWithForm(demo);
    const target = await makeFormVersion(db(), make);
    const made = await rule({ trigger: 'formSubmitted', sourceDefinitionId: form.version.definitionId, targetDefinitionId: target.definitionId, dueDays: 14 });
    expectEnvelope(made, 201);
    expect(made.body.data!.dueDays).toBe(14);
    const before = Date.now();
    expect((await form.submit(validAnswers())).status).toBe(200);
    const [assigned] = await db()
      .select()
      .from(partnerForms)
      .where(and(eq(partnerForms.partnerId, form.partner.id), eq(partnerForms.definitionId, target.definitionId)));
    expect(assigned.dueAt!.getTime()).toBeGreaterThanOrEqual(before + 14 * DAY);
    expect(assigned.dueAt!.getTime()).toBeLessThanOrEqual(Date.now() + 14 * DAY);
  });

  it('N outside 1..365 or not a whole number is refused and changes nothing; none is no due date', async () => {
    const source = await makeFormVersion(db(), make);
    const target = await makeFormVersion(db(), make);
    const body = { trigger: 'formSubmitted', sourceDefinitionId: source.definitionId, targetDefinitionId: target.definitionId };
    for (const dueDays of [0, 366, 1.5, 'soon']) expectFieldErrors(await refused(server, () => rule({ ...body, dueDays })), ['dueDays']);
    const none = await rule({ ...body, dueDays: null });
    expectEnvelope(none, 201);
    expect(none.body.data!.dueDays).toBeNull();
  });
});

describe('reminders', () => {
  it('sends each point before and after the due date once, by mail and in the inbox, to the partner’s readers; a new due date has new points', async () => {
    const dueAt = at(new Date(), 30 * DAY);
    const form = await formDue(dueAt);
    const id = form.partnerForm.id;
    const tick = (ms: number) => server.runReminders(at(dueAt, ms));

    await tick(-4 * DAY);
    expect(await remindersOf(id)).toEqual([]);
    await tick(-3 * DAY + HOUR);
    await tick(-3 * DAY + 2 * HOUR);
    expect((await remindersOf(id)).map((r) => r.point)).toEqual(['-3d']);
    const mails = mailsTo(form.user.email);
    expect(mails.filter((m) => m.includes('A reminder: the form'))).toHaveLength(1);
    // In the reader's zone (the default), not the server's UTC.
    expect(mails.at(-1)!.replace(/=\r?\n/g, '')).toContain(`is due by ${instantIn('en', DEFAULT_DIGEST_TIME_ZONE, dueAt)}`);
    expect(await notificationsOf(id, 'dueSoon')).toMatchObject([{ userId: form.user.id }]);

    await tick(-DAY);
    await tick(DAY);
    await tick(DAY + HOUR);
    await tick(7 * DAY);
    await tick(30 * DAY);
    expect((await remindersOf(id)).map((r) => r.point)).toEqual(['-3d', '-1d', '+1d', '+7d']);
    expect(mailsTo(form.user.email).filter((m) => m.includes('A reminder: the form'))).toHaveLength(2);
    expect(mailsTo(form.user.email).filter((m) => m.includes('and is not submitted yet. Please fill it in'))).toHaveLength(2);
    expect(await notificationsOf(id, 'overdue')).toHaveLength(2);

    // Given a new due date, its points go out anew (the old one's are not repeated).
    const later = at(dueAt, 60 * DAY);
    await db().update(partnerForms).set({ dueAt: later }).where(eq(partnerForms.id, id));
    await server.runReminders(at(later, -3 * DAY));
    expect((await remindersOf(id)).filter((r) => r.anchorAt.getTime() === later.getTime()).map((r) => r.point)).toEqual(['-3d']);
  });

  it('two ticks at once send a reminder once', async () => {
    const dueAt = at(new Date(), 40 * DAY);
    const form = await formDue(dueAt);
    const now = at(dueAt, -DAY + 1);
    await Promise.all([server.runReminders(now), server.runReminders(now), server.runReminders(now)]);
    expect(await remindersOf(form.partnerForm.id)).toHaveLength(1);
    expect(mailsTo(form.user.email).filter((m) => m.includes('A reminder: the form'))).toHaveLength(1);
    expect(await notificationsOf(form.partnerForm.id, 'dueSoon')).toHaveLength(1);
  });

  it('after downtime, only the latest point reached goes out, once', async () => {
    const dueAt = at(new Date(), 20 * DAY);
    const form = await formDue(dueAt);
    await server.runReminders(at(dueAt, 10 * DAY));
    await server.runReminders(at(dueAt, 11 * DAY));
    expect((await remindersOf(form.partnerForm.id)).map((r) => r.point)).toEqual(['+7d']);
    const mails = mailsTo(form.user.email).filter((m) => m.includes('Please fill it in'));
    expect(mails).toHaveLength(1);
    expect(await notificationsOf(form.partnerForm.id, 'overdue')).toHaveLength(1);
    expect(await notificationsOf(form.partnerForm.id, 'dueSoon')).toHaveLength(0);
  });

  it('a point before the assignment is skipped: a form due in two days hears "-1d", not "-3d"', async () => {
    const dueAt = at(new Date(), 2 * DAY);
    const form = await formDue(dueAt);
    await server.runReminders(at(dueAt, -2 * DAY + HOUR));
    expect(await remindersOf(form.partnerForm.id)).toEqual([]);
    await server.runReminders(at(dueAt, -DAY));
    expect((await remindersOf(form.partnerForm.id)).map((r) => r.point)).toEqual(['-1d']);
  });

  it('a submitted or locked form gets none', async () => {
    const dueAt = at(new Date(), 25 * DAY);
    const submitted = await formDue(dueAt);
    expect((await submitted.submit(validAnswers())).status).toBe(200);
    const locked = await formDue(dueAt);
    expectEnvelope(await server.api('POST', `${locked.url}/lock`, { token: admin(), body: { note: 'checking' } }), 200);
    await server.runReminders(at(dueAt, DAY));
    expect(
      await db()
        .select()
        .from(partnerFormReminders)
        .where(inArray(partnerFormReminders.partnerFormId, [submitted.partnerForm.id, locked.partnerForm.id])),
    ).toEqual([]);
    expect(mailsTo(submitted.user.email).filter((m) => m.includes('Please fill it in'))).toEqual([]);
    expect(mailsTo(locked.user.email).filter((m) => m.includes('Please fill it in'))).toEqual([]);
  });

  it('a form returned for changes and not resubmitted is reminded N days after the reopen, once', async () => {
    const form = await partnerWithForm(demo);
    expect((await form.submit(validAnswers())).status).toBe(200);
    expectEnvelope(await server.api('POST', `${form.url}/reopen`, { token: admin(), body: { note: 'The tax number' } }), 200);
    const { reopenedAt } = await form.row();
    await server.runReminders(at(reopenedAt!, 2 * DAY));
    expect(await remindersOf(form.partnerForm.id)).toEqual([]);
    await server.runReminders(at(reopenedAt!, 3 * DAY));
    await server.runReminders(at(reopenedAt!, 4 * DAY));
    expect(await remindersOf(form.partnerForm.id)).toMatchObject([{ kind: 'returned', point: '+3d' }]);
    expect(mailsTo(form.user.email).filter((m) => m.includes('was returned for changes on'))).toHaveLength(1);
    expect(await notificationsOf(form.partnerForm.id, 'returnedReminder')).toMatchObject([{ userId: form.user.id }]);
  });

  it("a partner's users never hear another partner's reminder", async () => {
    const dueAt = at(new Date(), 50 * DAY);
    const [first, second] = [await formDue(dueAt), await formDue(at(dueAt, 3 * DAY))];
    await server.runReminders(at(dueAt, DAY));
    expect(await notificationsOf(first.partnerForm.id, 'overdue')).toEqual([expect.objectContaining({ userId: first.user.id })]);
    expect(await remindersOf(second.partnerForm.id)).toMatchObject([{ point: '-3d' }]);
    expect(await notificationsOf(second.partnerForm.id, 'dueSoon')).toEqual([expect.objectContaining({ userId: second.user.id })]);
    const firstName = first.version.name;
    expect(mailsTo(second.user.email).filter((m) => m.includes(firstName))).toEqual([]);
    expect(mailsTo(first.user.email).filter((m) => m.includes(second.version.name) && m.includes('reminder'))).toEqual([]);
  });
});

describe('reminders with two instances on one database', () => {
  let other: BuiltApp;
  beforeAll(async () => {
    other = await buildApp(server.config, { logger: false });
    await other.app.ready();
  });
  afterAll(() => other?.app.close());

  it('both ticking at once send a reminder once', async () => {
    const dueAt = at(new Date(), 70 * DAY);
    const form = await formDue(dueAt);
    const now = at(dueAt, 7 * DAY + HOUR);
    const runs = await Promise.all([server.runReminders(now), runPartnerFormReminders(other.ctx, now)]);
    expect(runs.map((r) => r.sent).reduce((a, b) => a + b)).toBeGreaterThanOrEqual(1);
    expect((await remindersOf(form.partnerForm.id)).map((r) => r.point)).toEqual(['+7d']);
    expect(mailsTo(form.user.email).filter((m) => m.includes('Please fill it in'))).toHaveLength(1);
    expect(await notificationsOf(form.partnerForm.id, 'overdue')).toHaveLength(1);
  });
});

describe('reminder points', () => {
  it('reads the configured points, and refuses a malformed list', () => {
    expect(reminderPointsOf(undefined, '-3d,-1d,+1d,+7d', 'X').map((p) => p.label)).toEqual(['-3d', '-1d', '+1d', '+7d']);
    expect(reminderPointsOf(' +12h, 2 ,-1d,-1d', '', 'X').map((p) => [p.label, p.offsetMs])).toEqual([
      ['-1d', -DAY],
      ['+12h', 12 * HOUR],
      ['+2d', 2 * DAY],
    ]);
    expect(reminderPointsOf('', '-3d', 'X')).toEqual([]);
    for (const bad of ['3 days', '-1w', '+400d', '1d,,2d'])
      expect(() => reminderPointsOf(bad, '', 'PARTNER_FORM_DUE_REMINDERS')).toThrow(/PARTNER_FORM_DUE_REMINDERS/);
  });

  it('the latest point reached goes out, none before the assignment', () => {
    const points = reminderPointsOf('-3d,-1d,+1d', '', 'X');
    const due = new Date('2030-01-10T00:00:00Z');
    const assigned = new Date('2030-01-01T00:00:00Z');
    expect(latestPointReached(points, due, assigned, new Date('2030-01-06T00:00:00Z'))).toBeNull();
    expect(latestPointReached(points, due, assigned, new Date('2030-01-07T00:00:00Z'))?.label).toBe('-3d');
    expect(latestPointReached(points, due, assigned, new Date('2030-02-01T00:00:00Z'))?.label).toBe('+1d');
    expect(latestPointReached(points, due, new Date('2030-01-08T00:00:00Z'), new Date('2030-01-08T12:00:00Z'))).toBeNull();
  });
});
