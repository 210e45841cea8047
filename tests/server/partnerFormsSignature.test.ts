import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SignatureAnswer } from '../../contract/answers';
import type { PartnerFormDto } from '../../contract/forms';
import { translate } from '../../server/core/i18n';
import { auditTrails } from '../../server/db/schema';
import { question, section } from '../fixtures/formQuestions';
import { expectEnvelope, expectFieldErrors, fieldMessage, refused } from './expectations';
import { useDemoServer } from './factories';
import { partnerWithForm } from './partnerFormsFixtures';
import { pdfText } from './pdfText';

/** Signature questions (issue 40, item 6) through the real server: the server's stamp, its audit entry, the PDF and the CSV. */
const demo = useDemoServer();
const { server, token } = demo;
const admin = () => token('admin@example.com');

const LABEL = 'I confirm the answers above are true';
const HELP = 'Type your full name or draw your signature.';
const sections = () => [
  section('consent', [question('note', 'text'), question('declaration', 'signature', { required: true, label: LABEL, help: HELP })], 'Consent'),
];
const signedForm = () => partnerWithForm(demo, { sections: sections() });
type Form = Awaited<ReturnType<typeof signedForm>>;
const save = (form: Form, answers: Record<string, unknown>) => form.save(answers, undefined, 'consent');
const stored = async (form: Form) => (await form.row()).answers.declaration as SignatureAnswer;
const textHash = createHash('sha256').update(`${LABEL}\n${HELP}`).digest('hex').slice(0, 8);
const LOOPBACK = /^(::ffff:)?127\.0\.0\.1$|^::1$/;

/** The server's clock at a whole minute a little ahead of now (tokens stay valid), for the stamp's time. */
function clockAt(minutesAhead: number) {
  const at = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + minutesAhead * 60_000);
  vi.useFakeTimers({ toFake: ['Date'], now: at });
  return at;
}
afterEach(() => vi.useRealTimers());

const signatureAudits = async (form: Form) =>
  server.built.database.db
    .select()
    .from(auditTrails)
    .where(and(eq(auditTrails.tableName, 'partner_form_signatures'), eq(auditTrails.primaryKey, form.partnerForm.id)))
    .orderBy(asc(auditTrails.dateTime));

describe('a signature question', () => {
  it('is stamped by the server with who, when, from which address and which text; a stamp the client sent is ignored', async () => {
    const form = await signedForm();
    const at = clockAt(2);
    const forged = { signedAt: '2000-01-01T00:00:00.000Z', signedBy: { userId: 'x', name: 'Mallory', email: 'm@evil.example' }, address: '1.2.3.4' };
    const answer = await save(form, { declaration: { kind: 'typed', name: '  Jane Doe ', ...forged, textVersion: { number: 99, hash: 'ffffffff' } } });
    expectEnvelope(answer, 200);
    const signature = await stored(form);
    expect(signature).toMatchObject({
      kind: 'typed',
      name: 'Jane Doe',
      signedAt: at.toISOString(),
      signedBy: { userId: form.user.id, name: 'Factory User', email: form.user.email },
      textVersion: { number: form.version.versionNumber, hash: textHash },
    });
    expect(signature.address).toMatch(LOOPBACK);
    expect(answer.body.data!.answers.declaration).toEqual(signature);
  });

  it('writes a "signature signed" audit entry with the form, question, who, when, address and text version', async () => {
    const form = await signedForm();
    const at = clockAt(3);
    expectEnvelope(await save(form, { declaration: { kind: 'drawn', name: 'Jane Doe', strokes: ['10,10 20,30 40,20', '300,100'] } }), 200);
    const [entry, ...more] = await signatureAudits(form);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ userId: form.user.id, type: 'Create' });
    expect(entry.newValues).toMatchObject({
      event: 'signatureSigned',
      partnerFormId: form.partnerForm.id,
      formId: form.version.id,
      questionKey: 'declaration',
      kind: 'drawn',
      name: 'Jane Doe',
      signedBy: { userId: form.user.id, email: form.user.email },
      signedAt: at.toISOString(),
      textVersion: { number: form.version.versionNumber, hash: textHash },
    });
    expect((entry.newValues as { address: string }).address).toMatch(LOOPBACK);
  });

  it('an unchanged signature keeps its stamp through later saves and Submit; a changed one is stamped again', async () => {
    const form = await signedForm();
    clockAt(2);
    expectEnvelope(await save(form, { declaration: { kind: 'typed', name: 'Jane Doe' } }), 200);
    const first = await stored(form);
    clockAt(5);
    // The same signature sent again (with a made-up stamp) and another answer: the first stamp stays.
    expectEnvelope(await save(form, { note: 'later', declaration: { kind: 'typed', name: 'Jane Doe', signedAt: '2001-01-01T00:00:00.000Z' } }), 200);
    expect(await stored(form)).toEqual(first);
    expectEnvelope(await form.submit({ note: 'final' }), 200);
    expect(await stored(form)).toEqual(first);
    expect(await signatureAudits(form)).toHaveLength(1);

    const other = await signedForm();
    clockAt(2);
    expectEnvelope(await save(other, { declaration: { kind: 'typed', name: 'Jane Doe' } }), 200);
    const later = clockAt(6);
    expectEnvelope(await other.submit({ declaration: { kind: 'typed', name: 'Jane M. Doe' } }), 200);
    expect(await stored(other)).toMatchObject({ name: 'Jane M. Doe', signedAt: later.toISOString() });
    expect(await signatureAudits(other)).toHaveLength(2);
  });

  it('a required signature must be signed at Submit; a broken one is refused at Save Draft and nothing is stored', async () => {
    const form = await signedForm();
    const answer = await refused(server, () => form.submit({ note: 'x' }));
    expectFieldErrors(answer, ['declaration']);
    expect(fieldMessage(answer, 'declaration')).toBe(translate('en', 'validation.required'));
    expectFieldErrors(await refused(server, () => save(form, { declaration: { kind: 'drawn', name: 'Jane', strokes: ['NaN,1'] } })), ['declaration']);
    // A NUL is refused where every body's texts are read, before the answers: it names the name itself.
    expectFieldErrors(await refused(server, () => save(form, { declaration: { kind: 'typed', name: 'Jane\u0000' } })), ['declaration.name']);
    expectFieldErrors(await refused(server, () => save(form, { declaration: { kind: 'typed', name: 'Jane\u0007' } })), ['declaration']);
    expectFieldErrors(await refused(server, () => save(form, { declaration: { kind: 'image', name: 'Jane', data: 'data:image/png;base64,AA' } })), [
      'declaration',
    ]);
    const many = Array.from({ length: 41 }, () => '1,1');
    expectFieldErrors(await refused(server, () => save(form, { declaration: { kind: 'drawn', name: 'Jane', strokes: many } })), ['declaration']);
    expect((await form.row()).answers.declaration).toBeUndefined();
    expect(await signatureAudits(form)).toEqual([]);
  });

  it('a signature staff flag in a review is signed again; unflagged, it cannot change', async () => {
    const form = await signedForm();
    clockAt(2);
    expectEnvelope(await form.submit({ declaration: { kind: 'typed', name: 'J' } }), 200);
    const review = (flags: Record<string, string>) =>
      server.api<PartnerFormDto>('POST', `${form.url}/review`, { token: admin(), body: { outcome: 'return', note: 'Sign again', flags } });
    expectEnvelope(await review({ note: 'Write more' }), 200);
    expectEnvelope(await save(form, { declaration: { kind: 'typed', name: 'Jane Doe' } }), 400);
    expectEnvelope(await form.submit({ note: 'More' }), 200);
    expectEnvelope(await review({ declaration: 'Please sign with your full name' }), 200);
    const resigned = clockAt(4);
    expectEnvelope(await form.submit({ declaration: { kind: 'typed', name: 'Jane Doe' } }), 200);
    expect(await stored(form)).toMatchObject({ name: 'Jane Doe', signedAt: resigned.toISOString() });
  });

  it('the PDF draws the signature with "Signed by … on … from …, text version …" in the reader\'s language, and the CSV has one readable cell', async () => {
    const form = await signedForm();
    const at = clockAt(2);
    expectEnvelope(await form.submit({ declaration: { kind: 'typed', name: 'Nguyễn Văn An' } }), 200);
    const { address } = await stored(form);
    vi.useRealTimers();
    const pdf = async (language: string) => {
      const response = await fetch(`${server.url}${form.url}/pdf`, { headers: { authorization: `Bearer ${admin()}`, 'client-language': language } });
      expect(response.status).toBe(200);
      return pdfText(Buffer.from(await response.arrayBuffer()))
        .join('\n')
        .replace(/[\u00a0\u202f]/g, ' ');
    };
    const when = (locale: string) =>
      `${new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(at)} UTC`.replace(/[\u00a0\u202f]/g, ' ');
    const english = await pdf('en');
    expect(english).toContain('Nguyễn Văn An');
    expect(english).toContain(`Signed by Factory User on ${when('en-GB')} from ${address}, text version ${form.version.versionNumber} (${textHash})`);
    expect(await pdf('vi')).toContain(`Ký bởi Factory User lúc ${when('vi-VN')} từ địa chỉ ${address}`);

    const csv = async (query: string) => {
      const response = await fetch(`${server.url}/api/v1/partner-forms/export?definitionId=${form.version.definitionId}${query}`, {
        headers: { authorization: `Bearer ${admin()}`, 'client-language': 'en' },
      });
      return (await response.text()).replace(/^\uFEFF/, '');
    };
    const iso = at.toISOString();
    expect(await csv('&headers=keys')).toContain(
      `"Nguyễn Văn An (typed), ${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC, ${address}, v${form.version.versionNumber}·${textHash}"`,
    );
    expect((await csv('')).replace(/[\u00a0\u202f]/g, ' ')).toContain(`Nguyễn Văn An (typed), ${when('en-GB')}, ${address}`);
    const drawn = await signedForm();
    expectEnvelope(await drawn.submit({ declaration: { kind: 'drawn', name: 'Jane Doe', strokes: ['0,0 600,200 300,10', '5,5'] } }), 200);
    const response = await fetch(`${server.url}${drawn.url}/pdf`, { headers: { authorization: `Bearer ${admin()}`, 'client-language': 'en' } });
    const text = pdfText(Buffer.from(await response.arrayBuffer())).join('\n');
    expect(text).toContain('Jane Doe');
    expect(text).toContain(`text version ${drawn.version.versionNumber} (${textHash})`);
  });
});
