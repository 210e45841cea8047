/**
 * What the benchmark must undo however it ends (normal end, failure, Ctrl-C): servers, databases, folders.
 * Undone in reverse order, each once; a failing step does not keep the others from running.
 */
type Undo = () => Promise<void> | void;

const steps: { name: string; undo: Undo }[] = [];
let running: Promise<void> | null = null;

/** Registers `undo`; the returned function runs it now (and forgets it). */
export function onCleanup(name: string, undo: Undo): () => Promise<void> {
  const step = { name, undo };
  steps.push(step);
  return async () => {
    const at = steps.indexOf(step);
    if (at < 0) return;
    steps.splice(at, 1);
    await step.undo();
  };
}

export function cleanupAll(): Promise<void> {
  running ??= (async () => {
    while (steps.length) {
      const step = steps.pop()!;
      try {
        await step.undo();
      } catch (error) {
        console.error(`cleanup of ${step.name} failed:`, error);
      }
    }
  })();
  return running;
}

/**
 * Ctrl-C or a kill: everything undone, then the process ends with the signal's usual code. Listened to for good, not
 * once: Ctrl-C reaches this process twice (from the terminal and relayed by tsx's wrapper), and a second signal
 * without a listener would end it in the middle of its cleanup.
 */
let stopping = false;

/** Whether a signal is ending the run (what fails then is the cleanup pulling things away, not worth printing). */
export const interrupted = () => stopping;

export function cleanupOnSignals() {
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.error(`\n${signal}: stopping the servers and dropping the databases…`);
      void cleanupAll().finally(() => process.exit(code));
    });
  }
}
