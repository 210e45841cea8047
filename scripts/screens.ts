/**
 * docs/screens/: every screen once in English at 1440 px and once in Vietnamese at 375 px, on the demo data,
 * in a real Chromium against a real server (`npm run screens`; builds first). Also writes docs/screens/README.md.
 * Names after `--` shoot only those screens.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../server/modules/users/users.demo';
import { launchChromium } from '../tests/e2e/chromium';
import { startServer, type TestServer } from '../tests/server/harness';

interface Shot {
  name: string;
  title: string;
  /** Signed out when null. */
  account: string | null;
  /** The route, or how to find it on the demo data. */
  route: string | ((ids: DemoIds) => string);
}

interface DemoIds {
  acmeTicket: string;
  acmePartnerForm: string;
  acmeFirstSection: string;
  formDefinition: string;
  partnerRole: string;
  fileLink: string;
}

const ADMIN = 'admin@example.com';
const PARTNER = 'partner.admin@acme.example';

const SHOTS: Shot[] = [
  { name: 'sign-in', title: 'Sign in', account: null, route: '/sign-in' },
  { name: 'forgot-password', title: 'Forgot password', account: null, route: '/forgot-password' },
  { name: 'home-staff', title: 'Home for staff', account: ADMIN, route: '/' },
  { name: 'home-partner', title: 'Home for a partner', account: PARTNER, route: '/' },
  { name: 'partners', title: 'Partners', account: ADMIN, route: '/partners' },
  { name: 'partner-contacts', title: 'Partner contacts', account: ADMIN, route: '/partner-contacts' },
  { name: 'users', title: 'Users', account: ADMIN, route: '/user-management' },
  { name: 'partner-users', title: 'Partner users', account: ADMIN, route: '/partner/users' },
  { name: 'roles', title: 'Roles', account: ADMIN, route: '/roles' },
  { name: 'role-permissions', title: 'A role’s permissions', account: ADMIN, route: (ids) => `/roles/${ids.partnerRole}/permissions` },
  { name: 'ticket-manager', title: 'Ticket manager', account: ADMIN, route: '/ticket-manager' },
  { name: 'ticket-staff', title: 'A ticket, for staff', account: ADMIN, route: (ids) => `/ticket-management/${ids.acmeTicket}/detail` },
  { name: 'tickets', title: 'A partner’s tickets', account: PARTNER, route: '/tickets' },
  { name: 'ticket-partner', title: 'A ticket, for its partner', account: PARTNER, route: (ids) => `/tickets/${ids.acmeTicket}/detail` },
  { name: 'form-config', title: 'Form definitions', account: ADMIN, route: '/form-config' },
  { name: 'form-editor', title: 'Form editor', account: ADMIN, route: (ids) => `/form-config/${ids.formDefinition}` },
  { name: 'validation-rules', title: 'Validation rules', account: ADMIN, route: '/validation-rules' },
  { name: 'next-partner-forms', title: 'Onboarding rules', account: ADMIN, route: '/next-partner-forms' },
  { name: 'partner-forms-staff', title: 'Partner forms, for staff', account: ADMIN, route: '/partner-forms' },
  { name: 'partner-form-staff', title: 'A partner form, for staff', account: ADMIN, route: (ids) => `/partner-forms/${ids.acmePartnerForm}` },
  { name: 'forms', title: 'A partner’s forms', account: PARTNER, route: '/forms' },
  { name: 'form-filler', title: 'Filling a form', account: PARTNER, route: (ids) => `/forms/${ids.acmePartnerForm}/sections/${ids.acmeFirstSection}` },
  { name: 'files-staff', title: 'File access, for staff', account: ADMIN, route: '/accessible-files?tab=files' },
  { name: 'file-grants', title: 'Access grants', account: ADMIN, route: '/accessible-files?tab=grants' },
  { name: 'file-requests', title: 'File requests', account: ADMIN, route: '/accessible-files?tab=requests' },
  { name: 'files-partner', title: 'A partner’s files', account: PARTNER, route: '/accessible-files' },
  { name: 'file-page', title: 'The file page', account: PARTNER, route: (ids) => ids.fileLink },
  { name: 'profile', title: 'Profile', account: PARTNER, route: '/profile' },
  { name: 'not-found', title: 'Not found', account: PARTNER, route: '/no-such-page' },
  { name: 'access-denied', title: 'Access denied', account: PARTNER, route: '/partners' },
];

const VARIANTS = [
  { language: 'en', width: 1440, height: 900 },
  { language: 'vi', width: 375, height: 812 },
] as const;

const OUT = path.resolve('docs', 'screens');
/** `npm run screens -- ticket-manager ticket-staff` shoots only those screens. */
const ONLY = process.argv.slice(2);
const CHOSEN = ONLY.length ? SHOTS.filter((s) => ONLY.includes(s.name)) : SHOTS;

async function demoIds(server: TestServer): Promise<DemoIds> {
  const admin = (await server.signIn(ADMIN)).token;
  const partner = (await server.signIn(PARTNER)).token;
  const first = async <T>(method: string, url: string, token: string, body?: unknown) => {
    const answer = await server.api<{ items?: T[] } | T[]>(method, url, { token, body });
    const data = answer.body.data;
    const items = Array.isArray(data) ? data : (data?.items ?? []);
    if (!items[0]) throw new Error(`No demo row from ${method} ${url}: ${answer.text.slice(0, 200)}`);
    return items;
  };
  const tickets = await first<{ id: string; lastMessageAt: string | null }>('POST', '/api/v1/tickets/search', partner, { pageSize: 50 });
  const chatty = tickets.find((t) => t.lastMessageAt) ?? tickets[0];
  const ownForms = await first<{ id: string; status: string }>('POST', '/api/v1/partner-forms/search', partner, { pageSize: 50 });
  const openForm = ownForms.find((f) => f.status === 'OPEN') ?? ownForms[0];
  const detail = await server.api<{ sections?: { key: string }[] }>('GET', `/api/v1/partner-forms/${openForm.id}`, { token: partner });
  const definitions = await first<{ id: string }>('POST', '/api/v1/forms/search', admin, { pageSize: 10 });
  const roles = await first<{ id: string; name: string }>('POST', '/api/v1/roles/search', admin, { pageSize: 50 });
  const files = await first<{ fileId: string; contentType: string }>('POST', '/api/v1/files/accessible/search', partner, { pageSize: 50 });
  const pdf = files.find((f) => f.contentType === 'application/pdf') ?? files[0];
  const link = await server.api<{ url: string }>('POST', `/api/v1/files/${pdf.fileId}/links`, { token: partner, body: {} });
  return {
    acmeTicket: chatty.id,
    acmePartnerForm: openForm.id,
    acmeFirstSection: detail.body.data?.sections?.[0]?.key ?? '',
    formDefinition: definitions[0].id,
    partnerRole: (roles.find((r) => r.name === 'Partner') ?? roles[0]).id,
    fileLink: new URL(link.body.data?.url ?? '/', server.url).pathname + new URL(link.body.data?.url ?? '/', server.url).search,
  };
}

async function signIn(page: Page, url: string, email: string) {
  await page.goto(`${url}/sign-in`);
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="password"]', DEMO_PASSWORD);
  await page.click('button[type="submit"]');
  await page.waitForURL(`${url}/`);
}

/** The page has drawn its data: no progress indicator or skeleton left, and the network is quiet. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page
    .waitForFunction(() => !document.querySelector('[role="progressbar"], .MuiSkeleton-root, [aria-busy="true"]'), undefined, { timeout: 10_000 })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
}

async function shoot(browser: Browser, server: TestServer, ids: DemoIds) {
  fs.mkdirSync(OUT, { recursive: true });
  const accounts = [...new Set(CHOSEN.map((s) => s.account))];
  const sideways: string[] = [];
  for (const variant of VARIANTS) {
    for (const account of accounts) {
      const context = await browser.newContext({ viewport: { width: variant.width, height: variant.height } });
      await context.addInitScript((language) => localStorage.setItem('portal.language', language), variant.language);
      const page = await context.newPage();
      if (account) await signIn(page, server.url, account);
      for (const shot of CHOSEN.filter((s) => s.account === account)) {
        const route = typeof shot.route === 'function' ? shot.route(ids) : shot.route;
        await page.goto(server.url + route);
        await settled(page);
        if (await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth))
          sideways.push(`${shot.name} ${variant.language} ${variant.width}`);
        const file = path.join(OUT, `${shot.name}.${variant.language}-${variant.width}.png`);
        await page.screenshot({ path: file });
        console.log(`${path.relative(process.cwd(), file)}`);
      }
      await context.close();
    }
  }
  return sideways;
}

function writeIndex() {
  const rows = SHOTS.map(
    (s) => `| ${s.title} | ![${s.title}, English, 1440 px](${s.name}.en-1440.png) | ![${s.title}, Vietnamese, 375 px](${s.name}.vi-375.png) |`,
  );
  const text = [
    '# Screens',
    '',
    'Every screen on the demo data, in English at 1440 px and in Vietnamese at 375 px. Made by `npm run screens`.',
    '',
    '| Screen | English, 1440 px | Vietnamese, 375 px |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
  fs.writeFileSync(path.join(OUT, 'README.md'), text);
}

const server = await startServer({ staticDir: path.resolve('dist') });
const browser = await launchChromium();
try {
  const sideways = await shoot(browser, server, await demoIds(server));
  writeIndex();
  if (sideways.length) console.log(`Scrolls sideways: ${sideways.join(', ')}`);
} finally {
  await browser.close();
  await server.close();
}
