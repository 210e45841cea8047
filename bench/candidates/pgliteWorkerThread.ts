// The worker side of candidate 2: owns PGlite and answers the queries the main thread posts, in arrival order
// (PGlite is one session, so queries queue here, off the main thread).
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../server/db/client';
import type { FromWorker, ToWorker } from './pgliteWorker';

const port = parentPort!;
const database = await openDatabase({ pgliteDir: (workerData as { dataDir: string }).dataDir });
const client = (database.db as unknown as { $client: PGlite }).$client;

port.on('message', async (message: ToWorker) => {
  if (message.type === 'close') {
    await database.close();
    port.postMessage({ type: 'closed' } satisfies FromWorker);
    port.close();
    return;
  }
  try {
    const { rows } = await client.query(message.sql, message.params);
    port.postMessage({ type: 'rows', id: message.id, rows } satisfies FromWorker);
  } catch (error) {
    port.postMessage({ type: 'error', id: message.id, message: (error as Error).message } satisfies FromWorker);
  }
});
port.postMessage({ type: 'ready' } satisfies FromWorker);
