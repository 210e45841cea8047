import { describe, expect, it } from 'vitest';
import { useDemoServer } from './factories';
import { expectEnvelope, expectFieldErrors, fieldMessage, refused } from './expectations';
import { partnerWithForm, validAnswers } from './partnerFormsFixtures';

const demo = useDemoServer();
const { server, token } = demo;
const admin = () => token('admin@example.com');

describe('Save Draft', () => {
  it('keeps well-typed answers, invalid ones included, and recomputes the progress', async () => {
    const form = await partnerWithForm(demo);
    const saved = expectEnvelope(await form.save({ companyName: 'Acme', taxNumber: '12ab', hasBranch: true }), 200, 'Draft saved.');
    expect(saved.body.data!.answers).toEqual({ companyName: 'Acme', taxNumber: '12ab', hasBranch: true });
    expect(saved.body.data!.sections[0]).toMatchObject({ key: 'company', filled: 3, total: 4, errors: 2 });
    // branchCity is shown now (hasBranch is yes): 8 questions, 3 required, 3 answered.
    expect(await form.row()).toMatchObject({ totalFields: 8, requiredFields: 3, filledCount: 3, status: 'OPEN' });
  });

  it('merges by question key and clears an answer given as null', async () => {
    const form = await partnerWithForm(demo);
    await form.save({ companyName: 'Acme', taxNumber: '1' });
    const saved = await form.save({ taxNumber: null, size: 'large' }, undefined, 'details');
    expect(saved.body.data!.answers).toEqual({ companyName: 'Acme', size: 'large' });
    expect(saved.body.data!.section.key).toBe('details');
  });

  it('refuses answers of the wrong type, oversized, or to unknown questions (400 per question) and changes nothing', async () => {
    const form = await partnerWithForm(demo);
    await form.save({ companyName: 'Before' });
    const answer = await refused(server, () =>
      form.save({ companyName: 42, taxNumber: 'x'.repeat(4001), markets: 'vn', toString: 'odd', unknownKey: 'x', hasBranch: 'yes' }),
    );
    expectFieldErrors(answer, ['companyName', 'taxNumber', 'markets', 'toString', 'unknownKey', 'hasBranch']);
    expect((await form.row()).answers).toEqual({ companyName: 'Before' });
  });

  it('refuses text that cannot be stored (a NUL) naming the question', async () => {
    const form = await partnerWithForm(demo);
    expectFieldErrors(await refused(server, () => form.save({ companyName: 'a\u0000b' })), ['companyName']);
  });

  it('answers 404 for a section the version does not have', async () => {
    const form = await partnerWithForm(demo);
    for (const section of ['nope', 'toString', '__proto__']) {
      expectEnvelope(await server.api('GET', `${form.url}/sections/${section}`, { token: form.user.token }), 404);
      expectEnvelope(await refused(server, () => form.save({ companyName: 'x' }, undefined, section)), 404);
    }
  });

  it('is for the partner’s own users: staff reading across partners may not fill in (403)', async () => {
    const form = await partnerWithForm(demo);
    expectEnvelope(await refused(server, () => form.save({ companyName: 'Staff typed this' }, admin())), 403);
    expectEnvelope(await refused(server, () => form.submit(validAnswers(), admin())), 403);
  });

  it('two devices saving different answers of one form at once keep both', async () => {
    const form = await partnerWithForm(demo);
    const second = await server.signIn(form.user.email, form.user.password);
    const [a, b] = await Promise.all([form.save({ companyName: 'From the laptop' }), form.save({ size: 'large' }, second.token, 'details')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await form.row()).answers).toEqual({ companyName: 'From the laptop', size: 'large' });
  });
});

describe('Submit', () => {
  it('with errors is refused with the message and an error per question, and nothing is saved', async () => {
    const form = await partnerWithForm(demo);
    await form.save({ companyName: 'Acme' });
    const answer = await refused(server, () => form.submit({ taxNumber: '123', size: 'medium' }));
    expectFieldErrors(answer, ['taxNumber', 'size']);
    expect(answer.body.message).toBe('Please fix all validation errors before submitting.');
    expect(fieldMessage(answer, 'taxNumber')).toBe('Ten digits, please');
    const vi = await form.submit({ taxNumber: '123' }, undefined, { 'client-language': 'vi' });
    expect(vi.body.message).toBe('Vui lòng sửa tất cả lỗi xác thực trước khi nộp.');
    expect(fieldMessage(await form.submit(), 'taxNumber')).toBeTruthy();
    expect((await form.row()).answers).toEqual({ companyName: 'Acme' });
  });

  it('does not require a hidden required question (the follow-up of a "no")', async () => {
    const form = await partnerWithForm(demo);
    const submitted = expectEnvelope(await form.submit(validAnswers()), 200, 'Form submitted.');
    expect(submitted.body.data).toMatchObject({ status: 'SUBMITTED', filledCount: 5, totalFields: 7, requiredFields: 2 });
    expect((await form.row()).submittedAt).not.toBeNull();
  });

  it('requires the follow-up once it is shown', async () => {
    const form = await partnerWithForm(demo);
    expectFieldErrors(await refused(server, () => form.submit({ ...validAnswers(), hasBranch: true })), ['branchCity']);
  });

  it('makes the form read-only: saving or submitting a SUBMITTED form is 409', async () => {
    const form = await partnerWithForm(demo);
    await form.submit(validAnswers());
    expectEnvelope(await refused(server, () => form.save({ companyName: 'Later' })), 409);
    expectEnvelope(await refused(server, () => form.submit()), 409);
  });

  it('a LOCKED form takes neither drafts nor a submit (409)', async () => {
    const form = await partnerWithForm(demo);
    expectEnvelope(await server.api('POST', `${form.url}/lock`, { token: admin(), body: { note: 'On hold' } }), 200);
    expectEnvelope(await refused(server, () => form.save({ companyName: 'Later' })), 409);
    expectEnvelope(await refused(server, () => form.submit(validAnswers())), 409);
  });

  it('a save racing a submit either lands before it or is refused as not open: no answer is lost silently', async () => {
    const form = await partnerWithForm(demo);
    const [save, submit] = await Promise.all([form.save({ companyName: 'Raced in' }), form.submit(validAnswers())]);
    expect(submit.status).toBe(200);
    const row = await form.row();
    expect(row.status).toBe('SUBMITTED');
    if (save.status === 200) expect(['Raced in', 'Acme Trading']).toContain(row.answers.companyName);
    else expectEnvelope(save, 409);
  });
});
