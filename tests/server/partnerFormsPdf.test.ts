import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AnswerFile } from '../../contract/forms';
import { LANGUAGE_HEADER } from '../../contract/http';
import { permission } from '../../contract/permissions';
import { partnerForms } from '../../server/db/schema';
import { questionLabelled, section, when } from '../fixtures/formQuestions';
import { useDemoServer } from './factories';
import { expectEnvelope } from './expectations';
import { multipartFile, partnerWithForm, PNG } from './partnerFormsFixtures';
import { pdfQueue } from '../../server/modules/partnerForms/partnerFormPdf.routes';
import { pdfText } from './pdfText';

const demo = useDemoServer();
const { server, make, token } = demo;
const admin = () => token('admin@example.com');

const question = questionLabelled((key) => key);
/** A form written in Vietnamese: a hidden follow-up, a choice, several choices and a file. */
const sections = () => [
  section(
    'company',
    [
      question('companyName', 'text', { label: 'Tên công ty', required: true }),
      question('hasBranch', 'yesNo', { label: 'Có chi nhánh không?' }),
      question('branchCity', 'text', { label: 'Thành phố của chi nhánh', condition: when('hasBranch', 'is', 'yes') }),
      question('iban', 'text', { label: 'Số tài khoản IBAN' }),
    ],
    'Thông tin công ty',
  ),
  section(
    'details',
    [
      question('size', 'select', { label: 'Quy mô', options: ['Doanh nghiệp nhỏ', 'Doanh nghiệp lớn'] }),
      question('markets', 'multiple', { label: 'Thị trường', options: ['Việt Nam', 'Singapore', 'Hoa Kỳ'] }),
      question('licence', 'file', { label: 'Giấy phép kinh doanh' }),
    ],
    'Chi tiết',
  ),
];

/** A submitted partner form reopened by staff with a note and a comment on the IBAN. */
async function reviewedForm() {
  const form = await partnerWithForm(demo, { sections: sections() });
  const upload = await server.api<AnswerFile>('POST', `${form.url}/files`, { token: form.user.token, ...multipartFile('licence', 'licence-scan.png', PNG) });
  expectEnvelope(upload, 201);
  expectEnvelope(await form.save({ companyName: 'Công ty TNHH Đông Á', hasBranch: false, iban: 'VN12 3456' }), 200);
  expectEnvelope(await form.save({ size: 'Doanh nghiệp lớn', markets: ['Việt Nam', 'Hoa Kỳ'], licence: upload.body.data! }, undefined, 'details'), 200);
  expectEnvelope(await form.submit(), 200);
  const reopened = await server.api('POST', `${form.url}/reopen`, {
    token: admin(),
    body: { note: 'Vui lòng kiểm tra số tài khoản.', comments: { iban: 'Thiếu mã ngân hàng' } },
  });
  expectEnvelope(reopened, 200);
  return form;
}

/** GET …/pdf as raw bytes (the harness reads answers as text). */
async function getPdf(url: string, as: string, language: 'en' | 'vi' = 'en') {
  const response = await fetch(`${server.url}${url}/pdf`, { headers: { authorization: `Bearer ${as}`, [LANGUAGE_HEADER]: language } });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('GET /partner-forms/{id}/pdf', () => {
  it("gives staff the form as a document in the reader's language: facts, labels, readable answers, comments", async () => {
    const form = await reviewedForm();
    const db = server.built.database.db;
    await db
      .update(partnerForms)
      .set({ dueAt: new Date('2030-01-15T10:00:00Z') })
      .where(eq(partnerForms.id, form.partnerForm.id));
    const { response, bytes } = await getPdf(form.url, admin(), 'vi');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const disposition = response.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+\.pdf"; filename\*=UTF-8''/);
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)![1])).toBe(`${form.version.name} - ${form.partner.name}.pdf`);

    const lines = pdfText(bytes);
    const text = lines.join('\n');
    expect(lines).toContain(form.version.name);
    expect(lines).toContain(form.partner.name);
    expect(text).toContain('Phiên bản: \n1');
    expect(text).toContain('Trạng thái: \nĐang mở');
    expect(text).toContain('Ghi chú: \nVui lòng kiểm tra số tài khoản.');
    expect(lines).toEqual(expect.arrayContaining(['Thông tin công ty', 'Chi tiết', 'Tên công ty *', 'Công ty TNHH Đông Á']));
    // Yes/no in the reader's words, choices as their text one per line, a file by its name.
    expect(text).toContain('Có chi nhánh không?\nKhông');
    expect(text).toContain('Thị trường\nViệt Nam\nHoa Kỳ');
    expect(text).toContain('Giấy phép kinh doanh\nlicence-scan.png');
    expect(text).toContain('Số tài khoản IBAN\nVN12 3456\nNhận xét của nhân viên: \nThiếu mã ngân hàng');
    // Dates as a person reads them, not ISO.
    expect(text).toMatch(/Ngày giao: \n\d{2}:\d{2} \d{1,2} thg \d{1,2}, \d{4} UTC/);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(text).toContain('Hạn nộp: \n10:00 15 thg 1, 2030 UTC');
    // A question hidden by its condition is not in the document.
    expect(text).not.toContain('Thành phố của chi nhánh');

    const english = pdfText((await getPdf(form.url, admin(), 'en')).bytes).join('\n');
    expect(english).toContain('Status: \nOpen');
    expect(english).toContain('Due by: \n15 Jan 2030, 10:00 UTC');
    expect(english).toContain('Có chi nhánh không?\nNo');
    expect(english).toContain('Staff comment: \nThiếu mã ngân hàng');
  });

  it('shows the review in force: its round and state, and each flagged question marked with its comment', async () => {
    const form = await partnerWithForm(demo, { sections: sections() });
    expectEnvelope(await form.save({ companyName: 'Công ty TNHH Đông Á', hasBranch: false, iban: 'VN12' }), 200);
    expectEnvelope(await form.submit(), 200);
    const returned = await server.api('POST', `${form.url}/review`, {
      token: admin(),
      body: { outcome: 'return', note: 'Hai câu cần sửa.', flags: { iban: 'Thiếu mã ngân hàng', companyName: 'Ghi tên đầy đủ' } },
    });
    expectEnvelope(returned, 200);
    const text = pdfText((await getPdf(form.url, form.user.token, 'vi')).bytes).join('\n');
    expect(text).toContain('Xem xét: \nvòng 1, đã trả lại để chỉnh sửa');
    expect(text).toContain('Tên công ty *\nCông ty TNHH Đông Á\nCần chỉnh sửa: \nGhi tên đầy đủ');
    expect(text).toContain('Số tài khoản IBAN\nVN12\nCần chỉnh sửa: \nThiếu mã ngân hàng');
    expect(text).not.toContain('Nhận xét của nhân viên');
    const english = pdfText((await getPdf(form.url, admin(), 'en')).bytes).join('\n');
    expect(english).toContain('Review: \nround 1, returned for changes');
    expect(english).toContain('Flagged for changes: \nThiếu mã ngân hàng');
  });

  it("gives the partner's own users their form, and another partner's users a 404 as the JSON route does", async () => {
    const form = await reviewedForm();
    const own = await getPdf(form.url, form.user.token, 'vi');
    expect(own.response.status).toBe(200);
    expect(pdfText(own.bytes)).toContain('Thiếu mã ngân hàng');
    const other = await partnerWithForm(demo);
    const foreign = await getPdf(form.url, other.user.token);
    expect(foreign.response.status).toBe(404);
    const json = await server.api('GET', form.url, { token: other.user.token });
    expect(JSON.parse(foreign.bytes.toString())).toEqual(json.body);
  });

  it('refuses staff without the read permission (403), reaches no form without AdminView (404), answers 404 for unknown ids', async () => {
    const form = await partnerWithForm(demo, { sections: sections() });
    const noPermission = await make.userWith([permission('PartnerForm', 'Search')]);
    expect((await getPdf(form.url, noPermission.token)).response.status).toBe(403);
    const noAdminView = await make.userWith([permission('PartnerForm', 'View')]);
    expect((await getPdf(form.url, noAdminView.token)).response.status).toBe(404);
    expect((await fetch(`${server.url}${form.url}/pdf`)).status).toBe(401);
    for (const id of ['00000000-0000-0000-0000-000000000000', 'not-a-uuid', '__proto__', 'constructor', '%00', 'a%00b', '%E0%A4%A'])
      expect([400, 404], id).toContain((await getPdf(`/api/v1/partner-forms/${id}`, admin())).response.status);
  });

  it('answers a burst of downloads each with a whole PDF or a 503 saying when to retry, never an error or a cut file', async () => {
    const form = await reviewedForm();
    const answers = await Promise.all(Array.from({ length: 8 }, () => getPdf(form.url, admin())));
    for (const { response, bytes } of answers) {
      if (response.status === 503) {
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(JSON.parse(bytes.toString()).message).toBe('Many PDFs are being made right now, please try again in a few seconds');
      } else {
        expect(response.status).toBe(200);
        expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
        expect(bytes.subarray(-6).toString()).toContain('%%EOF');
      }
    }
    // Every turn ended: the next download is made at once.
    expect((await getPdf(form.url, admin())).response.status).toBe(200);
  });

  it('refuses a download at once (503, Retry-After) while the PDF queue is full, and makes it when a turn is free', async () => {
    const form = await reviewedForm();
    let free!: () => void;
    const held = new Promise<void>((resolve) => (free = resolve));
    const holders = Array.from({ length: pdfQueue.concurrency + pdfQueue.maxWaiting }, () => pdfQueue.run(() => held));
    const refused = await getPdf(form.url, admin(), 'vi');
    expect(refused.response.status).toBe(503);
    expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(JSON.parse(refused.bytes.toString()).message).toBe('Đang tạo nhiều tệp PDF cùng lúc, vui lòng thử lại sau vài giây');
    free();
    await Promise.all(holders);
    expect((await getPdf(form.url, admin())).response.status).toBe(200);
  });
});
