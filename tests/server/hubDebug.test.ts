import { it } from 'vitest';
import { HttpTransportType } from '@microsoft/signalr';
import { startHubServer } from './hubHarness';

it.each([['ws', HttpTransportType.WebSockets], ['sse', HttpTransportType.ServerSentEvents], ['lp', HttpTransportType.LongPolling]])('debug close %s', async (_n, transport) => {
  const server = await startHubServer();
  const token = await server.token('partner@acme.example');
  const c = server.client(transport, () => token);
  await c.start();
  await server.stopClients();
  const t0 = Date.now();
  console.log('stopped clients', server.realtime.stats());
  await Promise.race([server.close(), new Promise(r => setTimeout(r, 5000))]);
  console.log('close took', Date.now() - t0);
}, 30000);
