import http from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import Provider, { type ProviderContext } from 'oidc-provider';

/** A person the test provider signs in: their claims, and what the provider says of how they signed in. */
export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  groups?: string[];
  amr?: string[];
  acr?: string;
}

export interface TestClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
}

/** An RS256 signing key as the provider holds it (private) and as a test signs with it. */
export async function newSigningKey(kid: string): Promise<{ kid: string; jwk: JWK; privateKey: CryptoKey }> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { kid, jwk: { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' }, privateKey };
}

/**
 * A real OpenID provider (the certified oidc-provider) on a loopback port. Its login takes whoever the test named
 * with `nextLogin` (no form), or, with `loginPage`, oidc-provider's own login page where a person types the login
 * (an account's `sub`) of an account the test added; consent is given for the client's own scopes. `forgeTokens`
 * has its token endpoint answer an id_token of the test's making instead (a hostile provider, or a man in the middle
 * with its key).
 */
export async function startTestProvider(options: { loginPage?: boolean } = {}) {
  const clients: TestClient[] = [];
  const accounts = new Map<string, TestAccount>();
  let nextLogin: TestAccount | undefined;
  let forged: (() => Promise<Record<string, unknown> | 'hang up'>) | undefined;
  let keys = [await newSigningKey(`k-${Date.now()}`)];
  let provider: Provider | undefined;

  const server = http.createServer((req, res) => {
    void (async () => {
      const current = provider!;
      const path = new URL(req.url ?? '/', 'http://provider').pathname;
      if (req.method === 'POST' && path === '/token' && forged) {
        req.resume();
        const answer = await forged();
        if (answer === 'hang up') res.socket?.destroy();
        else res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(answer));
        return;
      }
      const interaction = !options.loginPage && path.match(/^\/interaction\/([^/]+)$/);
      if (interaction) {
        const details = await current.interactionDetails(req, res);
        const who = nextLogin;
        if (details.prompt.name !== 'login' || !who) {
          res.writeHead(400).end(`the test provider cannot answer the ${details.prompt.name} prompt`);
          return;
        }
        accounts.set(who.sub, who);
        await current.interactionFinished(req, res, { login: { accountId: who.sub, amr: who.amr, acr: who.acr } }, { mergeWithLastSubmission: false });
        return;
      }
      current.callback()(req, res);
    })().catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const build = () =>
    new Provider(issuer, {
      clients: clients.map((c) => ({
        client_id: c.clientId,
        client_secret: c.clientSecret,
        redirect_uris: [c.redirectUri],
        post_logout_redirect_uris: [c.postLogoutRedirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      })),
      jwks: { keys: keys.map((k) => k.jwk) },
      scopes: ['openid', 'email', 'profile', 'groups'],
      claims: {
        // amr and acr travel in every id_token, as Entra ID and Okta send them.
        openid: ['sub', 'amr', 'acr'],
        email: ['email', 'email_verified'],
        profile: ['given_name', 'family_name'],
        groups: ['groups'],
      },
      findAccount: (_ctx: unknown, sub: string) => {
        const account = accounts.get(sub);
        return account && { accountId: sub, claims: () => ({ ...account, amr: undefined, acr: undefined }) };
      },
      // The login page is oidc-provider's own (its devInteractions), at its own interaction address.
      ...(options.loginPage ? {} : { interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` } }),
      // Consent is the provider's business, not the portal's: every client gets the scopes it asks for.
      loadExistingGrant: async (ctx: ProviderContext) => {
        const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
        grant.addOIDCScope('openid email profile groups');
        await grant.save();
        return grant;
      },
      features: { devInteractions: { enabled: !!options.loginPage }, rpInitiatedLogout: { enabled: true } },
      cookies: { keys: ['test-provider-cookie-key'] },
      ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
    });
  provider = build();

  return {
    issuer,
    /** The private signing keys, newest first (the provider signs with the first). */
    get keys() {
      return keys;
    },
    /** Registers a client (the portal, as an operator does at the provider's console). */
    registerClient(registration: TestClient) {
      clients.push(registration);
      provider = build();
    },
    /** A person who can sign in on the login page (`loginPage`), typing their `sub` as the login. */
    addAccount(account: TestAccount) {
      accounts.set(account.sub, account);
    },
    /** The next login at the provider signs this person in. */
    nextLogin(account: TestAccount) {
      nextLogin = account;
    },
    /** From now on, the token endpoint answers what `answer` makes, or hangs up (null: the provider's own answers again). */
    forgeTokens(answer: (() => Promise<Record<string, unknown> | 'hang up'>) | null) {
      forged = answer ?? undefined;
    },
    /** A new signing key, used from now on; the old one stays published (a provider's rotation). */
    async rotateKey() {
      keys = [await newSigningKey(`k-${Date.now()}-rotated`), ...keys];
      provider = build();
    },
    /** An id_token of the test's making, signed with the provider's current key unless told otherwise. */
    async signIdToken(claims: Record<string, unknown>, key: { kid: string; privateKey: CryptoKey } = keys[0]) {
      return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: key.kid }).sign(key.privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestProvider = Awaited<ReturnType<typeof startTestProvider>>;

/**
 * A browser at the provider: opens the authorization address, follows the provider's redirects with its cookies
 * (login, then back to the authorization), and answers the address the provider sends the browser back to.
 */
export async function signInAtProvider(authorizationAddress: string, redirectPrefix: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let next = new URL(authorizationAddress);
  for (let hop = 0; hop < 10; hop += 1) {
    const response = await fetch(next, { redirect: 'manual', headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') } });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`the provider answered ${response.status} without a redirect: ${await response.text()}`);
    next = new URL(location, next);
    if (next.href.startsWith(redirectPrefix)) return next;
  }
  throw new Error('the provider never sent the browser back');
}
