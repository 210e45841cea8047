import { afterEach, describe, expect, it, vi } from 'vitest';
import { HubConnectionState } from '@microsoft/signalr';
import { eq } from 'drizzle-orm';
import { HUB_PATH, HUB_SIGN_IN_ENDED_CLOSE } from '../../contract/realtime';
import { permission } from '../../contract/permissions';
import { users } from '../../server/db/schema';
import { expectEnvelope } from './expectations';
import { useDemoServer } from './factories';
import { useHubClients } from './hubHarness';

/**
 * The API's guard and the hub ask one cache who a user is: one load serves both, and the event that says the
 * user changed drops it for both, so a change made while a user has the hub open holds on both ways in at once.
 */
const { server, token, make } = useDemoServer();
const connect = useHubClients(() => server.url);
const ADMIN = 'admin@example.com';
const SEARCH = permission('Partners', 'Search');

const search = (accessToken: string) => server.api('POST', '/api/v1/partners/search', { token: accessToken, body: {} });
const toggleStatus = async (userId: string) => expectEnvelope(await server.api('POST', `/api/v1/users/${userId}/toggle-status`, { token: token(ADMIN) }), 200);
const negotiate = (accessToken: string) =>
  fetch(`${server.url}${HUB_PATH}/negotiate?negotiateVersion=1`, { method: 'POST', headers: { authorization: `Bearer ${accessToken}` } });

afterEach(() => vi.useRealTimers());

describe('one principal for the API and the hub', () => {
  it('a user deactivated while connected to the hub is refused on the next hub call and the next HTTP request; reactivated, both let a new sign-in in', async () => {
    const user = await make.userWith([SEARCH]);
    const connection = await connect(user.token);
    expectEnvelope(await search(user.token), 200);
    const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));

    await toggleStatus(user.id);
    // The close the app leaves for the sign-in page on (an inactive account's close alone only stops the connection).
    expect((await closed)?.message).toContain(HUB_SIGN_IN_ENDED_CLOSE);
    await expect(connection.invoke('JoinTicket', 'T-1')).rejects.toThrow();
    expect(connection.state).toBe(HubConnectionState.Disconnected);
    expect((await negotiate(user.token)).status).toBe(401);
    expectEnvelope(await search(user.token), 401);

    // Reactivation lets the user sign in again; the sign-in the deactivation ended stays ended.
    await toggleStatus(user.id);
    expect((await negotiate(user.token)).status).toBe(401);
    const again = (await server.signIn(user.email, user.password)).token;
    expect((await negotiate(again)).status).toBe(200);
    expectEnvelope(await search(again), 200);
  });

  it('a user the hub loaded is not loaded again for their HTTP request, and the event of a change drops them for both', async () => {
    const user = await make.userWith([SEARCH]);
    const connection = await connect(user.token);
    // The cache's safety limit must not pass in between: only the event may drop what the hub loaded.
    vi.useFakeTimers({ toFake: ['Date'] });
    const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
    // Deactivated behind the server's back: no event, so whoever asks the cache still finds the user the hub loaded.
    await server.built.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expectEnvelope(await search(user.token), 200);

    await server.built.ctx.events.publish({ type: 'UserDeactivated', userId: user.id, partnerId: null });
    expectEnvelope(await search(user.token), 401);
    expect((await closed)?.message).toMatch(/account is no longer active/);
  });
});
