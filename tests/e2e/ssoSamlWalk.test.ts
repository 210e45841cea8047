import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../server/harness';
import { startSamlLoginPages, type SamlPerson } from './samlLoginPages';
import { closePortal, openPortal, portalPages } from './portal';
import { acmeSignsInThrough, ADMINS_GROUP, continueWithProvider, expectSignedInAsNewAdmin, expectSignedOut, scimDeactivates } from './ssoWalk';

let server: TestServer;
let browser: Browser;
let idp: Awaited<ReturnType<typeof startSamlLoginPages>>;
let acme: string;

const PROVIDER_NAME = 'Acme Entra ID';
const CLAIMS = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims';
/** People of Acme at its IdP, asserted as Entra ID names their attributes; each test signs in its own. */
const personAtAcme = (local: string, given: string, family: string): SamlPerson => ({
  email: `${local}@acme.example`,
  password: `${local}'s password at Acme`,
  answer: {
    attributes: {
      [`${CLAIMS}/givenname`]: [given],
      [`${CLAIMS}/surname`]: [family],
      'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups': ['everyone', ADMINS_GROUP],
    },
  },
});
const hoa = personAtAcme('hoa.le', 'Hoa', 'Lê');
const quang = personAtAcme('quang.vu', 'Quang', 'Vũ');

beforeAll(async () => {
  ({ server, browser } = await openPortal({ publicHost: 'localhost' }));
  idp = await startSamlLoginPages();
  const settings = await acmeSignsInThrough(server, {
    kind: 'saml',
    name: PROVIDER_NAME,
    samlEntryPoint: idp.ssoUrl,
    samlIdpEntityId: idp.entityId,
    samlIdpCertificates: idp.certificate,
  });
  acme = settings.acme;
  // Acme's IT registers the portal at its IdP from the metadata address the Sign-in tab shows.
  const metadata = await fetch(settings.addresses.samlMetadataUrl);
  expect(metadata.status).toBe(200);
  idp.trust(await metadata.text());
  idp.addPerson(hoa);
  idp.addPerson(quang);
});
afterAll(async () => {
  await closePortal({ server, browser });
  await idp?.close();
});

const pages = portalPages(() => ({ server, browser }));

/** The IdP's login page, filled as the person does; its next page posts the answer back to the portal by itself. */
async function signInAtIdp(page: Page, person: SamlPerson) {
  await page.waitForURL((url) => url.href.startsWith(`${idp.ssoUrl}?`));
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('alert').waitFor();
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('a new Acme member signs in through Acme’s SAML IdP in Chromium (issue 37)', () => {
  it('goes from the email to the IdP’s login page and back as a new PartnerAdmin; signing out ends the session', async () => {
    const page = await pages.newPage();
    await continueWithProvider(page, server, hoa.email, PROVIDER_NAME);
    await signInAtIdp(page, hoa);
    await expectSignedInAsNewAdmin(page, server, { email: hoa.email, fullName: 'Hoa Lê' });

    // No Single Logout here: signing out ends the portal's session and lands on its sign-in page.
    await pages.signOut(page);
    await expectSignedOut(page, server, hoa.email);
    await page.context().close();
  });

  it('leaves the open portal within seconds once Acme’s provisioning deactivates the member', async () => {
    const page = await pages.newPage();
    await continueWithProvider(page, server, quang.email, PROVIDER_NAME);
    await signInAtIdp(page, quang);
    await expectSignedInAsNewAdmin(page, server, { email: quang.email, fullName: 'Quang Vũ' });
    await scimDeactivates(page, server, acme, quang.email);
    await page.context().close();
  });
});
