import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import type { PartnerFormDto, PartnerFormReviewRoundDto, PartnerFormSectionDto } from '../../contract/forms';
import type { NotificationDto } from '../../contract/notifications';
import { PARTNER_FORM_COMMENT_MAX } from '../../contract/schemas/partnerForms';
import { permission } from '../../contract/permissions';
import { auditTrails } from '../../server/db/schema';
import { useDemoServer } from './factories';
import { expectEnvelope, expectFieldErrors, refused } from './expectations';
import { multipartFile, partnerWithForm, PNG, validAnswers } from './partnerFormsFixtures';

const demo = useDemoServer();
const { server, make, token } = demo;
const admin = () => token('admin@example.com');

type Form = Awaited<ReturnType<typeof partnerWithForm>>;

const review = (form: Form, body: object, as = admin()) => server.api<PartnerFormDto>('POST', `${form.url}/review`, { token: as, body });
/** The partner user's inbox entries about this partner form, newest first. */
const inboxOf = async (form: Form) =>
  (await server.api<PagedResult<NotificationDto>>('GET', '/api/v1/inbox', { token: form.user.token })).body.data!.items.filter(
    (item) => item.recordId === form.partnerForm.id,
  );
const rounds = (form: Form, as = admin()) => server.api<PartnerFormReviewRoundDto[]>('GET', `${form.url}/reviews`, { token: as });

/** The outbox's mails since `from`, soft line breaks and quoted-printable bytes decoded. */
const mailsSince = (from: number) =>
  server
    .outbox()
    .slice(from)
    .map((mail) => mail.replace(/=\r?\n/g, '').replace(/(=[0-9A-F]{2})+/g, (bytes) => Buffer.from(bytes.replace(/=/g, ''), 'hex').toString('utf8')));

/** A submitted partner form returned with taxNumber (section company) and size (section details) flagged. */
async function returnedForm() {
  const form = await partnerWithForm(demo);
  expectEnvelope(await form.submit(validAnswers()), 200);
  const returned = await review(form, {
    outcome: 'return',
    note: 'Two answers to fix',
    flags: { taxNumber: 'A digit is missing', size: 'We think you are large' },
  });
  expectEnvelope(returned, 200, 'Form returned for changes.');
  return { form, returned: returned.body.data! };
}

describe('returning a submission for changes', () => {
  it('opens the form with only the flagged questions, the note and comments shown to the partner, and mails the count', async () => {
    const mailsBefore = server.outbox().length;
    const { form, returned } = await returnedForm();
    expect(returned).toMatchObject({
      status: 'OPEN',
      note: 'Two answers to fix',
      review: {
        round: 1,
        state: 'returned',
        note: 'Two answers to fix',
        flags: { taxNumber: { comment: 'A digit is missing' }, size: { comment: 'We think you are large' } },
      },
    });
    const own = expectEnvelope(await server.api<PartnerFormDto>('GET', form.url, { token: form.user.token }), 200);
    expect(own.body.data!.review).toEqual(returned.review);
    const section = await server.api<PartnerFormSectionDto>('GET', `${form.url}/sections/company`, { token: form.user.token });
    expect(section.body.data!.comments).toEqual({ taxNumber: 'A digit is missing', size: 'We think you are large' });
    const [mail] = mailsSince(mailsBefore).filter((m) => m.includes(form.user.email) && m.includes('Questions to change'));
    expect(mail).toContain('Questions to change: 2');
    expect(mail).toContain('Số câu hỏi cần sửa: 2');
    expect(mail).toContain('A digit is missing');
    expect(mail).toContain(`/forms/${form.partnerForm.id}/sections/company`);
    const [entry] = await inboxOf(form);
    expect(entry).toMatchObject({ kind: 'returned', title: 'A form was returned for changes', link: `/forms/${form.partnerForm.id}/sections/company` });
    expect(entry.message).toContain('questions to change: 2');
  });

  it('takes a flagged answer; refuses a save changing any other question (400 naming it) and changes nothing', async () => {
    const { form } = await returnedForm();
    expectEnvelope(await form.save({ taxNumber: '9876543210' }), 200);
    const before = await form.row();
    const answer = await refused(server, () => form.save({ taxNumber: '1111111111', companyName: 'Renamed' }));
    expectEnvelope(answer, 400, 'Only the questions marked for changes can be changed.');
    expectFieldErrors(answer, ['companyName']);
    expect((await form.row()).answers).toEqual(before.answers);
    // Sending a question's saved answer back unchanged is harmless (a filler saves its whole section).
    expectEnvelope(await form.save({ companyName: validAnswers().companyName, taxNumber: '2222222222' }), 200);
    expectFieldErrors(await refused(server, () => form.submit({ hasBranch: true, branchCity: 'Hue' })), ['hasBranch', 'branchCity']);
    const upload = await refused(server, () => server.api('POST', `${form.url}/files`, { token: form.user.token, ...multipartFile('licence', 'l.png', PNG) }));
    expectFieldErrors(upload, ['questionKey']);
  });

  it('records the resubmission in the round: old → new per changed question; the review is then "resubmitted"', async () => {
    const { form } = await returnedForm();
    expectEnvelope(await form.save({ taxNumber: '9876543210' }), 200);
    const resubmitted = expectEnvelope(await form.submit({ size: 'large' }), 200);
    expect(resubmitted.body.data).toMatchObject({ status: 'SUBMITTED', review: { round: 1, state: 'resubmitted' } });
    const history = expectEnvelope(await rounds(form), 200).body.data!;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      round: 1,
      outcome: 'returned',
      note: 'Two answers to fix',
      formId: form.version.id,
      formVersionNumber: 1,
      reviewerName: expect.any(String),
      decisions: { taxNumber: { decision: 'flagged', comment: 'A digit is missing' }, companyName: { decision: 'accepted' } },
      answers: validAnswers(),
      changes: { taxNumber: { before: '0123456789', after: '9876543210' }, size: { before: 'small', after: 'large' } },
    });
    expect(history[0].resubmittedAt).not.toBeNull();

    // Round 2: accepted; the form stays SUBMITTED, its review accepted; the history lists both, newest first.
    const accepted = expectEnvelope(await review(form, { outcome: 'accept', note: 'All good' }), 200, 'Form accepted.');
    expect(accepted.body.data).toMatchObject({ status: 'SUBMITTED', review: { round: 2, state: 'accepted', flags: {} } });
    expect((await inboxOf(form))[0]).toMatchObject({ kind: 'accepted', title: 'A form was accepted' });
    const both = (await rounds(form)).body.data!;
    expect(both.map((round) => [round.round, round.outcome])).toEqual([
      [2, 'accepted'],
      [1, 'returned'],
    ]);
    expect(both[0].changes).toBeNull();
  });

  it('a plain reopen ends the review: every question takes answers again', async () => {
    const { form } = await returnedForm();
    expectEnvelope(await server.api('POST', `${form.url}/lock`, { token: admin(), body: {} }), 200);
    expectEnvelope(await server.api('POST', `${form.url}/unlock`, { token: admin(), body: {} }), 200);
    // An unlock puts the returned round back as it was: still only the flagged questions.
    expectFieldErrors(await refused(server, () => form.save({ companyName: 'Renamed' })), ['companyName']);
    expectEnvelope(await server.api('POST', `${form.url}/lock`, { token: admin(), body: {} }), 200);
    const reopened = expectEnvelope(await server.api<PartnerFormDto>('POST', `${form.url}/reopen`, { token: admin(), body: {} }), 200);
    expect(reopened.body.data!.review).toBeNull();
    expectEnvelope(await form.save({ companyName: 'Renamed' }), 200);
  });

  it('audits each review: the round created and the partner form updated, by the reviewer', async () => {
    const { form } = await returnedForm();
    const db = server.built.database.db;
    const created = await db
      .select()
      .from(auditTrails)
      .where(and(eq(auditTrails.tableName, 'partner_form_reviews'), eq(auditTrails.type, 'Create')));
    const mine = created.filter((row) => (row.newValues as { partnerFormId?: string } | null)?.partnerFormId === form.partnerForm.id);
    expect(mine).toHaveLength(1);
    const updates = await db
      .select()
      .from(auditTrails)
      .where(and(eq(auditTrails.tableName, 'partner_forms'), eq(auditTrails.primaryKey, form.partnerForm.id), eq(auditTrails.type, 'Update')));
    expect(updates.some((row) => (row.newValues as { reviewState?: string }).reviewState === 'returned')).toBe(true);
  });
});

describe('refusals', () => {
  it('refuses a review of a form that is not submitted (409) and changes nothing', async () => {
    const form = await partnerWithForm(demo);
    expectEnvelope(await refused(server, () => review(form, { outcome: 'accept' })), 409, 'Only a submitted form can be reviewed.');
  });

  it('refuses a return without flags, an accept with flags, a flag without comment and a huge comment (400)', async () => {
    const form = await partnerWithForm(demo);
    await form.submit(validAnswers());
    expectFieldErrors(await refused(server, () => review(form, { outcome: 'return', flags: {} })), ['flags']);
    expectFieldErrors(await refused(server, () => review(form, { outcome: 'accept', flags: { taxNumber: 'no' } })), ['flags']);
    expect((await refused(server, () => review(form, { outcome: 'return', flags: { taxNumber: '   ' } }))).status).toBe(400);
    const huge = await refused(server, () => review(form, { outcome: 'return', flags: { taxNumber: 'x'.repeat(PARTNER_FORM_COMMENT_MAX + 1) } }));
    expect(huge.status).toBe(400);
    expect((await refused(server, () => review(form, { outcome: 'maybe' }))).status).toBe(400);
  });

  it('refuses odd question keys (__proto__, toString, constructor, a group) and unknown ones, changing nothing', async () => {
    const form = await partnerWithForm(demo);
    await form.submit(validAnswers());
    for (const key of ['toString', 'constructor', 'hasOwnProperty', 'nope']) {
      const answer = await refused(server, () => review(form, { outcome: 'return', flags: { [key]: 'odd' } }));
      expectFieldErrors(answer, [`flags.${key}`]);
    }
    const proto = await refused(server, () =>
      server.api('POST', `${form.url}/review`, {
        token: admin(),
        rawBody: Buffer.from('{"outcome":"return","flags":{"__proto__":"odd"}}'),
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(proto.status).toBe(400);
    expect(({} as Record<string, unknown>).odd).toBeUndefined();
  });

  it('another partner’s user gets 404, a user without the reopen permission 403', async () => {
    const { form } = await returnedForm();
    const other = await make.partner();
    const stranger = await make.user({ roleId: demo.roleIds.Partner, partnerId: other.id });
    expectEnvelope(await refused(server, () => server.api('GET', form.url, { token: stranger.token })), 404);
    expectEnvelope(await refused(server, () => form.save({ taxNumber: '1' }, stranger.token)), 404);
    const viewer = await make.userWith([permission('PartnerForm', 'View'), permission('PartnerForm', 'AdminView'), permission('PartnerForm', 'Search')]);
    expectEnvelope(await refused(server, () => review(form, { outcome: 'accept' }, viewer.token)), 403);
    expectEnvelope(await refused(server, () => rounds(form, viewer.token)), 403);
    // The partner's own user reads the review in the DTO but not the staff history.
    expectEnvelope(await refused(server, () => rounds(form, form.user.token)), 403);
  });
});
