import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import type { FileGrantDto, FileLinkDto, FileLinkViewDto, ManagedFileDto } from '../../contract/files';
import adminEn from '../../i18n/admin.en';
import fileAccessEn from '../../i18n/fileAccess.en';
import fileManagerEn from '../../i18n/fileManager.en';
import type { TestServer } from '../server/harness';
import { screenshot } from './browser';
import { closePortal, openPortal, portalPages } from './portal';

const STAFF = 'admin@example.com';
const ACME = 'partner@acme.example';
const GLOBEX = 'partner@globex.example';
const texts = fileAccessEn.fileAccess;
const manager = fileManagerEn.fileManager;
const admin = adminEn.admin;

let server: TestServer;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await openPortal()));
afterAll(() => closePortal({ server, browser }));

const pages = portalPages(() => ({ server, browser }));

const token = async (email: string) => (await server.signIn(email)).token;

async function call<T>(email: string, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await server.api<T>(method, path, { token: await token(email), body });
  expect(answer.status, `${method} ${path}: ${answer.text}`).toBeLessThan(300);
  return answer.body.data as T;
}

/** A text file with a name no other test uses: its bytes are what a download must give back. */
function textFile(label: string) {
  const name = `${label}-${Date.now()}.txt`;
  return { name, content: Buffer.from(`Rates of ${label}\n`.repeat(50)) };
}

async function acmeId() {
  const found = await call<PagedResult<{ id: string; name: string }>>(STAFF, 'POST', '/api/v1/partners/search', {
    pageNumber: 1,
    pageSize: 10,
    advancedSearch: { keyword: 'Acme Logistics' },
  });
  return found.items.find((p) => p.name === 'Acme Logistics')!.id;
}

async function fileNamed(fileName: string) {
  const found = await call<PagedResult<ManagedFileDto>>(STAFF, 'POST', '/api/v1/files/search', { keyword: fileName, pageNumber: 1, pageSize: 10 });
  const file = found.items.find((f) => f.fileName === fileName);
  expect(file, `file ${fileName} in the manager`).toBeDefined();
  return file!;
}

/** Staff upload through the API (the setup of a test whose subject is elsewhere). */
async function uploadThroughApi(file: { name: string; content: Buffer }) {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(file.content)], { type: 'text/plain' }), file.name);
  const response = await fetch(`${server.url}/api/v1/files`, { method: 'POST', headers: { authorization: `Bearer ${await token(STAFF)}` }, body: form });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { data: ManagedFileDto[] }).data[0];
}

const tomorrow = () => new Date(Date.now() + 24 * 3600_000);

async function grantAcmeThroughApi(fileId: string, downloadLimit: number | null) {
  return call<FileGrantDto>(STAFF, 'POST', '/api/v1/file-grants', {
    fileId,
    conditionType: 'partner',
    targetId: await acmeId(),
    from: new Date(Date.now() - 60_000).toISOString(),
    to: tomorrow().toISOString(),
    note: 'e2e',
    downloadLimit,
    viewOnly: false,
  });
}

/** The partner opens a file from their list (/accessible-files): a fresh signed link and its page. */
async function openFromList(page: Page, fileName: string) {
  await page.goto(`${server.url}/accessible-files`);
  await page.getByRole('button', { name: texts.current.open.replace('%{name}', fileName) }).click();
  await page.waitForURL(/\/file-request\/view\?token=/);
  await page.getByRole('heading', { name: fileName }).waitFor();
  return page.url();
}

/** Downloads from the file page and gives back the bytes saved. */
async function downloadFromPage(page: Page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: texts.page.download }).click()]);
  return fs.readFileSync((await download.path())!);
}

/** The page says why it shows no file, in the reader's language, and offers neither the file nor a download. */
async function expectRefusal(page: Page, refusal: 'expired' | 'revoked' | 'exhausted' | 'notFound') {
  await page.getByRole('heading', { name: texts.refusal[refusal].title }).waitFor();
  expect(await page.getByText(texts.refusal[refusal].body).count()).toBe(1);
  expect(await page.getByRole('link', { name: texts.page.download }).count()).toBe(0);
  expect(await page.locator('iframe, img[src*="file-links"]').count()).toBe(0);
}

/** The view the page asks for (it counts the link's visit once), straight from the API. */
async function viewThroughApi(email: string, linkUrl: string) {
  const linkToken = new URL(linkUrl).searchParams.get('token')!;
  return server.api<FileLinkViewDto>('GET', `/api/v1/file-links/view?token=${encodeURIComponent(linkToken)}`, { token: await token(email) });
}

const openButton = (page: Page, fileName: string) => page.getByRole('button', { name: texts.current.open.replace('%{name}', fileName) });

/** A staff list's row of this file, and its menu item by name (the row's menu is named after the file). */
async function rowAction(page: Page, fileName: string, action: string) {
  await page.getByRole('button', { name: admin.table.actionsOf.replace('%{title}', fileName) }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** The text of a row's cell under a column header (the table's header row names the columns). */
async function cellText(page: Page, fileName: string, header: string) {
  const headers = await page.getByRole('columnheader').allInnerTexts();
  const index = headers.findIndex((text) => text.trim() === header);
  expect(index, `column ${header} in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return page.getByRole('row').filter({ hasText: fileName }).getByRole('cell').nth(index).innerText();
}

/** `datetime-local` text of an instant, in the browser's own time zone (the dialog reads its inputs as local times). */
const localInput = (page: Page, at: Date) =>
  page.evaluate((ms) => {
    const date = new Date(ms);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
  }, at.getTime());

/** Staff upload a file on the file manager tab and grant it to Acme Logistics until tomorrow with a download limit. */
async function uploadAndGrantInUi(page: Page, file: { name: string; content: Buffer }, downloadLimit: number) {
  await page.goto(`${server.url}/accessible-files?tab=files`);
  await page.getByRole('tab', { name: manager.tabs.files, selected: true }).waitFor();
  await page.getByRole('button', { name: manager.files.upload, exact: true }).click();
  const upload = page.getByRole('dialog', { name: manager.files.uploadTitle });
  await upload.locator('input[type="file"]').setInputFiles({ name: file.name, mimeType: 'text/plain', buffer: file.content });
  await upload.getByText(manager.files.done, { exact: true }).waitFor();
  await upload.getByRole('button', { name: manager.close }).click();
  await upload.waitFor({ state: 'detached' });
  await page.getByRole('row').filter({ hasText: file.name }).waitFor();

  await rowAction(page, file.name, manager.files.grantAccess);
  const grant = page.getByRole('dialog', { name: manager.grants.addTitle });
  await grant.getByRole('combobox', { name: new RegExp(`^${manager.grants.target.partner}`) }).fill('Acme');
  await page.getByRole('option', { name: 'Acme Logistics', exact: true }).click();
  await grant.getByLabel(manager.grants.fields.to).fill(await localInput(page, tomorrow()));
  await grant.getByLabel(manager.grants.fields.downloadLimit).fill(String(downloadLimit));
  await screenshot(page, 'file-grant-dialog-en-1440');
  await grant.getByRole('button', { name: manager.save }).click();
  await grant.waitFor({ state: 'detached' });
  await page.getByText(manager.grants.created).waitFor();
}

describe('temporary file access in Chromium', () => {
  it('staff grant Acme two downloads until tomorrow: Acme opens and downloads, counts and log move; Globex is refused even with the link; a third download is refused', async () => {
    const file = textFile('acme-tariffs');
    const staff = await pages.newPage();
    await pages.signIn(staff, STAFF);
    await uploadAndGrantInUi(staff, file, 2);
    const uploaded = await fileNamed(file.name);
    const grants = await call<PagedResult<FileGrantDto>>(STAFF, 'POST', '/api/v1/file-grants/search', { fileId: uploaded.id, pageNumber: 1, pageSize: 10 });
    expect(grants.items.map((g) => ({ partner: g.targetName, limit: g.downloadLimit, state: g.state }))).toEqual([
      { partner: 'Acme Logistics', limit: 2, state: 'active' },
    ]);
    const grant = grants.items[0];
    expect(Math.abs(Date.parse(grant.to) - tomorrow().getTime())).toBeLessThan(5 * 60_000);

    // Acme: three openings while a download is left (the third before the second download), two downloads.
    const acme = await pages.newPage();
    await pages.signIn(acme, ACME);
    const first = await openFromList(acme, file.name);
    await screenshot(acme, 'file-page-en-1440');
    expect((await downloadFromPage(acme)).equals(file.content)).toBe(true);
    const second = await openFromList(acme, file.name);
    const third = await openFromList(acme, file.name);
    expect(new Set([first, second, third]).size).toBe(3);
    await acme.goto(second);
    await acme.getByRole('heading', { name: file.name }).waitFor();
    expect((await downloadFromPage(acme)).equals(file.content)).toBe(true);

    // Out of downloads: the third opening says why, and the list no longer offers the file.
    await acme.goto(third);
    await expectRefusal(acme, 'exhausted');
    await screenshot(acme, 'file-page-exhausted-en-1440');
    await acme.goto(`${server.url}/accessible-files`);
    await acme.getByRole('button', { name: texts.ended.askAgain.replace('%{name}', file.name) }).waitFor();
    expect(await openButton(acme, file.name).count()).toBe(0);

    // Globex: not in its list, and Acme's link pasted shows a refusal, never the file.
    const globex = await pages.newPage();
    await pages.signIn(globex, GLOBEX);
    await globex.goto(`${server.url}/accessible-files`);
    await globex.getByRole('list', { name: texts.current.label }).or(globex.getByText(texts.current.empty)).waitFor();
    expect(await openButton(globex, file.name).count()).toBe(0);
    await globex.goto(first);
    await expectRefusal(globex, 'notFound');
    await screenshot(globex, 'file-page-foreign-en-1440');
    const foreign = await viewThroughApi(GLOBEX, first);
    expect(foreign.status).toBe(404);
    expect(foreign.body.errors).toEqual([{ field: 'token', message: 'notFound' }]);
    expect((await server.api('POST', `/api/v1/files/${uploaded.id}/links`, { token: await token(GLOBEX) })).status).toBe(404);

    // Staff: the file's counts moved (three visits, two downloads) and its access log names Acme's user for each.
    await staff.goto(`${server.url}/accessible-files?tab=files`);
    await staff.getByRole('row').filter({ hasText: file.name }).waitFor();
    // Polled like the log below: the row may first show what the list held before its refetch answered.
    await expect.poll(() => cellText(staff, file.name, manager.files.fields.downloadCount)).toBe('2');
    await expect.poll(() => cellText(staff, file.name, manager.files.fields.visitCount)).toBe('3');
    await rowAction(staff, file.name, manager.files.accessLog);
    const log = staff.getByRole('dialog', { name: manager.log.titleOf.replace('%{name}', file.name) });
    await expect.poll(() => log.getByTestId('entity-row').count()).toBe(5);
    expect(await log.getByTestId('entity-row').filter({ hasText: 'Bình Trần' }).filter({ hasText: 'Acme Logistics' }).count()).toBe(5);
    expect(await log.getByTestId('entity-row').filter({ hasText: manager.log.kind.download }).count()).toBe(2);
    expect(await log.getByTestId('entity-row').filter({ hasText: manager.log.kind.visit }).count()).toBe(3);
    expect(
      await log
        .getByTestId('entity-row')
        .filter({ hasText: grant.id.slice(0, 8) })
        .count(),
    ).toBe(5);
    await screenshot(staff, 'file-access-log-en-1440');

    await staff.context().close();
    await acme.context().close();
    await globex.context().close();
  });

  it('staff revoke a grant: a link Acme minted before, opened after, shows a refusal, and the download address of a page already open dies', async () => {
    const file = textFile('acme-revoked');
    const uploaded = await uploadThroughApi(file);
    await grantAcmeThroughApi(uploaded.id, null);

    const acme = await pages.newPage();
    await pages.signIn(acme, ACME);
    const opened = await openFromList(acme, file.name);
    const downloadUrl = (await acme.getByRole('link', { name: texts.page.download }).getAttribute('href'))!;
    // Minted before the revoke, not opened until after.
    const fresh = await call<FileLinkDto>(ACME, 'POST', `/api/v1/files/${uploaded.id}/links`);

    const staff = await pages.newPage();
    await pages.signIn(staff, STAFF);
    await staff.goto(`${server.url}/accessible-files?tab=grants`);
    await staff.getByRole('row').filter({ hasText: file.name }).waitFor();
    await rowAction(staff, file.name, manager.grants.revoke);
    const confirm = staff.getByRole('dialog', { name: manager.grants.revokeTitle });
    await confirm.getByRole('button', { name: manager.grants.revoke }).click();
    await confirm.waitFor({ state: 'detached' });
    await staff.getByRole('row').filter({ hasText: file.name }).getByText(manager.grants.state.revoked, { exact: true }).waitFor();

    await acme.goto(server.url + fresh.url);
    await expectRefusal(acme, 'revoked');
    await screenshot(acme, 'file-page-revoked-en-1440');
    await acme.goto(opened);
    await expectRefusal(acme, 'revoked');
    const dead = await fetch(new URL(downloadUrl, server.url));
    expect(dead.status).toBe(410);
    expect(Buffer.from(await dead.arrayBuffer()).includes(file.content.subarray(0, 20))).toBe(false);
    expect((await server.api('POST', `/api/v1/files/${uploaded.id}/links`, { token: await token(ACME) })).status).toBe(404);

    await staff.context().close();
    await acme.context().close();
  });
});
