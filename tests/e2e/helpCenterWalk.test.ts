import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HelpArticleHitDto, HelpInsightsDto } from '../../contract/helpCenter';
import type { PagedResult } from '../../contract/envelope';
import type { TicketDto } from '../../contract/tickets';
import viCatalogue from '../../i18n/helpCenter.vi';
import type { TestServer } from '../server/harness';
import { closePortal, openPortal, portalPages } from './portal';

const helpCenterVi = viCatalogue.helpCenter;

let server: TestServer;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await openPortal()));
afterAll(() => closePortal({ server, browser }));

const { newPage, signIn } = portalPages(() => ({ server, browser }));

const field = (dialog: Locator, name: string) => dialog.locator(`[name="${name}"]`).first();

/** A MUI select of the form: opened by its label, an option chosen by its text. */
async function choose(page: Page, dialog: Locator, label: string, option: string) {
  await dialog.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** One language's title and body, in its tab of the article form. */
async function writeTranslation(page: Page, dialog: Locator, language: 'en' | 'vi', title: string, body: string) {
  await dialog.getByRole('tab', { name: language === 'en' ? 'English' : 'Vietnamese' }).click();
  await field(dialog, `${language}.title`).fill(title);
  await dialog.locator(`#help-panel-${language} .ProseMirror`).click();
  await page.keyboard.type(body);
}

async function suggestionsFor(email: string, subject: string) {
  const { token } = await server.signIn(email);
  const answer = await server.api<HelpArticleHitDto[]>('POST', '/api/v1/help/suggestions', { token, body: { subject, description: '', lang: 'vi' } });
  expect(answer.status).toBe(200);
  return answer.body.data!.map((hit) => hit.slug);
}

describe('the help center in Chromium', () => {
  it('staff publish an article in en and vi for Acme only; an Acme partner typing without accents is answered by it and stops; Globex never sees it', async () => {
    const stamp = Date.now().toString(36);
    const slug = `customs-declaration-${stamp}`;
    const viTitle = `Khai báo hải quan cho lô hàng ${stamp}`;

    // Staff write it in both languages and publish it for Acme.
    const staff = await newPage();
    await signIn(staff, 'admin@example.com');
    await staff.goto(`${server.url}/help-articles`);
    await staff.getByTestId('entity-table').waitFor();
    await staff.getByTestId('entity-add').click();
    const dialog = staff.getByTestId('entity-form-dialog');
    await field(dialog, 'slug').fill(slug);
    await choose(staff, dialog, 'Category', 'Orders and invoices');
    await choose(staff, dialog, 'Who reads it', 'Chosen partners');
    await dialog.getByRole('combobox', { name: 'Partners who read it' }).fill('Acme');
    await staff.getByRole('option', { name: /Acme/ }).first().click();
    await writeTranslation(
      staff,
      dialog,
      'en',
      `Customs declarations for a shipment ${stamp}`,
      'Declare each shipment in the customs portal before it leaves.',
    );
    await writeTranslation(staff, dialog, 'vi', viTitle, 'Khai báo từng lô hàng trên cổng hải quan trước khi xuất.');
    await dialog.getByTestId('entity-form-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    const row = staff.locator('[data-testid="entity-row"]').filter({ hasText: `Customs declarations for a shipment ${stamp}` });
    await row.getByTestId('row-actions').click();
    await staff.getByTestId('row-action-publish').click();
    await expect.poll(() => row.innerText()).toContain('Published');

    // Acme's partner, in Vietnamese, types the subject without its marks: the article is suggested beside the draft.
    const acme = await newPage({ language: 'vi' });
    await signIn(acme, 'partner@acme.example');
    await acme.goto(`${server.url}/tickets`);
    await acme.getByTestId('ticket-new').click();
    const subject = `khai bao hai quan lo hang ${stamp}`;
    await acme.getByTestId('ticket-subject').fill(subject);
    const suggestions = acme.getByTestId('ticket-suggestions');
    const suggested = suggestions.getByRole('button', { name: new RegExp(viTitle) });
    await suggested.waitFor();
    await suggested.click();
    const article = acme.getByRole('dialog').filter({ hasText: 'Khai báo từng lô hàng trên cổng hải quan' });
    await article.getByRole('heading', { name: viTitle }).waitFor();
    await article.getByRole('button', { name: helpCenterVi.suggestions.answered }).click();

    // The draft ends: no ticket was made, and staff count one ticket avoided.
    await acme.getByText(helpCenterVi.suggestions.answeredDone).waitFor();
    expect(await acme.getByTestId('ticket-subject').count()).toBe(0);
    const { token: acmeToken } = await server.signIn('partner@acme.example');
    const tickets = await server.api<PagedResult<TicketDto>>('POST', '/api/v1/tickets/search', {
      token: acmeToken,
      body: { advancedSearch: { keyword: stamp } },
    });
    expect(tickets.body.data!.items).toEqual([]);
    const { token: adminToken } = await server.signIn('admin@example.com');
    const insights = await server.api<HelpInsightsDto>('GET', '/api/v1/help-center/insights', { token: adminToken });
    expect(insights.body.data!.deflectedTotal).toBeGreaterThanOrEqual(1);

    // Globex's partner types the same and is offered nothing of Acme's; its address answers that it does not exist.
    expect(await suggestionsFor('partner@acme.example', subject)).toContain(slug);
    expect(await suggestionsFor('partner@globex.example', subject)).not.toContain(slug);
    const globex = await newPage({ language: 'vi' });
    await signIn(globex, 'partner@globex.example');
    await globex.goto(`${server.url}/help-center/${slug}?lang=vi`);
    await globex.getByText(helpCenterVi.article.notFound).waitFor();
    expect(await globex.getByText(viTitle).count()).toBe(0);
    await globex.goto(`${server.url}/tickets`);
    await globex.getByTestId('ticket-new').click();
    // The draft's suggestions answer after the typing pause: wait for that answer, then see nothing of Acme's shown.
    const answered = globex.waitForResponse((response) => response.url().endsWith('/api/v1/help/suggestions') && response.ok());
    await globex.getByTestId('ticket-subject').fill(subject);
    await answered;
    expect(await globex.getByText(viTitle).count()).toBe(0);
  });

  it('a visitor signed out finds a public article on the public help center and reads it; an Acme-only one is not there', async () => {
    const visitor = await (await browser.newContext({ viewport: { width: 375, height: 812 } })).newPage();
    await visitor.goto(`${server.url}/vi/help`);
    await visitor.getByRole('searchbox').fill('dat lai mat khau');
    await visitor.keyboard.press('Enter');
    await visitor.getByRole('link', { name: 'Đặt lại mật khẩu' }).first().click();
    await visitor.getByRole('heading', { level: 1, name: 'Đặt lại mật khẩu' }).waitFor();
    expect(await visitor.getByText('Mở trang đăng nhập.').isVisible()).toBe(true);
    expect((await visitor.goto(`${server.url}/vi/help/acme-shipping-labels`))?.status()).toBe(404);
    expect(await visitor.getByText('In nhãn vận chuyển (Acme)').count()).toBe(0);
    await visitor.context().close();
  });
});
