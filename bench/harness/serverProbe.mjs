// Loaded into a bench's compiled server (`node --expose-gc --import bench/harness/serverProbe.mjs dist-server/main.js`)
// so the bench reads what only the server's own process knows, over the IPC channel: its event loop's longest delay
// (what any other request waited for at most) and its memory once garbage is collected. Plain JavaScript: the server
// it is loaded into runs without tsx.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import process from 'node:process';
import { setTimeout as wait } from 'node:timers/promises';

const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();

const answers = {
  resetLoop() {
    loop.reset();
  },
  loopMaxMs() {
    return loop.max / 1e6;
  },
  memoryAfterGc() {
    globalThis.gc?.();
    return process.memoryUsage();
  },
  async settledMemory() {
    for (let round = 0; round < 3; round++) {
      globalThis.gc?.();
      await wait(200);
    }
    return process.memoryUsage();
  },
};

process.on('message', async (message) => {
  const answer = message && answers[message.benchProbe];
  if (!answer) return;
  process.send?.({ id: message.id, value: await answer() });
});
// The channel must not keep the server alive once it means to exit.
process.channel?.unref();
