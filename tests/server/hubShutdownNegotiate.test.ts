import { describe, expect, it } from 'vitest';
import { HUB_PATH } from '../../contract/realtime';
import { startServer } from './harness';
import { RawLongPolling } from './hubHarness';

describe('a restart seen by a reconnecting client', () => {
  it('a negotiate while the server shuts down is told to come back (503, "restarting"), not that something broke', async () => {
    const app = await startServer();
    let closed = false;
    try {
      const { token } = await app.signIn('partner@acme.example');
      // A held long poll keeps the closing server answering until it takes its Close.
      const held = await RawLongPolling.connect(`${app.url}${HUB_PATH}`, token);
      const closing = app.built.app.close().then(() => (closed = true));
      const answer = await app.api('POST', `${HUB_PATH}/negotiate?negotiateVersion=1`, { token });
      expect([answer.status, answer.body.message]).toEqual([503, 'The server is restarting: try again in a moment']);
      await held.poll();
      await closing;
    } finally {
      if (!closed) await app.built.app.close();
      await app.close();
    }
  });
});
