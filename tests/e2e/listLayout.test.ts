import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import { ROW_HEIGHT } from '../../src/entityTable/EntityListStates';
import type { TestServer } from '../server/harness';
import { closePortal, openPortal, portalPages } from './portal';

let server: TestServer;
let browser: Browser;

const pages = portalPages(() => ({ server, browser }));

/** Texts long enough to wrap in any column at 1440 px, with Vietnamese marks (stacked above and below the line). */
const LONG_FORM_NAME = 'Hồ sơ năng lực nhà cung cấp dịch vụ vận chuyển hàng hóa đường bộ và đường thủy nội địa';
const LONG_NOTE = 'Vui lòng hoàn thành trước cuối tháng, kèm bản sao giấy chứng nhận đăng ký doanh nghiệp và báo cáo tài chính gần nhất';
const LONG_REQUEST = 'Bản hợp đồng khung đã ký năm 2025 cùng toàn bộ phụ lục về biểu giá vận chuyển và điều khoản bảo hiểm hàng hóa';
const LONG_DECISION = 'Tài liệu này chỉ dành cho bộ phận pháp chế; hãy liên hệ bộ phận hỗ trợ để được gửi bản trích có đóng dấu xác nhận';

async function api<T>(method: string, url: string, token: string, body?: unknown): Promise<T> {
  const answer = await server.api<T>(method, url, { token, body });
  if (answer.status >= 300) throw new Error(`${method} ${url}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return answer.body.data as T;
}

/** A Ready form with a long Vietnamese name assigned to Acme with a long note, and a long request rejected with a long note. */
async function longRows() {
  const admin = (await server.signIn('admin@example.com')).token;
  const partner = (await server.signIn('partner@acme.example')).token;
  const form = await api<{ id: string }>('POST', '/api/v1/forms', admin, { name: LONG_FORM_NAME });
  const question = { key: 'q1', type: 'text', label: 'Tên công ty', help: '', required: false, options: [], ruleId: null, condition: null, children: [] };
  await api('PUT', `/api/v1/forms/${form.id}/sections`, admin, { sections: [{ key: 's1', title: 'Thông tin', questions: [question] }] });
  await api('POST', `/api/v1/forms/${form.id}/publish`, admin);
  const partners = await api<PagedResult<{ id: string; name: string }>>('POST', '/api/v1/partners/search', admin, { pageNumber: 1, pageSize: 50 });
  const acme = partners.items.find((p) => p.name === 'Acme Logistics')!;
  await api('POST', '/api/v1/partner-forms/assign', admin, { formId: form.id, partnerIds: [acme.id], note: LONG_NOTE });
  const request = await api<{ id: string }>('POST', '/api/v1/file-requests', partner, { requestText: LONG_REQUEST, reason: LONG_NOTE });
  await api('POST', `/api/v1/file-requests/${request.id}/reject`, admin, { reason: LONG_DECISION });
}

beforeAll(async () => {
  ({ server, browser } = await openPortal());
  await longRows();
});
afterAll(() => closePortal({ server, browser }));

/** Every body row's height of the table on screen, once its rows are drawn. */
async function rowHeights(page: Page): Promise<number[]> {
  await page.getByTestId('entity-row').first().waitFor();
  return page.getByTestId('entity-row').evaluateAll((rows) => rows.map((row) => Math.round(row.getBoundingClientRect().height)));
}

const TABLES = ['/partner-forms', '/accessible-files?tab=requests', '/accessible-files?tab=grants', '/partners', '/user-management', '/ticket-manager'];

describe('rows of a table keep one height at 1440 px', () => {
  it.each(['en', 'vi'] as const)('in %s, with long Vietnamese names, notes and request texts', async (language) => {
    const page = await pages.newPage({ language });
    await pages.signIn(page, 'admin@example.com');
    const heights: Record<string, number[]> = {};
    for (const table of TABLES) {
      await page.goto(`${server.url}${table}`);
      heights[table] = [...new Set(await rowHeights(page))];
    }
    expect(heights).toEqual(Object.fromEntries(TABLES.map((table) => [table, [ROW_HEIGHT]])));
  });

  it('a cut cell takes the keyboard focus and shows its whole text', async () => {
    const page = await pages.newPage({ language: 'vi' });
    await pages.signIn(page, 'admin@example.com');
    await page.goto(`${server.url}/accessible-files?tab=requests`);
    await page.getByTestId('entity-row').first().waitFor();
    const decision = page.getByTestId('one-line-text').filter({ hasText: LONG_DECISION });
    await expect.poll(() => decision.getAttribute('data-cut')).toBe('true');
    // Reached by Tab, as a keyboard user does (a tooltip opens on keyboard focus, not on a script's focus()).
    await decision.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await decision.evaluate((element) => element === document.activeElement)).toBe(true);
    await expect.poll(() => page.getByRole('tooltip').textContent()).toContain(LONG_DECISION);
  });
});

/** Whether the pager's arrows sit on the line of its size menu (the pager did not wrap). */
async function pagerOnOneLine(page: Page): Promise<boolean> {
  const pager = page.locator('.MuiTablePagination-toolbar').first();
  await pager.waitFor();
  return pager.evaluate((toolbar) => {
    const top = (selector: string) => toolbar.querySelector(selector)!.getBoundingClientRect().top;
    return Math.abs(top('.MuiTablePagination-actions') - top('.MuiTablePagination-input')) < 8;
  });
}

describe('lists on a phone (375 px, Vietnamese)', () => {
  it('every pager keeps its size menu, range and arrows on one line', async () => {
    const staff = await pages.newPage({ width: 375, language: 'vi' });
    await pages.signIn(staff, 'admin@example.com');
    const partner = await pages.newPage({ width: 375, language: 'vi' });
    await pages.signIn(partner, 'partner.admin@acme.example');
    const oneLine: Record<string, boolean> = {};
    for (const [page, route] of [
      [staff, '/partners'],
      [staff, '/next-partner-forms'],
      [partner, '/forms'],
      [partner, '/tickets'],
    ] as const) {
      await page.goto(`${server.url}${route}`);
      oneLine[route] = await pagerOnOneLine(page);
    }
    expect(oneLine).toEqual({ '/partners': true, '/next-partner-forms': true, '/forms': true, '/tickets': true });
  });
});

describe('the row menu’s sticky cell', () => {
  it('takes its row’s hover shade', async () => {
    const page = await pages.newPage();
    await pages.signIn(page, 'admin@example.com');
    await page.goto(`${server.url}/partners`);
    const row = page.getByTestId('entity-row').first();
    const shade = () => row.getByTestId('entity-row-actions').evaluate((cell) => getComputedStyle(cell).backgroundImage);
    await page.getByRole('heading', { level: 1 }).hover();
    expect(await shade()).toBe('none');
    await row.hover();
    expect(await shade()).toContain('linear-gradient');
  });
});

/** What of the ticket manager's table a person at this width cannot see: a sideways scroll, cut SLA states, squeezed descriptions. */
async function hiddenInTicketManager(page: Page) {
  await page.getByTestId('ticket-sla').first().waitFor();
  return page.getByTestId('entity-table').evaluate((box) => {
    const cut = (element: Element) => element.scrollWidth > element.clientWidth + 1;
    const outOfCell = (element: Element) => element.getBoundingClientRect().right > element.closest('td')!.getBoundingClientRect().right;
    const cells = (testId: string) => [...box.querySelectorAll(`[data-testid="${testId}"]`)];
    return {
      scrollsSideways: box.scrollWidth > box.clientWidth,
      cutSlaStates: cells('ticket-sla').filter((chip) => outOfCell(chip) || cut(chip.querySelector('.MuiChip-label')!)).length,
      descriptionsUnder130px: cells('ticket-description-cell').filter((cell) => cell.closest('td')!.getBoundingClientRect().width < 130).length,
    };
  });
}

describe('the ticket manager at 1440 px', () => {
  it.each(['en', 'vi'] as const)('in %s shows every column without scrolling, SLA states uncut, and the ticket page its SLA in full', async (language) => {
    const page = await pages.newPage({ language });
    await pages.signIn(page, 'admin@example.com');
    await page.goto(`${server.url}/ticket-manager`);
    expect(await hiddenInTicketManager(page)).toEqual({ scrollsSideways: false, cutSlaStates: 0, descriptionsUnder130px: 0 });

    // A ticket raised now has its clocks running (or paused out of hours) at any hour; the demo's tickets may all be met or over.
    const raised = await api<{ id: string }>('POST', '/api/v1/tickets', (await server.signIn('partner@acme.example')).token, {
      subject: 'Hóa đơn tháng này chưa được gửi',
      description: '',
    });
    await page.goto(`${server.url}/ticket-management/${raised.id}/detail`);
    const chips = page.getByTestId('ticket-sla-panel').getByTestId('ticket-sla');
    await chips.first().waitFor();
    const cutChips = await chips.evaluateAll(
      (all) => all.map((chip) => chip.querySelector('.MuiChip-label')!).filter((label) => label.scrollWidth > label.clientWidth + 1).length,
    );
    expect(cutChips).toBe(0);
    await expect.poll(() => page.getByTestId('ticket-sla-detail').first().textContent()).toMatch(/\d/);
  });
});
