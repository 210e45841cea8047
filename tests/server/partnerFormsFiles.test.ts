import { describe, expect, it } from 'vitest';
import type { AnswerFile } from '../../contract/forms';
import { useDemoServer } from './factories';
import { expectEnvelope, expectFieldErrors, refused } from './expectations';
import { pdfText } from './pdfText';
import { makeFormVersion, multipartFile, partnerWithForm, PNG, validAnswers } from './partnerFormsFixtures';

const demo = useDemoServer();
const { server, make, token } = demo;
const admin = () => token('admin@example.com');

describe('answer files', () => {
  it('a file uploaded for a question answers it, under its stored name and type, and downloads with ranges', async () => {
    const form = await partnerWithForm(demo);
    const upload = expectEnvelope(
      await server.api<AnswerFile>('POST', `${form.url}/files`, { token: form.user.token, ...multipartFile('licence', 'licence.png', PNG) }),
      201,
    );
    const file = upload.body.data!;
    expect(file).toMatchObject({ name: 'licence.png', type: 'image/png', size: PNG.length });
    const saved = await form.save({ licence: { ...file, name: 'renamed by the client.exe', size: 1 } }, undefined, 'details');
    expect(saved.body.data!.answers.licence).toEqual(file);
    const whole = await fetch(`${server.url}${form.url}/files/${file.id}`, { headers: { authorization: `Bearer ${admin()}` } });
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(PNG);
    const part = await fetch(`${server.url}${form.url}/files/${file.id}`, { headers: { authorization: `Bearer ${form.user.token}`, range: 'bytes=0-3' } });
    expect(part.status).toBe(206);
  });

  it('an answer naming a file not uploaded to this partner form for that question is refused (400)', async () => {
    const form = await partnerWithForm(demo);
    const other = await partnerWithForm(demo);
    const theirs = (await server.api<AnswerFile>('POST', `${other.url}/files`, { token: other.user.token, ...multipartFile('licence', 'a.png', PNG) })).body
      .data!;
    const mine = (await server.api<AnswerFile>('POST', `${form.url}/files`, { token: form.user.token, ...multipartFile('photos', 'b.png', PNG) })).body.data!;
    expectFieldErrors(await refused(server, () => form.save({ licence: theirs }, undefined, 'details')), ['licence']);
    expectFieldErrors(await refused(server, () => form.save({ licence: mine }, undefined, 'details')), ['licence']);
    expectFieldErrors(await refused(server, () => form.save({ photos: [mine, { ...mine, id: crypto.randomUUID() }] }, undefined, 'details')), ['photos']);
    expectEnvelope(await form.save({ photos: [mine] }, undefined, 'details'), 200);
  });

  it('refuses a file of a refused type (415) and an oversized one (413), writing no row', async () => {
    const form = await partnerWithForm(demo);
    const exe = Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00]), Buffer.alloc(64, 1)]);
    const refusedType = await refused(server, () =>
      server.api('POST', `${form.url}/files`, { token: form.user.token, ...multipartFile('licence', 'tool.exe', exe) }),
    );
    expect(refusedType.status).toBe(415);
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const oversized = await refused(server, () =>
      server.api('POST', `${form.url}/files`, { token: form.user.token, ...multipartFile('licence', 'big.png', big) }),
    );
    expect(oversized.status).toBe(413);
  });

  it('refuses a question that takes no files (400), a closed form (409) and staff (403)', async () => {
    const form = await partnerWithForm(demo);
    const post = (questionKey: string, as = form.user.token) =>
      server.api('POST', `${form.url}/files`, { token: as, ...multipartFile(questionKey, 'a.png', PNG) });
    expectFieldErrors(await refused(server, () => post('companyName')), ['questionKey']);
    expectEnvelope(await refused(server, () => post('licence', admin())), 403);
    await form.submit(validAnswers());
    expectEnvelope(await refused(server, () => post('licence')), 409);
  });
});

describe('CSV export', () => {
  const exportOf = async (query: string, headers: Record<string, string> = {}) => {
    const answer = await fetch(`${server.url}/api/v1/partner-forms/export?${query}`, { headers: { authorization: `Bearer ${admin()}`, ...headers } });
    return {
      answer,
      lines: (await answer.text())
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    };
  };

  it('with headers=keys, has one row per partner form and one column per question key, in form order', async () => {
    const form = await partnerWithForm(demo);
    await form.submit({ ...validAnswers(), markets: ['vn', 'sg'] });
    const { answer, lines } = await exportOf(`definitionId=${form.version.definitionId}&headers=keys`);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    const [header, row, ...rest] = lines;
    expect(rest).toEqual([]);
    expect(header.split(',').slice(0, 2)).toEqual(['id', 'partner']);
    expect(header.split(',').slice(-8)).toEqual(['companyName', 'taxNumber', 'hasBranch', 'branchCity', 'size', 'markets', 'licence', 'photos']);
    expect(row.split(',').slice(-8)).toEqual(['Acme Trading', '0123456789', 'no', '', 'small', 'vn; sg', '', '']);
    expect(row).toContain('SUBMITTED');
  });

  it('leaves out an answer the partner gave to a question its condition now hides, as the PDF does', async () => {
    const form = await partnerWithForm(demo);
    expectEnvelope(await form.save({ hasBranch: true, branchCity: 'Da Nang' }), 200);
    expectEnvelope(await form.submit({ ...validAnswers(), hasBranch: false }), 200);
    expect((await form.row()).answers.branchCity).toBe('Da Nang');
    const { lines } = await exportOf(`definitionId=${form.version.definitionId}&headers=keys`);
    const [header, row] = lines;
    const cells = Object.fromEntries(header.split(',').map((key, index) => [key, row.split(',')[index]]));
    expect(cells).toMatchObject({ hasBranch: 'no', branchCity: '' });
    expect(row).not.toContain('Da Nang');
    const pdf = await fetch(`${server.url}${form.url}/pdf`, { headers: { authorization: `Bearer ${admin()}` } });
    expect(pdfText(Buffer.from(await pdf.arrayBuffer())).join('\n')).not.toContain('Da Nang');
  });

  it("heads each column with the question's text and the fixed ones in the reader's language", async () => {
    const form = await partnerWithForm(demo);
    await form.submit(validAnswers());
    const [english, englishRow] = (await exportOf(`definitionId=${form.version.definitionId}`)).lines;
    expect(english.split(',').slice(0, 3)).toEqual(['ID', 'Partner', 'Form']);
    expect(english.split(',').slice(-8)).toEqual(
      ['companyName', 'taxNumber', 'hasBranch', 'branchCity', 'size', 'markets', 'licence', 'photos'].map((key) => `Label of ${key}`),
    );
    expect(englishRow.split(',').slice(-6, -5)).toEqual(['No']);
    const [vietnamese, vietnameseRow] = (await exportOf(`definitionId=${form.version.definitionId}`, { 'client-language': 'vi' })).lines;
    expect(vietnamese.split(',').slice(0, 3)).toEqual(['Mã', 'Đối tác', 'Biểu mẫu']);
    expect(vietnameseRow.split(',').slice(-6, -5)).toEqual(['Không']);
    expectFieldErrors(await server.api('GET', `/api/v1/partner-forms/export?definitionId=${form.version.definitionId}&headers=both`, { token: admin() }), [
      'headers',
    ]);
  });

  it('writes a file answer as a link to the page that opens it through the access rules (another partner: 404)', async () => {
    const form = await partnerWithForm(demo);
    const file = (await server.api<AnswerFile>('POST', `${form.url}/files`, { token: form.user.token, ...multipartFile('licence', 'licence.png', PNG) })).body
      .data!;
    await form.save({ licence: file }, undefined, 'details');
    const { lines } = await exportOf(`definitionId=${form.version.definitionId}&headers=keys`);
    const link = `${server.built.ctx.config.publicUrl}/partner-forms/${form.partnerForm.id}/files/${file.id}`;
    expect(lines[1]).toContain(`licence.png <${link}>`);
    const apiPath = `/api/v1${new URL(link).pathname}`;
    const asStaff = await fetch(`${server.url}${apiPath}`, { headers: { authorization: `Bearer ${admin()}` } });
    expect(Buffer.from(await asStaff.arrayBuffer())).toEqual(PNG);
    const other = await partnerWithForm(demo);
    expect((await fetch(`${server.url}${apiPath}`, { headers: { authorization: `Bearer ${other.user.token}` } })).status).toBe(404);
    expect((await fetch(`${server.url}${apiPath}`)).status).toBe(401);
  });

  it('needs a form to export (400, without parameter names); the export of another form holds none of these rows', async () => {
    const form = await partnerWithForm(demo);
    const whole = await server.api('GET', '/api/v1/partner-forms/export', { token: admin() });
    expectFieldErrors(whole, ['definitionId']);
    expect(JSON.stringify(whole.body)).not.toMatch(/formId \(|definitionId or/);
    const other = await makeFormVersion(server.built.database.db, make);
    const { lines } = await exportOf(`definitionId=${other.definitionId}`);
    expect(lines.join('\n')).not.toContain(form.partner.name);
  });
});
