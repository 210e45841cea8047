import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PartnerFormDto, PartnerFormSectionDto } from '../../contract/forms';
import type { AssignPartnerFormsResult } from '../../contract/partnerForms';
import type { ServerMessages } from '../../contract/realtime';
import { auditTrails } from '../../server/db/schema';
import { createPartnerFormRelay } from '../../server/hub/partnerFormRelay';
import { useDemoServer } from './factories';
import { expectEnvelope, expectFieldErrors, refused } from './expectations';
import { makeFormVersion, partnerWithForm, validAnswers } from './partnerFormsFixtures';

const demo = useDemoServer();
const { server, make, token } = demo;
const admin = () => token('admin@example.com');
const assign = (body: object, as = admin()) => server.api<AssignPartnerFormsResult>('POST', '/api/v1/partner-forms/assign', { token: as, body });

/** The outbox's mails since `from`, soft line breaks and quoted-printable bytes decoded. */
const mailsSince = (from: number) =>
  server
    .outbox()
    .slice(from)
    .map((mail) => mail.replace(/=\r?\n/g, '').replace(/(=[0-9A-F]{2})+/g, (bytes) => Buffer.from(bytes.replace(/=/g, ''), 'hex').toString('utf8')));

describe('assigning', () => {
  it('assigns a Ready form to several partners, skipping one that has it open, and mails their users in en and vi', async () => {
    const first = await partnerWithForm(demo);
    const other = await make.partner();
    const otherUser = await make.user({ roleId: demo.roleIds.Partner, partnerId: other.id });
    const mailsBefore = server.outbox().length;
    const answer = expectEnvelope(await assign({ formId: first.version.id, partnerIds: [first.partner.id, other.id], note: 'Due Friday' }), 201);
    expect(answer.body.data!.skipped).toEqual([{ partnerId: first.partner.id, reason: 'alreadyOpen' }]);
    expect(answer.body.data!.assigned).toMatchObject([{ partnerId: other.id, formId: first.version.id, status: 'OPEN', note: 'Due Friday' }]);
    const mails = mailsSince(mailsBefore).filter((mail) => mail.includes(otherUser.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('has a new form to fill in');
    expect(mails[0]).toContain('có một biểu mẫu mới cần điền');
    expect(mails[0]).toContain(`/forms/${answer.body.data!.assigned[0].id}/sections/company`);
  });

  it('refuses a form that is not Ready (409), an unknown partner (400 naming it) and a partner user (403), assigning nothing', async () => {
    const db = server.built.database.db;
    const partner = await make.partner();
    const editing = await makeFormVersion(db, make, { status: 'Editing' });
    expectEnvelope(await refused(server, () => assign({ formId: editing.id, partnerIds: [partner.id] })), 409);
    const ready = await makeFormVersion(db, make);
    expectFieldErrors(await refused(server, () => assign({ formId: ready.id, partnerIds: [partner.id, '00000000-0000-4000-8000-000000000000'] })), [
      'partnerIds[1]',
    ]);
    const partnerUser = await make.user({ roleId: demo.roleIds.Partner, partnerId: partner.id });
    expectEnvelope(await refused(server, () => assign({ formId: ready.id, partnerIds: [partner.id] }, partnerUser.token)), 403);
    expectFieldErrors(await refused(server, () => assign({ formId: ready.id, partnerIds: [] })), ['partnerIds']);
  });
});

describe('lock, unlock, reopen', () => {
  it('reopening with comments shows each comment to the partner beside its question, and mails them', async () => {
    const form = await partnerWithForm(demo);
    await form.submit(validAnswers());
    const mailsBefore = server.outbox().length;
    const reopened = await server.api<PartnerFormDto>('POST', `${form.url}/reopen`, {
      token: admin(),
      body: { note: 'Almost there', comments: { taxNumber: 'The tax number is missing a digit' } },
    });
    expectEnvelope(reopened, 200, 'Form reopened.');
    expect(reopened.body.data).toMatchObject({ status: 'OPEN', note: 'Almost there', submittedAt: null });
    const section = await server.api<PartnerFormSectionDto>('GET', `${form.url}/sections/company`, { token: form.user.token });
    expect(section.body.data!.comments).toEqual({ taxNumber: 'The tax number is missing a digit' });
    expect(section.body.data!.answers).toMatchObject(validAnswers());
    const [mail] = mailsSince(mailsBefore).filter((m) => m.includes(form.user.email));
    expect(mail).toContain('The tax number is missing a digit');
    expect(mail).toContain('đã được mở lại');
    expectEnvelope(await form.save({ taxNumber: '0123456780' }), 200);
  });

  it('refuses comments on questions the version lacks (400) and changes nothing', async () => {
    const form = await partnerWithForm(demo);
    await form.submit(validAnswers());
    const answer = await refused(server, () => server.api('POST', `${form.url}/reopen`, { token: admin(), body: { comments: { nope: 'x' } } }));
    expectFieldErrors(answer, ['comments.nope']);
  });

  it('follows the state machine: lock OPEN, unlock LOCKED, reopen SUBMITTED or LOCKED; anything else is 409', async () => {
    const form = await partnerWithForm(demo);
    const post = (action: string) => server.api<PartnerFormDto>('POST', `${form.url}/${action}`, { token: admin(), body: {} });
    expectEnvelope(await refused(server, () => post('unlock')), 409);
    expectEnvelope(await refused(server, () => post('reopen')), 409);
    expect((await post('lock')).body.data!.status).toBe('LOCKED');
    expectEnvelope(await refused(server, () => post('lock')), 409);
    expect((await post('unlock')).body.data!.status).toBe('OPEN');
    expect((await post('lock')).body.data!.status).toBe('LOCKED');
    expect((await post('reopen')).body.data!.status).toBe('OPEN');
    await form.submit(validAnswers());
    expectEnvelope(await refused(server, () => post('lock')), 409);
  });
  it('unlocking clears the lock note: the Open form shows no note to the partner nor to staff', async () => {
    const form = await partnerWithForm(demo);
    const post = (action: string, body: object) => server.api<PartnerFormDto>('POST', `${form.url}/${action}`, { token: admin(), body });
    expect((await post('lock', { note: 'Locked while we verify your VAT number.' })).body.data!.note).toBe('Locked while we verify your VAT number.');
    expect((await post('unlock', {})).body.data).toMatchObject({ status: 'OPEN', note: '' });
    const partnerRead = await server.api<PartnerFormDto>('GET', form.url, { token: form.user.token });
    expect(partnerRead.body.data!.note).toBe('');
    await post('lock', { note: 'Locked again' });
    expect((await post('unlock', { note: 'Go ahead' })).body.data!.note).toBe('Go ahead');
  });

  it('a change made from a stale copy (If-Match) is refused with 412 and the current partner form', async () => {
    const form = await partnerWithForm(demo);
    const read = await server.api<PartnerFormDto>('GET', form.url, { token: admin() });
    const etag = read.headers.get('etag')!;
    expectEnvelope(await server.api('POST', `${form.url}/lock`, { token: admin(), body: {}, headers: { 'if-match': etag } }), 200);
    const stale = await refused(server, () => server.api('POST', `${form.url}/reopen`, { token: admin(), body: { note: 'x' }, headers: { 'if-match': etag } }));
    expect(stale.status).toBe(412);
    expect(stale.body.data).toMatchObject({ id: form.partnerForm.id, status: 'LOCKED' });
  });
});

describe('audit and events', () => {
  it('every change writes an audit row with the answers before and after', async () => {
    const form = await partnerWithForm(demo);
    await form.save({ companyName: 'First' });
    await form.save({ companyName: 'Second' });
    const rows = await server.built.database.db
      .select()
      .from(auditTrails)
      .where(and(eq(auditTrails.tableName, 'partner_forms'), eq(auditTrails.primaryKey, form.partnerForm.id)));
    const saves = rows.filter((row) => row.type === 'Update');
    const answersOf = (values: unknown) => (values as { answers?: unknown } | null)?.answers;
    expect(saves.map((row) => [answersOf(row.oldValues), answersOf(row.newValues)])).toContainEqual([{ companyName: 'First' }, { companyName: 'Second' }]);
    expect(rows.some((row) => row.type === 'Create')).toBe(true);
  });

  it('the relay notifies the partner of an assignment and a reopen, and staff of a submission, by i18n key', async () => {
    const form = await partnerWithForm(demo);
    const sent: { groups: string[]; payload: ServerMessages['ReceiveNotification'] }[] = [];
    const relay = createPartnerFormRelay(
      { config: server.config, db: server.built.database.db, log: server.built.app.log },
      {
        sendToGroups: (groups, _method, payload) => void sent.push({ groups, payload: payload as ServerMessages['ReceiveNotification'] }),
      },
    );
    const base = { partnerFormId: form.partnerForm.id, partnerId: form.partner.id };
    await relay({ type: 'PartnerFormAssigned', ...base, definitionId: form.version.definitionId, actorId: null });
    await relay({ type: 'PartnerFormSubmitted', ...base, definitionId: form.version.definitionId, actorId: form.user.id });
    await relay({ type: 'PartnerFormStatusChanged', ...base, status: 'OPEN', previousStatus: 'SUBMITTED', change: 'reopened', actorId: form.user.id });
    // Each stored for its readers and sent to their own connections (the inbox): the partner's user, or staff.
    expect(sent.map(({ groups, payload }) => [groups.includes(`user:${form.user.id}`), payload.key])).toEqual([
      [true, 'partnerFormsApi.notifications.assigned'],
      [false, 'partnerFormsApi.notifications.submitted'],
      [true, 'partnerFormsApi.notifications.reopened'],
    ]);
    expect(sent[1].groups).toContain(`user:${demo.userIds['admin@example.com']}`);
    expect(sent[0].payload.values).toMatchObject({ form: form.version.name });
  });
});
