import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { TestServer } from '../server/harness';
import { startTestProvider, type TestAccount, type TestProvider } from '../server/oidcTestProvider';
import { closePortal, openPortal, portalPages } from './portal';
import { acmeSignsInThrough, ADMINS_GROUP, continueWithProvider, expectSignedInAsNewAdmin, expectSignedOut, portalUrl, scimDeactivates } from './ssoWalk';

let server: TestServer;
let browser: Browser;
let idp: TestProvider;
let acme: string;

const PROVIDER_NAME = 'Acme Okta';
/** People of Acme at its provider (their login is their address); each test signs in its own. */
const personAtAcme = (local: string, given: string, family: string): TestAccount => ({
  sub: `${local}@acme.example`,
  email: `${local}@acme.example`,
  email_verified: true,
  given_name: given,
  family_name: family,
  groups: ['everyone', ADMINS_GROUP],
});
const lan = personAtAcme('lan.pham', 'Lan', 'Phạm');
const minh = personAtAcme('minh.do', 'Minh', 'Đỗ');

beforeAll(async () => {
  ({ server, browser } = await openPortal({ publicHost: 'localhost' }));
  idp = await startTestProvider({ loginPage: true });
  const clientId = 'partner-portal';
  const clientSecret = 'acme-okta-client-secret';
  const settings = await acmeSignsInThrough(server, {
    kind: 'oidc',
    name: PROVIDER_NAME,
    oidcIssuer: idp.issuer,
    oidcClientId: clientId,
    oidcClientSecret: clientSecret,
  });
  acme = settings.acme;
  // Acme's IT registers the portal at its provider with the addresses the Sign-in tab shows.
  idp.registerClient({
    clientId,
    clientSecret,
    redirectUri: settings.addresses.oidcRedirectUri,
    postLogoutRedirectUri: settings.addresses.oidcPostLogoutRedirectUri,
  });
  idp.addAccount(lan);
  idp.addAccount(minh);
});
afterAll(async () => {
  await closePortal({ server, browser });
  await idp?.close();
});

const pages = portalPages(() => ({ server, browser }));

/** A browser of its own; the provider's pages ask a font host for their font, which no test reaches. */
async function newPage() {
  const page = await pages.newPage();
  await page.context().route('https://fonts.googleapis.com/**', (route) => route.abort());
  return page;
}

/** The provider's own login page (oidc-provider's), filled as the person does. */
async function signInAtProvider(page: Page, person: TestAccount) {
  await page.waitForURL((url) => url.href.startsWith(`${idp.issuer}/interaction/`));
  await page.fill('input[name="login"]', person.sub);
  await page.fill('input[name="password"]', 'their password at Acme');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

describe('a new Acme member signs in through Acme’s OpenID provider in Chromium (issue 37)', () => {
  it('goes from the email to the provider’s login page and back as a new PartnerAdmin; signing out ends the session here and at the provider', async () => {
    const page = await newPage();
    await continueWithProvider(page, server, lan.email!, PROVIDER_NAME);
    await signInAtProvider(page, lan);
    await expectSignedInAsNewAdmin(page, server, { email: lan.email!, fullName: 'Lan Phạm' });

    await page.getByTestId('profile-menu').click();
    await page.getByTestId('logout').click();
    // RP-initiated logout: the provider asks whether to sign out there too.
    await page.waitForURL((url) => url.href.startsWith(`${idp.issuer}/session/end`));
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await page.waitForURL(`${portalUrl(server)}/sign-in`);
    await expectSignedOut(page, server, lan.email!);
    await page.context().close();
  });

  it('leaves the open portal within seconds once Acme’s provisioning deactivates the member', async () => {
    const page = await newPage();
    await continueWithProvider(page, server, minh.email!, PROVIDER_NAME);
    await signInAtProvider(page, minh);
    await expectSignedInAsNewAdmin(page, server, { email: minh.email!, fullName: 'Minh Đỗ' });
    await scimDeactivates(page, server, acme, minh.email!);
    await page.context().close();
  });
});
