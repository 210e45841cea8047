import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import type { CreatedScimTokenDto } from '../../contract/scimTokens';
import { signInSettingsPath, type SignInSettingsDto } from '../../contract/sso';
import type { UserDto } from '../../contract/users';
import en from '../../i18n/en';
import { signIns } from '../../server/modules/accounts/signIns.schema';
import { users } from '../../server/modules/users/users.schema';
import { PATCH_OP, scimClient } from '../server/scimFixtures';
import type { TestServer } from '../server/harness';

/** The group a person's provider puts Acme's administrators in, mapped to PartnerAdmin (the default is Partner). */
export const ADMINS_GROUP = 'portal-admins';
export const ACME_DOMAIN = 'acme.example';
const LIVE = { timeout: 15_000 };

/** The portal by its PUBLIC_URL's name, as the providers send the browser back to it. */
export const portalUrl = (server: TestServer) => server.config.publicUrl;

/**
 * Acme's sign-in through `provider` set up as people do it: staff save the provider and confirm the domain Acme's
 * admin claimed; Acme's admin maps the administrators' group to PartnerAdmin. Answers the addresses to register.
 */
export async function acmeSignsInThrough(server: TestServer, provider: Record<string, unknown>) {
  const staff = (await server.signIn('admin@example.com')).token;
  const acmeAdmin = (await server.signIn('partner.admin@acme.example')).token;
  const found = await server.api<PagedResult<{ id: string; name: string }>>('POST', '/api/v1/partners/search', {
    token: staff,
    body: { pageNumber: 1, pageSize: 10, advancedSearch: { keyword: 'Acme Logistics' } },
  });
  const acme = found.body.data!.items.find((p) => p.name === 'Acme Logistics')!.id;
  const call = async (token: string, method: string, tail: string, body?: unknown) => {
    const answer = await server.api<SignInSettingsDto>(method, `${signInSettingsPath(acme)}${tail}`, { token, body });
    expect(answer.status, `${method} ${tail}: ${answer.text}`).toBe(200);
    return answer.body.data!;
  };
  const saved = await call(staff, 'PUT', '/provider', provider);
  const claimed = (await call(acmeAdmin, 'POST', '/domains', { domain: ACME_DOMAIN })).domains.find((d) => d.domain === ACME_DOMAIN)!;
  await call(staff, 'POST', `/domains/${claimed.id}/verify`);
  const partnerAdmin =
    saved.givableRoles.find((r) => r.name === 'PartnerAdmin') ?? (await call(acmeAdmin, 'GET', '')).givableRoles.find((r) => r.name === 'PartnerAdmin')!;
  await call(acmeAdmin, 'PUT', '/role-mappings', { roleMappings: [{ claimValue: ADMINS_GROUP, roleId: partnerAdmin.id }] });
  return { acme, addresses: saved.addresses!, providerId: saved.provider!.id };
}

/** The email-first sign-in page: the address typed, the provider offered, followed. */
export async function continueWithProvider(page: Page, server: TestServer, email: string, providerName: string) {
  await page.goto(`${portalUrl(server)}/sign-in`);
  await page.locator('#prerendered-sign-in').waitFor({ state: 'detached' });
  await page.fill('input[name="email"]', email);
  await page.locator('input[name="email"]').blur();
  await page.getByRole('link', { name: `Continue with ${providerName}` }).click();
}

/**
 * Back in the portal signed in as the new member: their name in the profile menu, Acme's users (a screen only the
 * mapped PartnerAdmin opens) listing them, and staff's users list saying they are an active PartnerAdmin of Acme.
 */
export async function expectSignedInAsNewAdmin(page: Page, server: TestServer, person: { email: string; fullName: string }) {
  await page.waitForURL(`${portalUrl(server)}/`, LIVE);
  await page.getByTestId('welcome-card').waitFor();
  await page.getByTestId('profile-menu').click();
  await expect.poll(() => page.getByTestId('profile-menu-name').textContent()).toBe(person.fullName);
  await page.keyboard.press('Escape');
  await page.getByTestId('nav-partner-users').click();
  await page.waitForURL(/\/partner\/users$/);
  await page.locator('[data-testid="entity-row"], [data-testid="entity-card"]').filter({ hasText: person.email }).waitFor();
  const member = await staffReadsUser(server, person.email);
  expect({ role: member.role, partner: member.partnerName, active: member.isActive, name: member.fullName }).toEqual({
    role: 'PartnerAdmin',
    partner: 'Acme Logistics',
    active: true,
    name: person.fullName,
  });
}

export async function staffReadsUser(server: TestServer, email: string) {
  const { token } = await server.signIn('admin@example.com');
  const found = await server.api<PagedResult<UserDto>>('POST', '/api/v1/users/search', {
    token,
    body: { pageNumber: 1, pageSize: 10, advancedSearch: { keyword: email } },
  });
  expect(found.status, found.text).toBe(200);
  const member = found.body.data!.items.find((u) => u.email === email);
  if (!member) throw new Error(`staff find no user ${email}`);
  return member;
}

/**
 * With the member's page live (its hub connection up), Acme's admin makes a SCIM token (as for Entra ID); the
 * provider finds the person by userName and deactivates them as Entra ID does (PATCH replace active "False"). Their
 * open page leaves for the sign-in page by itself, saying why, and every sign-in of theirs has ended.
 */
export async function scimDeactivates(page: Page, server: TestServer, acme: string, email: string) {
  await expect.poll(() => page.getByTestId('connection-state').getAttribute('data-state'), LIVE).toBe('Connected');
  const { token } = await server.signIn('partner.admin@acme.example');
  const made = await server.api<CreatedScimTokenDto>('POST', `/api/v1/partners/${acme}/scim-tokens`, { token, body: { name: 'Entra ID' } });
  expect(made.status, made.text).toBe(201);
  const scim = scimClient(server, made.body.data!.token);
  const found = await scim.get(`/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`);
  expect(found.status, found.text).toBe(200);
  const [user] = found.body.Resources as { id: string }[];
  const patched = await scim.patch(`/Users/${user.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'active', value: 'False' }] });
  expect(patched.status, patched.text).toBe(200);
  expect(patched.body.active).toBe(false);
  await page.waitForURL(/\/sign-in$/, LIVE);
  await page.getByText(en.app.auth.signIn.signedOut.signInEnded).waitFor();
  await expectSignInsEnded(server, email);
}

/** After signing out: the sign-in is over on the server, and the portal's screens send the browser to sign in. */
export async function expectSignedOut(page: Page, server: TestServer, email: string) {
  await expectSignInsEnded(server, email);
  await page.goto(`${portalUrl(server)}/partner/users`);
  await page.waitForURL(/\/sign-in$/);
}

/** The person's sign-in through the provider is over on the server (the sign-ins list says so). */
async function expectSignInsEnded(server: TestServer, email: string) {
  const db = server.built.database.db;
  const rows = await db
    .select({ method: signIns.method, endedAt: signIns.endedAt })
    .from(signIns)
    .innerJoin(users, eq(users.id, signIns.userId))
    .where(eq(users.email, email));
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.filter((r) => r.endedAt === null)).toEqual([]);
  expect(rows.every((r) => r.method === 'sso')).toBe(true);
}
