import type { Page, Route } from 'playwright-core';
import { transitionsSettled } from './browser';

/** What the states of a screen are scanned with: the suite's scan, wait and client-side navigation. */
export interface StateScanner {
  page: Page;
  /** Scans the page (or only `region`, when the page behind was scanned already) as the state `what`. */
  scan(what: string, region?: string): Promise<void>;
  settled(): Promise<void>;
  openAddress(path: string): Promise<void>;
}

/** An open dialog (MUI puts role="dialog" on its paper); its container is what a dialog state's scan includes. */
const OPEN_DIALOG = '.MuiDialog-root:not(.MuiModal-hidden)';
const OPEN_MODAL = '.MuiModal-root:not(.MuiModal-hidden)';
const OPEN_MENU = '.MuiMenu-root:not(.MuiModal-hidden) [role="menu"]';

/**
 * The buttons of a screen's toolbar that open a dialog, by the test ids the shared toolbars and the screens give
 * them: every list built on EntityToolbar has `entity-add` (its create dialog) and `entity-export`, so a new
 * list is covered without a line here. On a phone, export sits in the toolbar's "more" menu.
 */
const TOOLBAR_OPENERS = [
  'entity-add',
  'ticket-new',
  'form-new',
  'partner-forms-assign',
  'grant-add',
  'files-upload',
  'files-access-log',
  'onboarding-rule-add',
  'entity-export',
];
/** Buttons on a row itself (not in its action menu) that open a dialog: the first row's is opened. */
const ROW_OPENERS = ['onboarding-rule-delete'];
/** Rows (of tables and of cards) whose action menu is opened, looking for row actions not met yet. */
const ROWS_TRIED = 6;

/**
 * While a screen's dialogs are opened, every write the page asks for is refused in the browser: a row action that
 * acts at once (activate, extend a grant) or a create dialog whose empty form passes its checks changes nothing.
 * Reads, searches (POST …/search) and exports (GET) go through, and so does everything outside /api/v1/.
 */
async function refusingWrites<T>(page: Page, run: () => Promise<T>): Promise<T> {
  const refuse = (route: Route) => {
    const request = route.request();
    const path = new URL(request.url()).pathname;
    // Only the resources' endpoints: the hub (/api/notifications, whose transport posts) and the token refresh go through.
    const read = ['GET', 'HEAD', 'OPTIONS'].includes(request.method()) || !path.startsWith('/api/v1/') || path.endsWith('/search');
    return read ? route.fallback() : route.abort('blockedbyclient');
  };
  await page.route('**/api/**', refuse);
  try {
    return await run();
  } finally {
    await page.unroute('**/api/**', refuse);
  }
}

const here = (page: Page) => page.evaluate(() => `${location.pathname}${location.search}`);

/**
 * Clicks `open` and waits for what it leads to: a dialog, another address, a new message, a download or a write
 * refused by `refusingWrites`. Returns whether a dialog is open.
 */
async function clickAndWait(scanner: StateScanner, open: () => Promise<void>): Promise<boolean> {
  const { page } = scanner;
  const from = await here(page);
  await page.evaluate(() => document.querySelectorAll<HTMLElement>('[data-testid^="toast-"]').forEach((toast) => (toast.dataset.seen = '1')));
  const outcomes = [
    page.waitForFunction(
      (address) =>
        document.querySelector('.MuiDialog-root:not(.MuiModal-hidden)') ||
        `${location.pathname}${location.search}` !== address ||
        document.querySelector('[data-testid^="toast-"]:not([data-seen])'),
      from,
      { timeout: 5_000, polling: 50 },
    ),
    page.waitForEvent('download', { timeout: 5_000 }),
    page.waitForEvent('requestfailed', { timeout: 5_000 }),
  ];
  outcomes.forEach((outcome) => outcome.catch(() => undefined));
  await open();
  await Promise.any(outcomes).catch(() => {
    if (process.env.AXE_TRACE) console.log(`nothing followed a click on ${from}`);
  });
  await scanner.settled();
  return (await page.locator(OPEN_DIALOG).count()) > 0;
}

/**
 * What an open dialog or menu is made of, without its words: its test id, its controls and the parts with a test id
 * (an edit dialog's id line sets it apart from the create dialog). Two dialogs alike in this (the delete
 * confirmation of two lists) are one state: a file (one variant) scans it once.
 */
const scannedRegions = new Set<string>();
const regionSignature = (page: Page, region: string) =>
  page
    .locator(region)
    .first()
    .evaluate((root) => {
      const owner = root.closest('[data-testid]') ?? root.querySelector('[data-testid]');
      const controls = [...root.querySelectorAll('input, textarea, button, [role], [data-testid]')].map((element) =>
        [element.tagName, element.getAttribute('role'), element.getAttribute('name') ?? element.getAttribute('type'), element.getAttribute('data-testid')].join(
          ':',
        ),
      );
      return `${owner?.getAttribute('data-testid') ?? ''}|${controls.join(',')}`;
    });

/**
 * The openers already probed in this file, by screen (ids left out) and opener: a second account's same screen
 * opens the same dialogs (its own rights aside, which its screens' scans show), so it does not open them again.
 */
const probedOpeners = new Set<string>();
let rowMenuScanned = false;
function firstProbe(where: string, opener: string) {
  const key = `${where.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, ':id')}|${opener}`;
  if (probedOpeners.has(key)) return false;
  probedOpeners.add(key);
  return true;
}

/** Scans the open dialog or menu unless one alike was scanned already; says whether it scanned. */
async function scanRegionOnce(scanner: StateScanner, what: string, region: string) {
  const signature = await regionSignature(scanner.page, region);
  if (scannedRegions.has(signature)) return false;
  scannedRegions.add(signature);
  await scanner.scan(what, region);
  return true;
}

/** Closes the open dialog (or menu) with Escape, as a keyboard user would, and waits until it is gone. */
async function escape(page: Page) {
  await page.keyboard.press('Escape');
  await page.waitForFunction((modal) => !document.querySelector(modal), OPEN_MODAL, { timeout: 10_000 });
  await transitionsSettled(page);
}

/**
 * Scans an opened dialog; a create dialog (`refuse`) is then submitted empty and scanned with its errors shown.
 * The dialog is closed with Escape, never confirmed.
 */
async function scanDialog(scanner: StateScanner, what: string, refuse: boolean) {
  const { page } = scanner;
  const fresh = await scanRegionOnce(scanner, `${what} dialog open`, OPEN_DIALOG);
  const submit = page.locator(`${OPEN_DIALOG} button[type="submit"]`);
  if (fresh && refuse && (await submit.count()) === 1 && (await submit.isEnabled())) {
    await submit.click();
    await scanner.settled();
    await scanner.scan(`${what} dialog submitted empty`, OPEN_DIALOG);
  }
  await escape(page);
}

/** Back where the probe started, when an action led elsewhere (a row's "open" or "permissions"). */
async function returnTo(scanner: StateScanner, address: string) {
  if ((await here(scanner.page)) !== address) await scanner.openAddress(address);
}

async function scanToolbarDialogs(scanner: StateScanner, where: string) {
  const { page } = scanner;
  const address = await here(page);
  for (const testId of [...TOOLBAR_OPENERS, ...ROW_OPENERS]) {
    const shown = page.locator(`main [data-testid="${testId}"]:visible`);
    const inMore = page.locator('main [data-testid="entity-more"]:visible');
    let open: (() => Promise<void>) | undefined;
    // A list that reloads (a live change) may take the opener away between the look and the click (or between the
    // count and the look at whether it is enabled): then there is nothing to open this time, which is not a finding.
    if (
      (await shown.count()) > 0 &&
      (await shown
        .first()
        .isEnabled({ timeout: 5_000 })
        .catch(() => false))
    )
      open = () =>
        shown
          .first()
          .click({ timeout: 10_000 })
          .catch(async (error: unknown) => {
            if ((await shown.count()) > 0) throw error;
          });
    else if (testId === 'entity-export' && (await inMore.count()) > 0)
      open = async () => {
        await inMore.first().click();
        await page.locator(`${OPEN_MENU} [data-testid="entity-export"]`).click();
      };
    if (!open || !firstProbe(where, testId)) continue;
    if (await clickAndWait(scanner, open)) await scanDialog(scanner, `${where} ${testId}`, TOOLBAR_OPENERS.includes(testId));
    await returnTo(scanner, address);
  }
}

/**
 * Each row action of the screen, on the first of its rows that offers it: the action menu is scanned once, then
 * each action that opens a dialog (edit, delete's confirmation, roles, audit trail, lock, reopen…) is scanned open.
 */
async function scanRowDialogs(scanner: StateScanner, where: string) {
  const { page } = scanner;
  const address = await here(page);
  const rowMenus = page.locator('main [data-testid="row-actions"]:visible');
  const tried = new Set<string>();
  const rows = Math.min(await rowMenus.count(), ROWS_TRIED);
  for (let row = 0; row < rows; row += 1) {
    await rowMenus.nth(row).click();
    await page.locator(OPEN_MENU).waitFor();
    await transitionsSettled(page);
    // The row action menu is one component for every list: it is scanned once per file, on the first list met.
    if (!rowMenuScanned) await scanner.scan(`${where} row action menu open`, OPEN_MENU);
    rowMenuScanned = true;
    const keys = await page.locator(`${OPEN_MENU} [data-testid^="row-action-"]`).evaluateAll((items) => items.map((item) => item.getAttribute('data-testid')!));
    await escape(page);
    const fresh = keys.filter((key) => !tried.has(key) && firstProbe(where, key));
    keys.forEach((key) => tried.add(key));
    // Rows of one list mostly offer the same actions: the search goes on only while rows bring new ones.
    if (fresh.length === 0) break;
    for (const key of fresh) {
      const opened = await clickAndWait(scanner, async () => {
        await rowMenus.nth(row).click();
        await page.locator(`${OPEN_MENU} [data-testid="${key}"]`).click();
      });
      if (opened) await scanDialog(scanner, `${where} ${key}`, false);
      await returnTo(scanner, address);
    }
  }
}

/** The dialogs a screen (or one tab of it) opens from its toolbar and rows. */
async function scanDialogsOf(scanner: StateScanner, where: string) {
  await scanToolbarDialogs(scanner, where);
  await scanRowDialogs(scanner, where);
}

/**
 * The states a person reaches on the screen open now, beyond its first view: each tab of a tabbed page (with its
 * own dialogs), every dialog of its toolbar and rows (create dialogs also submitted empty), and the refused
 * submits of the profile's password change and of the form filler.
 */
export async function scanStatesOf(scanner: StateScanner, where: string, { filler }: { filler: boolean }) {
  const { page } = scanner;
  await refusingWrites(page, async () => {
    await scanDialogsOf(scanner, where);
    // Tabs that switch a panel (the profile, the file manager), not a list's filter tabs; a partner form's section
    // tabs show each section's answers in one layout, whose first section the screen's own scan covers.
    const tabs = page.locator('main:has([role="tabpanel"]:not([data-testid="partner-form-section"])) [role="tab"]');
    const unselected = await tabs.evaluateAll((found) => found.flatMap((tab, index) => (tab.getAttribute('aria-selected') === 'true' ? [] : [index])));
    for (const index of unselected) {
      if (!firstProbe(where, `tab ${index}`)) continue;
      const name = (await tabs.nth(index).textContent()) ?? String(index);
      await tabs.nth(index).click();
      await scanner.settled();
      await scanner.scan(`${where} tab "${name}"`);
      await scanDialogsOf(scanner, `${where} tab "${name}"`);
    }
  });
  if (await page.locator('main input[name="newPassword"]').count()) await scanRefusedPasswordChange(scanner, where);
  if (filler && firstProbe(where, 'submit')) await scanRefusedFormSubmit(scanner, where);
}

/** The profile's password change with a wrong current password (and a strong new one): refused, the error under its field. */
async function scanRefusedPasswordChange(scanner: StateScanner, where: string) {
  const { page } = scanner;
  const newPassword = 'Quiet harbour lantern 47 tides!';
  await page.fill('main input[name="password"]', 'Not-the-password-1');
  await page.fill('main input[name="newPassword"]', newPassword);
  await page.fill('main input[name="confirmNewPassword"]', newPassword);
  await page.locator('main button[type="submit"]').click();
  await page.locator('main input[aria-invalid="true"]').first().waitFor();
  await scanner.settled();
  await scanner.scan(`${where} password change refused`);
}

/** The form filler's Submit with answers missing or wrong: the stepper counts each section's errors. */
async function scanRefusedFormSubmit(scanner: StateScanner, where: string) {
  const { page } = scanner;
  const submit = page.locator('footer button.MuiButton-contained');
  if (!(await submit.count()) || !(await submit.isEnabled())) return;
  await submit.click();
  await scanner.settled();
  await scanner.scan(`${where} submit refused`);
}
