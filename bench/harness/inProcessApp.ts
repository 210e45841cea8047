// The benches that measure the server from inside (bench:writes counts the statements a request sends on the pool,
// bench:events times ctx.events.publish on two instances) run the app in their own process. Their cleanup, however
// the bench ends: the app closed, the embedded cluster it started stopped (pg_ctl detaches its postmaster, which a
// bench that dies would leave running), the folder removed.
import fs from 'node:fs';
import type { BuiltApp } from '../../server/app';
import { onCleanup } from './cleanup';
import { postmasterOf, stopLeftCluster } from './serverProcess';

/** Registers the app's close and its folder's removal with the bench's cleanup; the returned function runs them now. */
export function closeWithBench(name: string, built: BuiltApp, dataDir: string): () => Promise<void> {
  return onCleanup(
    name,
    async () => {
      const lingering = setTimeout(() => built.app.server.closeAllConnections(), 2000);
      await built.app.close().catch((error: unknown) => console.error(`closing ${name}:`, error));
      clearTimeout(lingering);
      await stopLeftCluster(dataDir);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    () => {
      const postmaster = postmasterOf(dataDir);
      if (postmaster) process.kill(postmaster, 'SIGQUIT');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  );
}
