import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { ScimTokenDto } from '../../../../contract/scimTokens';
import type { SignInSettingsDto } from '../../../../contract/sso';
import { ROLE_NAMES } from '../../../../contract/roles';
import { adminClaims, partnerClaims, permissionsOfRole } from '../../../../mocks/accounts';
import { created, ok } from '../../../../mocks/envelopes';
import { mockApi } from '../../../../mocks/handlers';
import { server } from '../../../../mocks/server';
import SignInSettingsPage from '../../../../src/resources/signInSettings/SignInSettingsPage';
import { saveCredentials, savePermissions } from '../../../../src/providers/session/sessionStorage';
import { LOAD, renderLiveScreen } from '../../renderWithRouter';

const ACME = partnerClaims.partnerId as string;
const PROVIDER_ID = '6f1c2c52-8a4e-4c55-9b0e-2d1f0c7e9a10';
const PARTNER_ADMIN_ROLE = '8c2e1d0a-3333-4c55-9b0e-2d1f0c7e9a10';

const settingsOf = (): SignInSettingsDto => ({
  partnerId: ACME,
  provider: {
    id: PROVIDER_ID,
    kind: 'oidc',
    name: 'Acme Entra ID',
    enabled: true,
    requireSso: false,
    defaultRoleId: null,
    oidcIssuer: 'https://login.acme.example/v2.0',
    oidcClientId: 'portal-client',
    hasClientSecret: true,
    samlEntryPoint: null,
    samlIdpEntityId: null,
    samlIdpCertificates: null,
    updatedAt: '2026-12-01T00:00:00.000Z',
  },
  domains: [{ id: '7a4c1e0b-1111-4c55-9b0e-2d1f0c7e9a10', domain: 'acme.example', verificationToken: 'portal-verify=abc123', verifiedAt: null }],
  roleMappings: [{ claimValue: 'portal-admins', roleId: PARTNER_ADMIN_ROLE }],
  givableRoles: [
    { id: PARTNER_ADMIN_ROLE, name: 'PartnerAdmin' },
    { id: '9d1f0c7e-2222-4c55-9b0e-2d1f0c7e9a10', name: 'Partner' },
  ],
  addresses: {
    oidcRedirectUri: `http://portal.test/api/sso/${PROVIDER_ID}/oidc/callback`,
    oidcPostLogoutRedirectUri: 'http://portal.test/sign-in',
    samlAcsUrl: `http://portal.test/api/sso/${PROVIDER_ID}/saml/acs`,
    samlEntityId: `http://portal.test/api/sso/${PROVIDER_ID}/saml/metadata`,
    samlMetadataUrl: `http://portal.test/api/sso/${PROVIDER_ID}/saml/metadata`,
  },
});

/** The settings of Acme as the server keeps them; PUT provider and POST verify change them as the server would. */
function acmeSettings() {
  let settings = settingsOf();
  const tokens: ScimTokenDto[] = [];
  const sent: { path: string; body: unknown }[] = [];
  server.use(
    http.get(`/api/v1/sign-in-settings/${ACME}`, () => ok(settings)),
    http.put(`/api/v1/sign-in-settings/${ACME}/provider`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ path: 'provider', body });
      settings = { ...settings, provider: { ...settings.provider!, name: String(body.name), updatedAt: new Date().toISOString() } };
      return ok(settings, 'The sign-in settings were saved');
    }),
    http.post(`/api/v1/sign-in-settings/${ACME}/domains/:id/verify`, () => {
      sent.push({ path: 'verify', body: null });
      settings = { ...settings, domains: settings.domains.map((d) => ({ ...d, verifiedAt: new Date().toISOString() })) };
      return ok(settings);
    }),
    http.get(`/api/v1/partners/${ACME}/scim-tokens`, () => ok(tokens)),
    http.post(`/api/v1/partners/${ACME}/scim-tokens`, async ({ request }) => {
      const { name } = (await request.json()) as { name: string };
      const made = {
        id: `5b0e0000-0000-4000-8000-00000000000${tokens.length}`,
        partnerId: ACME,
        name,
        createdBy: null,
        createdByName: null,
        createdAt: new Date().toISOString(),
        lastUsedAt: null,
        revokedAt: null,
      };
      tokens.push(made);
      return created({ ...made, token: 'scim_secret_shown_once' }, 'SCIM token created');
    }),
  );
  return sent;
}

function signedInAs(claims: typeof adminClaims) {
  saveCredentials(mockApi.issue(claims));
  savePermissions(permissionsOfRole(claims.role));
}

const page = (url: string) =>
  renderLiveScreen(
    url,
    <Routes>
      <Route path="/sign-in-settings" element={<SignInSettingsPage />} />
      <Route path="/partners/:id/sign-in" element={<SignInSettingsPage />} />
    </Routes>,
  );

describe("an organisation's sign-in settings (issue 37)", () => {
  it("shows a partner admin its own provider read-only, the domain's token and the addresses to copy", async () => {
    acmeSettings();
    signedInAs({ ...partnerClaims, role: ROLE_NAMES.partnerAdmin });
    page('/sign-in-settings');
    const summary = await screen.findByTestId('sso-provider-summary', {}, LOAD);
    expect(summary).toHaveTextContent('Acme Entra ID');
    expect(summary).toHaveTextContent('https://login.acme.example/v2.0');
    expect(screen.queryByTestId('sso-provider-form')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    const domain = screen.getByTestId('sso-domain-acme.example');
    expect(domain).toHaveTextContent('Awaiting confirmation');
    expect(domain).toHaveTextContent('portal-verify=abc123');
    expect(within(screen.getByTestId('sso-addresses')).getByRole('button', { name: 'Copy Redirect URI (OpenID Connect)' })).toBeInTheDocument();
    expect(screen.getByTestId(`sso-address-oidcRedirectUri`)).toHaveTextContent(`/api/sso/${PROVIDER_ID}/oidc/callback`);
    // The roles she may give come with the settings (she cannot list roles herself): the mapping names them.
    expect(screen.getByTestId('sso-role-mappings')).toHaveTextContent('PartnerAdmin');
  });

  it('lets a partner admin make a SCIM token, shown once in a dialog to copy', async () => {
    acmeSettings();
    signedInAs({ ...partnerClaims, role: ROLE_NAMES.partnerAdmin });
    const user = userEvent.setup();
    page('/sign-in-settings');
    const section = await screen.findByTestId('scim-tokens', {}, LOAD);
    await user.type(within(section).getByLabelText('Token name (which provider holds it)'), 'Entra ID');
    await user.click(within(section).getByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your new SCIM token' });
    expect(within(dialog).getByTestId('scim-token-value')).toHaveTextContent('scim_secret_shown_once');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await within(section).findByTestId('scim-token')).toHaveTextContent('Entra ID');
    expect(screen.queryByText('scim_secret_shown_once')).not.toBeInTheDocument();
  });

  it("gives staff the provider's form (the secret never shown, kept unless retyped) and the domain's confirmation", async () => {
    const sent = acmeSettings();
    signedInAs(adminClaims);
    const user = userEvent.setup();
    page(`/partners/${ACME}/sign-in`);
    const form = await screen.findByTestId('sso-provider-form', {}, LOAD);
    const secret = within(form).getByLabelText('Client secret');
    expect(secret).toHaveValue('');
    expect(form).toHaveTextContent('A secret is stored and never shown');
    const name = within(form).getByLabelText('Name shown on the sign-in page');
    await user.clear(name);
    await user.type(name, 'Acme Okta');
    await user.click(within(form).getByRole('button', { name: 'Save provider' }));
    await screen.findByDisplayValue('Acme Okta');
    expect(sent[0]).toEqual({
      path: 'provider',
      body: expect.objectContaining({
        kind: 'oidc',
        name: 'Acme Okta',
        oidcIssuer: 'https://login.acme.example/v2.0',
        oidcClientId: 'portal-client',
        enabled: true,
      }),
    });
    expect(sent[0].body).not.toHaveProperty('oidcClientSecret');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await within(screen.getByTestId('sso-domain-acme.example')).findByText('Verified')).toBeInTheDocument();
  });
});
