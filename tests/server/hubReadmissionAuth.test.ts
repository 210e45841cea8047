import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawHubSocket, startHubServer, type HubTestServer } from './hubHarness';

/**
 * Every WebSocket upgrade and poll bears the token its connection negotiated with, so after a restart each token is
 * checked twice in a moment; the second check may come from the verified tokens kept in jwt.ts. What it must still
 * refuse: another user's token, a forged one, and the same token once it has expired.
 */
let server: HubTestServer;
let acmeToken: string;
let globexToken: string;

beforeAll(async () => {
  server = await startHubServer();
  [acmeToken, globexToken] = await Promise.all([server.token('partner@acme.example'), server.token('partner@globex.example')]);
});
afterAll(() => server.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function negotiated(token: string) {
  const response = await fetch(`${server.hubUrl}/negotiate?negotiateVersion=1`, { method: 'POST', headers: bearer(token) });
  expect(response.status).toBe(200);
  return String(((await response.json()) as { connectionToken: string }).connectionToken);
}

/** The token with its signature's last characters changed: same claims, not signed by us. */
const forged = (token: string) => token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');

describe('a transport request after negotiate', () => {
  it('opens the WebSocket with the negotiating token, and refuses another user’s (403) or a forged one (401)', async () => {
    const id = await negotiated(acmeToken);
    await expect(RawHubSocket.open(server.hubUrl, `?id=${id}`, bearer(globexToken))).rejects.toThrow('HTTP 403');
    await expect(RawHubSocket.open(server.hubUrl, `?id=${id}`, bearer(forged(acmeToken)))).rejects.toThrow('HTTP 401');
    const socket = await RawHubSocket.open(server.hubUrl, `?id=${id}`, bearer(acmeToken));
    socket.close();
  });

  it('long polling: polls with the negotiating token pass, a forged one is refused even after them', async () => {
    const id = await negotiated(acmeToken);
    const poll = (token: string) => fetch(`${server.hubUrl}?id=${id}&_=${Date.now()}`, { headers: bearer(token) });
    expect((await poll(acmeToken)).status).toBe(200);
    expect((await poll(forged(acmeToken))).status).toBe(401);
    expect((await poll(globexToken)).status).toBe(403);
    expect((await fetch(`${server.hubUrl}?id=${id}`, { method: 'DELETE', headers: bearer(acmeToken) })).status).toBe(202);
  });

  it('a refreshed token of the same user is checked once, then taken; a forgery of it is still refused', async () => {
    const id = await negotiated(acmeToken);
    const refreshed = await server.shortLivedToken('partner@acme.example', 600);
    const poll = (token: string) => fetch(`${server.hubUrl}?id=${id}&_=${Date.now()}`, { headers: bearer(token) });
    expect((await poll(refreshed)).status).toBe(200);
    expect((await poll(forged(refreshed))).status).toBe(401);
    expect((await fetch(`${server.hubUrl}?id=${id}`, { method: 'DELETE', headers: bearer(refreshed) })).status).toBe(202);
  });

  it('the negotiating token is refused once it has expired, as a freshly checked one would be', async () => {
    // Expiry is whole seconds from now rounded down, so 1 could leave a few milliseconds: 2 leaves at least one.
    const shortLived = await server.shortLivedToken('partner@acme.example', 2);
    const id = await negotiated(shortLived);
    const { exp } = server.claims(shortLived);
    // Expiry is a matter of the clock: wait for it to pass.
    while (Date.now() < exp * 1000 + 50) await new Promise((resolve) => setTimeout(resolve, exp * 1000 + 50 - Date.now()));
    await expect(RawHubSocket.open(server.hubUrl, `?id=${id}`, bearer(shortLived))).rejects.toThrow('HTTP 401');
  });
});
