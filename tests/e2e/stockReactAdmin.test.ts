import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { Browser, Page, Response } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import { declaredResources } from '../../contract/resources';
import type { FieldDeclaration } from '../../contract/resources/fields';
import { startServer, type TestServer } from '../server/harness';
import { DEMO_PASSWORD } from '../../server/modules/users/users.demo';
import { launchChromium } from './chromium';
import { REQUIRED_API_RESOURCES, stockResources } from './stockApp/stockResources';

/**
 * Issue 23 "Stock react-admin as a test": an app of stock react-admin components only (tests/e2e/stockApp), over
 * the portal's own dataProvider and authProvider, built here and served by a real server over its own PostgreSQL,
 * run in Chromium over every declared resource and every resource the API serves. For each, as the admin: the
 * list shows the server's rows, each sortable column sorts on click, `<ReferenceField>` shows the referenced
 * record's title, `<ReferenceInput>` loads its choices and filters, `<ExportButton>` downloads every row,
 * `<EditGuesser>` saves a change the server keeps, `<ShowGuesser>` and `<ListGuesser>` show the record(s); then, as a
 * partner, a partner-scoped resource lists only their partner's rows. Checks fail with the resource and the check.
 */

type Row = Record<string, unknown> & { id: string };

let server: TestServer;
let browser: Browser;
let page: Page;
let appDir: string;
let adminToken: string;
/** Acme's and Globex's ids (the demo partners of partner users). */
let partnerIds: string[];
/** Answers of the API that failed (4xx/5xx) since the last check began, with the resource they were of. */
const failedAnswers: { text: string; resource: string }[] = [];
const tally = { passed: 0, total: 0, knownDefects: 0 };
const allFailures: string[] = [];

const byName = new Map(stockResources.map((r) => [r.name, r]));

async function api<T>(method: string, urlPath: string, body?: unknown, token = adminToken): Promise<T> {
  const answer = await server.api<T>(method, `/api/v1/${urlPath}`, { token, body });
  if (answer.status >= 300) throw new Error(`${method} ${urlPath} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  return answer.body.data as T;
}

const search = (name: string, body: Record<string, unknown> = {}, token?: string) =>
  api<PagedResult<Row>>('POST', `${name}/search`, { pageNumber: 1, pageSize: 10, ...body }, token);

/** The Vite build of the stock app into a temporary folder (the server serves it as it serves dist/). */
async function buildStockApp(outDir: string) {
  await build({
    root: path.resolve('tests/e2e/stockApp'),
    configFile: false,
    logLevel: 'error',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, minify: false, sourcemap: false, reportCompressedSize: false, chunkSizeWarningLimit: 100_000 },
  });
}

/** A value of a declared field for a row the test makes (references: the given target rows in turn). */
function sampleValue(f: FieldDeclaration, i: number, targets: string[]): unknown {
  switch (f.type) {
    case 'email':
      return `stock.${i}@example.com`;
    case 'phone':
      return `+84 90 000 00${i}`;
    case 'url':
      return `https://example.com/stock/${i}`;
    case 'integer':
      return f.min ?? 0;
    case 'boolean':
      return false;
    case 'enum':
      return f.values![i % f.values!.length];
    case 'reference':
      return targets[i % targets.length];
    default:
      return `Stock ${i} ${'x'.repeat(3)}`.slice(0, f.max ?? 255);
  }
}

/** Every declared resource holds rows of two partners at least (references to partners: Acme's twice, Globex's once). */
async function seedDeclaredRows(partnerIds: string[]) {
  for (const d of declaredResources) {
    const { totalCount } = await search(d.name);
    if (totalCount >= 3) continue;
    for (let i = 0; i < 3; i++) {
      const values: Record<string, unknown> = {};
      for (const [key, f] of Object.entries(d.fields as Record<string, FieldDeclaration>)) {
        const targets =
          f.reference === 'partners' ? [partnerIds[0], partnerIds[0], partnerIds[1]] : f.reference ? (await search(f.reference)).items.map((r) => r.id) : [];
        values[key] = sampleValue(f, i, targets);
      }
      await api('POST', d.name, values);
    }
  }
}

/** The ids the Datagrid shows, in its order. */
const shownIds = () => page.locator('tbody tr td.column-id').allTextContents();

const isSearchOf = (name: string) => (response: Response) =>
  response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith(`/${name}/search`);

/** Runs the page action and answers the search of `name` it made (the list's, not a reference's). */
async function listSearch(name: string, action: () => Promise<unknown>, matches: (body: Record<string, unknown>) => boolean = () => true) {
  const [response] = await Promise.all([
    page.waitForResponse(
      (r) => isSearchOf(name)(r) && !('ids' in JSON.parse(r.request().postData() ?? '{}')) && matches(JSON.parse(r.request().postData() ?? '{}')),
      {
        timeout: 10_000,
      },
    ),
    action(),
  ]);
  if (response.status() !== 200) throw new Error(`the list's search answered ${response.status()}: ${(await response.text()).slice(0, 300)}`);
  const page_ = ((await response.json()) as { data: PagedResult<Row> }).data;
  return { items: page_.items, total: page_.totalCount, request: JSON.parse(response.request().postData() ?? '{}') as Record<string, unknown> };
}

/** Opens an app route (after an empty one, so a screen already open mounts anew and asks the server again). */
async function visit(route: string) {
  await page.goto(`${server.url}/#/blank`);
  await page.getByTestId('blank').waitFor({ state: 'attached' });
  await page.goto(`${server.url}/#/${route}`);
}

/** Opens a resource's list with no filter and answers its first search; a refusal (Access denied…) says what the page shows. */
async function openList(name: string) {
  try {
    return await listSearch(name, () => visit(`${name}?filter=%7B%7D&page=1`));
  } catch (error) {
    const shown = (
      await page
        .locator('#main-content, main, body')
        .first()
        .innerText()
        .catch(() => '')
    )
      .replace(/\s+/g, ' ')
      .slice(0, 200);
    throw new Error(`${(error as Error).message.split('\n')[0]}; the page shows: "${shown}"`);
  }
}

/**
 * No answer of the API failed and react-admin shows no error. Failures of `only`'s resources count when given;
 * otherwise of every resource of the test: a guesser's inventions (`uploadedById` → "uploadedBies") are no API
 * resource, and their 404s (and the notification they bring) are the guesser's, not the API's.
 */
async function noErrorShown(what: string, only?: string[]) {
  const failed = failedAnswers.splice(0);
  const counted = failed.filter(({ resource }) => (only ? only.includes(resource) : byName.has(resource) || !resource));
  if (counted.length) throw new Error(`${what}: the API answered ${counted.map(({ text }) => text).join(', ')}`);
  const notification = page.locator('.RaNotification-error');
  if (counted.length === failed.length && (await notification.count()))
    throw new Error(`${what}: react-admin shows the error "${await notification.first().innerText()}"`);
}

/**
 * Checks that fail today because of a defect of the server, each with why: such a check must fail (and is not
 * counted as passed); once the defect is fixed it passes, and this test fails until its entry is removed.
 */
const KNOWN_DEFECTS: Record<string, string> = {};

/** Runs one named check of a resource, recording it; a failure is kept (resource: check: reason), the next check runs. */
function checker(resource: string) {
  const failures: string[] = [];
  return {
    failures,
    async check(name: string, run: () => Promise<void>) {
      tally.total++;
      failedAnswers.length = 0;
      // An error an earlier check left on the page (a notification outlives its route) is gone before this one starts.
      await page
        .locator('.RaNotification-error')
        .waitFor({ state: 'detached', timeout: 8_000 })
        .catch(() => undefined);
      const known = KNOWN_DEFECTS[`${resource}: ${name}`];
      let failure: string | undefined;
      try {
        await run();
      } catch (error) {
        failure = `${resource}: ${name}: ${(error as Error).message.split('\n')[0]}`;
        // The next check starts from a page that answers (a dialog or a stuck request of this one aside).
        await page.keyboard.press('Escape').catch(() => undefined);
      }
      if (!failure && !known) tally.passed++;
      if (failure && known) tally.knownDefects++;
      const kept = failure && !known ? failure : !failure && known ? `${resource}: ${name}: passes now; remove it from KNOWN_DEFECTS (${known})` : undefined;
      if (kept) {
        failures.push(kept);
        allFailures.push(kept);
      }
    },
  };
}

let signedInAs: string | undefined;

/** Signs in through react-admin's stock login form (tests run in any order: each signs in as whom it needs). */
async function signIn(email: string) {
  if (signedInAs === email) return;
  signedInAs = undefined;
  await page.evaluate(() => localStorage.clear()).catch(() => undefined);
  await page.goto(`${server.url}/#/sign-in`);
  await page.fill('input[name="username"]', email);
  await page.fill('input[name="password"]', DEMO_PASSWORD);
  await Promise.all([page.waitForURL((url) => !url.hash.startsWith('#/sign-in')), page.click('button[type="submit"]')]);
  signedInAs = email;
}

beforeAll(async () => {
  appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-stock-app-'));
  [server, browser] = await Promise.all([buildStockApp(appDir).then(() => startServer({ staticDir: appDir, databaseEngine: 'embedded' })), launchChromium()]);
  adminToken = (await server.signIn('admin@example.com')).token;
  const partners = await search('partners', { pageSize: 100 });
  partnerIds = ['Acme Logistics', 'Globex Trading'].map((name) => partners.items.find((p) => p.name === name)!.id);
  await seedDeclaredRows(partnerIds);
  // The access log holds a row once someone opened a file (a fresh database has none).
  const [file] = (await search('files')).items;
  if (file) await server.api('GET', `/api/v1/files/${file.id}/content`, { token: adminToken });

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  page = await context.newPage();
  page.on('pageerror', (error) => console.log('PAGEERROR', error.message));
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') && response.status() >= 400) {
      const resource = url.pathname.match(/^\/api\/v1\/([^/]+)/)?.[1] ?? '';
      failedAnswers.push({ text: `${response.status()} to ${response.request().method()} ${url.pathname}`, resource });
    }
  });
});

afterAll(async () => {
  console.log(`stock react-admin: ${tally.passed} of ${tally.total} checks passed, ${tally.knownDefects} failed on a known defect (KNOWN_DEFECTS)`);
  if (process.env.STOCK_FAILURES) fs.writeFileSync(process.env.STOCK_FAILURES, allFailures.join('\n'));
  await browser?.close();
  await server?.close();
  if (appDir) fs.rmSync(appDir, { recursive: true, force: true });
});

describe('stock react-admin components over the portal API', () => {
  it('covers every declared resource, and files, file grants and form definitions', () => {
    const names = stockResources.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining([...declaredResources.map((d) => d.name), ...REQUIRED_API_RESOURCES]));
  });

  for (const resource of stockResources) {
    it(`${resource.name}: list, sort, references, export, edit, show, guessed list`, { timeout: 60_000 }, async () => {
      await signIn('admin@example.com');
      const { failures, check } = checker(resource.name);
      let first: { items: Row[]; total: number } = { items: [], total: 0 };

      await check('<List> shows the rows of the server', async () => {
        first = await openList(resource.name);
        if (!first.total) throw new Error('the server has no row of it to show');
        await expect.poll(shownIds, { timeout: 5_000 }).toEqual(first.items.map((r) => String(r.id)));
        await noErrorShown('the list');
      });
      if (!first.total) {
        expect(failures, failures.join('\n')).toEqual([]);
        return;
      }

      // Each sortable column once, one after the other on the page: the list asks the server for that order (the
      // same rows as the server's own answer to it), shows its rows in it, and no error. A resource the contract
      // lists without a declaration has every sort checked over the API (tests/server/apiResources.test.ts): here
      // its first three columns show the list sorts through the stock components.
      const sortable = resource.columns.filter((c) => c.sortable);
      for (const column of resource.declared ? sortable : sortable.slice(0, 3)) {
        // After a refused sort the list shows its error, not its headers: the next column starts from it anew.
        if (failures.length) await listSearch(resource.name, () => visit(`${resource.name}?filter=%7B%7D&page=1&sort=id&order=ASC`)).catch(() => undefined);
        await check(`sorting by ${column.source}`, async () => {
          const header = page.locator(`thead th.column-${column.source} .MuiTableSortLabel-root`);
          const answer = await listSearch(
            resource.name,
            () => header.click(),
            (body) => String((body.orderBy as string[] | undefined)?.[0] ?? '').startsWith(`${column.source} `),
          );
          const direct = await search(resource.name, { orderBy: answer.request.orderBy });
          expect(answer.items.map((r) => r.id)).toEqual(direct.items.map((r) => r.id));
          await expect.poll(shownIds, { timeout: 5_000 }).toEqual(answer.items.map((r) => String(r.id)));
          await noErrorShown(`sorting by ${column.source}`);
        });
      }

      const referenceColumns = resource.columns.filter((c) => c.reference);
      if (referenceColumns.length) {
        const shown = await openList(resource.name);
        for (const column of referenceColumns) {
          await check(`<ReferenceField source="${column.source}" reference="${column.reference}">`, async () => {
            const target = byName.get(column.reference!);
            const row = shown.items.find((r) => r[column.source]);
            if (!row) return; // No row of the page points anywhere.
            const referenced = await api<Row>('GET', `${column.reference}/${row[column.source]}`);
            const title = String(target?.titleField ? referenced[target.titleField] : referenced.id);
            const cell = page.locator('tbody tr').nth(shown.items.indexOf(row)).locator(`td.column-${column.source}`);
            await expect.poll(() => cell.textContent({ timeout: 5_000 }), { timeout: 5_000 }).toBe(title);
            await noErrorShown('the referenced record');
          });
        }
      }

      for (const filter of resource.referenceFilters) {
        await check(`<ReferenceInput source="${filter.source}" reference="${filter.reference}"> as a filter`, async () => {
          await openList(resource.name);
          const input = page.locator(`form input[name="${filter.source}"], form input#${filter.source}`).first();
          await input.click({ timeout: 5_000 });
          const options = page.getByRole('option');
          await options.first().waitFor({ timeout: 5_000 });
          const choice = await options.first().innerText();
          const filtered = await listSearch(
            resource.name,
            () => options.first().click(),
            (body) => typeof body[filter.source] === 'string',
          );
          const target = byName.get(filter.reference);
          const chosen = await api<Row>('GET', `${filter.reference}/${String(filtered.request[filter.source])}`);
          expect(String(target?.titleField ? chosen[target.titleField] : chosen.id)).toBe(choice);
          expect(filtered.items.every((r) => r[filter.source] === filtered.request[filter.source])).toBe(true);
          await noErrorShown('the filter');
        });
      }

      await check('<ExportButton> downloads every row', async () => {
        const { total } = await openList(resource.name);
        const [download] = await Promise.all([page.waitForEvent('download', { timeout: 10_000 }), page.getByRole('button', { name: 'Export' }).click()]);
        const csv = fs.readFileSync((await download.path())!, 'utf8');
        const all = await search(resource.name, { pageSize: 1000 });
        expect(all.totalCount).toBe(total);
        const missing = all.items.filter((r) => !csv.includes(String(r.id)));
        if (missing.length) throw new Error(`${missing.length} of ${total} rows are not in the CSV`);
        expect(csv.split('\n')[0]).toContain('id');
        await noErrorShown('the export');
      });

      let record = first.items[0];
      if (resource.editField && resource.methods.includes('get')) {
        const field = resource.editField;
        const where = Object.entries(resource.editWhere ?? {});
        await check(`<EditGuesser> saves ${field}`, async () => {
          if (where.length) {
            const match = (await search(resource.name, { pageSize: 1000 })).items.find((r) => where.every(([key, value]) => r[key] === value));
            if (!match) throw new Error(`no row with ${JSON.stringify(resource.editWhere)} to edit`);
            record = match;
          }
          const before = String(record[field] ?? '');
          const changed = `${before.slice(0, (resource.editMax ?? 255) - 8)} (stock)`;
          // The form first shows the row the list left in the cache, then resets to the record getOne answers:
          // typing is kept only once that answer is in.
          const loaded = page.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname.endsWith(`/${resource.name}/${record.id}`), {
            timeout: 10_000,
          });
          await visit(`${resource.name}/${record.id}`);
          await loaded;
          const input = page.locator(`form input[name="${field}"], form textarea[name="${field}"]`).first();
          await expect.poll(() => input.inputValue({ timeout: 5_000 }), { timeout: 5_000 }).toBe(before);
          const save = page.getByRole('button', { name: 'Save' });
          await expect
            .poll(
              async () => {
                if ((await input.inputValue()) !== changed) await input.fill(changed);
                return (await input.inputValue()) === changed && (await save.isEnabled());
              },
              { timeout: 10_000 },
            )
            .toBe(true);
          const [saved] = await Promise.all([
            page.waitForResponse(
              (r) => ['PATCH', 'PUT'].includes(r.request().method()) && new URL(r.url()).pathname.endsWith(`/${resource.name}/${record.id}`),
              {
                timeout: 10_000,
              },
            ),
            save.click(),
          ]);
          if (saved.status() >= 300) throw new Error(`the save answered ${saved.status()}: ${(await saved.text()).slice(0, 300)}`);
          const reread = await api<Row>('GET', `${resource.name}/${record.id}`);
          expect(reread[field]).toBe(changed);
          record = reread;
          await noErrorShown('the save');
        });
      }

      if (resource.methods.includes('get'))
        await check('<ShowGuesser> shows the record', async () => {
          const title = resource.titleField && record[resource.titleField] ? String(record[resource.titleField]) : String(record.id);
          await visit(`${resource.name}/${record.id}/show`);
          await page.getByText(title, { exact: true }).first().waitFor({ timeout: 5_000 });
          await page.getByText(String(record.id), { exact: true }).first().waitFor({ timeout: 5_000 });
          await noErrorShown('the record');
        });

      await check('<ListGuesser> shows the rows', async () => {
        const guessed = await listSearch(resource.name, () => visit(`guessed/${resource.name}?filter=%7B%7D&page=1`));
        await expect.poll(() => page.locator('tbody tr').count(), { timeout: 5_000 }).toBe(guessed.items.length);
        // The guesser takes any `…Id` for a reference (`grantId` → "grants"): its own resource's answers only.
        await noErrorShown('the guessed list', [resource.name]);
      });

      expect(failures, failures.join('\n')).toEqual([]);
    });
  }

  it('a partner user lists only their partner’s rows of each partner-scoped resource', { timeout: 60_000 }, async () => {
    const { failures, check } = checker('partner.admin@acme.example');
    const acme = partnerIds[0];
    await signIn('partner.admin@acme.example');
    for (const resource of stockResources.filter((r) => r.partnerScoped)) {
      await check(`${resource.name} lists only Acme's rows`, async () => {
        const everyone = await search(resource.name, { pageSize: 1000 });
        const theirs = everyone.items.filter((r) => r.partnerId === acme);
        // The check has teeth: another partner's rows are there to leave out.
        expect(theirs.length).toBeGreaterThan(0);
        expect(theirs.length).toBeLessThan(everyone.totalCount);
        const shown = await openList(resource.name);
        expect(shown.total).toBe(theirs.length);
        await expect.poll(shownIds, { timeout: 5_000 }).toEqual(shown.items.map((r) => String(r.id)));
        expect(shown.items.every((r) => r.partnerId === acme)).toBe(true);
        // Its own answers only: a partner reading no partner record is another matter (a reference to partners).
        await noErrorShown('the partner’s list', [resource.name]);
      });
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });
});
