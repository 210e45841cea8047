import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDto, PartnerFormDto } from '../../contract/forms';
import type { TestServer } from '../server/harness';
import { pdfText } from '../server/pdfText';
import { screenshot } from './browser';
import { closePortal, openPortal, portalPages } from './portal';

const PARTNER = 'partner@acme.example';
const STAFF = 'admin@example.com';

let server: TestServer;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await openPortal()));
afterAll(() => closePortal({ server, browser }));

const pages = portalPages(() => ({ server, browser }));

const question = (key: string, type: string, label: string, more: Record<string, unknown> = {}) => ({
  key,
  type,
  label,
  help: '',
  required: false,
  options: [],
  ruleId: null,
  condition: null,
  children: [],
  ...more,
});

/**
 * Issue 40's paperwork, as staff first write it (one director at least, the builder then asks for two): the company's name taken
 * from the partner record and locked, the directors, the year's turnover in đồng, the total of the directors' shares,
 * an auditor asked when the turnover is over ten billion and there are two directors at least, and a signature.
 */
const paperwork = () => [
  {
    key: 'company',
    title: 'Thông tin công ty',
    questions: [
      question('companyName', 'text', 'Tên công ty', { required: true, prefill: { source: 'partner', field: 'name', locked: true } }),
      question('directors', 'group', 'Ban giám đốc', {
        repeat: { min: 1, max: 10 },
        children: [
          question('name', 'text', 'Họ tên', { required: true }),
          question('idNumber', 'text', 'Số CCCD hoặc hộ chiếu', { required: true }),
          question('share', 'number', 'Tỷ lệ sở hữu', { limits: { min: '0', max: '100', unit: '%' } }),
        ],
      }),
      question('turnover', 'currency', 'Doanh thu năm', { required: true, limits: { currencies: ['VND'] } }),
      question('totalShare', 'calculated', 'Tổng tỷ lệ sở hữu', { calculation: { expression: 'sum({share})', decimals: 2, unit: '%' } }),
      question('auditor', 'text', 'Công ty kiểm toán', {
        required: true,
        condition: {
          join: 'and',
          conditions: [
            { questionKey: 'turnover', operator: 'gt', value: '10000000000' },
            { questionKey: 'directors', operator: 'gte', value: '2' },
          ],
        },
      }),
      question('signature', 'signature', 'Chữ ký của người đại diện', { required: true }),
    ],
  },
];

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const card = (page: Page, key: string) => page.locator(`[data-testid="question"][data-key="${key}"]`);

async function staffApi<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const { token } = await server.signIn(STAFF);
  return server.api<T>(method, path, { token, body, headers });
}

describe('paperwork as it really is, and terms accepted again, in Chromium', () => {
  it('staff make the directors a list in the builder; a partner fills two rows, a turnover, the auditor and a signature by keyboard at 375 px in Vietnamese; the PDF and the CSV show it all', async () => {
    const name = `Khai báo ban giám đốc ${Date.now()}`;
    const form = (await staffApi<FormDto>('POST', '/api/v1/forms', { name, description: '', type: 'Onboarding', note: '' })).body.data!;
    const etag = (await staffApi('GET', `/api/v1/forms/${form.id}`)).headers.get('etag') ?? '';
    expect((await staffApi('PUT', `/api/v1/forms/${form.id}/sections`, { sections: paperwork() }, { 'if-match': etag })).status).toBe(200);

    // Staff: the directors' rows, two at least, set in the builder; saved and published there.
    const staff = await pages.newPage();
    await pages.signIn(staff, STAFF);
    await staff.goto(`${server.url}/form-config/${form.id}`);
    await card(staff, 'directors').getByTestId('question-toggle').click();
    expect(await card(staff, 'directors').getByTestId('group-repeat').isChecked()).toBe(true);
    await card(staff, 'directors').getByTestId('repeat-min').fill('2');
    await card(staff, 'directors').getByTestId('repeat-min').scrollIntoViewIfNeeded();
    await card(staff, 'directors').getByText('Group · rows 2 to 10').waitFor();
    await screenshot(staff, 'builder-repeating-group-1440');
    await staff.getByTestId('form-save').click();
    await staff.getByTestId('form-unsaved').waitFor({ state: 'detached' });
    await staff.getByTestId('form-publish').click();
    await staff.getByTestId('form-publish-confirm-confirm').click();
    await staff.getByTestId('form-read-only').waitFor();
    const published = await staffApi<{ sections: { questions: { key: string; repeat?: unknown }[] }[] }>('GET', `/api/v1/forms/${form.id}/sections`);
    expect(published.body.data!.sections[0].questions.find((asked) => asked.key === 'directors')?.repeat).toEqual({ min: 2, max: 10 });

    const partnerSession = await server.signIn(PARTNER);
    const partnerId = JSON.parse(Buffer.from(partnerSession.token.split('.')[1], 'base64url').toString()).partnerId as string;
    const assigned = await staffApi<{ assigned: PartnerFormDto[] }>('POST', '/api/v1/partner-forms/assign', { formId: form.id, partnerIds: [partnerId] });
    const partnerForm = assigned.body.data!.assigned[0];
    const partnerName = partnerForm.partnerName;

    // The partner, on a phone, in Vietnamese, by keyboard only.
    const page = await pages.newPage({ width: 375, language: 'vi' });
    await pages.signIn(page, PARTNER);
    await page.goto(`${server.url}/forms/${partnerForm.id}/sections/company`);
    const company = page.getByRole('textbox', { name: 'Tên công ty' });
    await expect.poll(() => company.inputValue(), { timeout: 15_000 }).toBe(partnerName);
    expect(await company.getAttribute('readonly')).not.toBeNull();

    const addRow = page.getByRole('button', { name: 'Thêm một dòng' });
    for (const [who, id, share] of [
      ['Nguyễn Văn An', '079201000001', '60'],
      ['Trần Thị Bình', 'C1234567', '40'],
    ]) {
      await addRow.focus();
      await page.keyboard.press('Enter');
      await page.keyboard.type(who);
      await page.keyboard.press('Tab');
      await page.keyboard.type(id);
      await page.keyboard.press('Tab');
      await page.keyboard.type(share);
    }
    const rows = page.getByRole('listitem', { name: /^Ban giám đốc: Dòng/ });
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByRole('textbox', { name: 'Doanh thu năm' }).focus();
    await page.keyboard.type('12.500.000.000');
    await page.keyboard.press('Tab');
    const total = page.getByRole('textbox', { name: 'Tổng tỷ lệ sở hữu' });
    await expect.poll(async () => (await total.inputValue()).replace(/\s/g, ' ')).toBe('100 %');
    const auditor = page.getByRole('textbox', { name: 'Công ty kiểm toán' });
    await auditor.focus();
    await page.keyboard.type('KPMG Việt Nam');
    await page.getByRole('textbox', { name: 'Họ tên đầy đủ của bạn' }).focus();
    await page.keyboard.type('Nguyễn Văn An');
    await page.keyboard.press('Tab');
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'paperwork-filled-375-vi');
    await page.getByRole('button', { name: 'Nộp' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Đã nộp biểu mẫu. Xin cảm ơn!').waitFor({ timeout: 15_000 });

    // What staff read: the PDF in Vietnamese, the CSV in English.
    const { token } = await server.signIn(STAFF);
    const pdfAnswer = await fetch(`${server.url}/api/v1/partner-forms/${partnerForm.id}/pdf`, {
      headers: { authorization: `Bearer ${token}`, 'client-language': 'vi' },
    });
    expect(pdfAnswer.status).toBe(200);
    const pdf = pdfText(Buffer.from(await pdfAnswer.arrayBuffer()))
      .join('\n')
      .replace(/[\u00a0\u202f]/g, ' ');
    expect(pdf).toContain(partnerName);
    expect(pdf).toMatch(/Dòng 1[\s\S]*Nguyễn Văn An[\s\S]*079201000001[\s\S]*Dòng 2[\s\S]*Trần Thị Bình[\s\S]*C1234567/);
    expect(pdf).toContain('12.500.000.000 ₫');
    expect(pdf).toContain('100 %');
    expect(pdf).toContain('KPMG Việt Nam');
    expect(pdf).toMatch(/Ký bởi .+ lúc .+ từ địa chỉ .+, phiên bản văn bản 1/);
    const csv = await (
      await fetch(`${server.url}/api/v1/partner-forms/export?definitionId=${form.definitionId}`, {
        headers: { authorization: `Bearer ${token}`, 'client-language': 'en' },
      })
    ).text();
    expect(csv).toContain('Ban giám đốc › Họ tên');
    expect(csv).toContain('"1. Nguyễn Văn An\n2. Trần Thị Bình"');
    expect(csv).toContain('₫12,500,000,000');
    expect(csv).toMatch(/Nguyễn Văn An \(typed\), .+ UTC, .+, v1·[0-9a-f]{8}/);
  });

  it('the partner terms change: the partner is asked on Home to accept them again, by keyboard, and staff see who accepted which version', async () => {
    const found = await staffApi<{ items: { id: string }[] }>('POST', '/api/v1/agreements/search', { advancedSearch: { keyword: 'Partner terms' } });
    const terms = found.body.data!.items[0];
    const published = await staffApi<{ versionNumber: number }>('POST', `/api/v1/agreements/${terms.id}/versions`, {
      bodyEn: 'Partner terms, December edition: invoices are due in 30 days.',
      bodyVi: 'Điều khoản đối tác, bản tháng 12: hóa đơn đến hạn trong 30 ngày.',
    });
    expect(published.status).toBe(201);
    const version = published.body.data!.versionNumber;

    const page = await pages.newPage({ width: 375, language: 'vi' });
    await pages.signIn(page, PARTNER);
    const asked = page.getByTestId('pending-agreements');
    await asked.getByRole('heading', { name: 'Vui lòng đọc và chấp nhận' }).waitFor();
    await asked.getByText('Điều khoản đối tác, bản tháng 12: hóa đơn đến hạn trong 30 ngày.').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'agreement-asked-375-vi');
    await asked.getByRole('button', { name: 'Tôi chấp nhận' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Cảm ơn bạn: đã chấp nhận "Điều khoản đối tác".').waitFor();
    await asked.waitFor({ state: 'detached' });

    const accepted = await staffApi<{ items: { versionNumber: number; userEmail: string }[] }>('POST', '/api/v1/agreement-acceptances/search', {
      agreementId: terms.id,
    });
    expect(accepted.body.data!.items).toContainEqual(expect.objectContaining({ versionNumber: version, userEmail: PARTNER }));
    await page.reload();
    await page.getByTestId('welcome-card').waitFor();
    expect(await page.getByTestId('pending-agreements').count()).toBe(0);
  });
});
