/**
 * What a benchmark must undo however it ends (normal end, a thrown error, an error in a callback, Ctrl-C, a kill):
 * servers, clients, embedded PostgreSQL clusters, databases, folders. Undone in reverse order, each once; a failing
 * step does not keep the others from running. Every bench runs its body through `runBench`.
 */
type Undo = () => Promise<void> | void;

interface Step {
  name: string;
  undo: Undo;
  /** What can still be done synchronously when the process exits without the cleanup having run (process.exit). */
  lastResort?: () => void;
}

const steps: Step[] = [];
let running: Promise<void> | null = null;

/**
 * Registers `undo`; the returned function runs it now (and forgets it). `lastResort` is synchronous: it runs if the
 * process exits before `undo` could (a kill of what is left, a folder removed).
 */
export function onCleanup(name: string, undo: Undo, lastResort?: () => void): () => Promise<void> {
  const step: Step = { name, undo, lastResort };
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
  })().finally(() => {
    running = null;
  });
  return running;
}

let stopping = false;
let installed = false;

/** Whether a signal or an uncaught error is ending the run (what fails then is the cleanup pulling things away). */
export const interrupted = () => stopping;

function stopOn(why: string, code: number) {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  console.error(`\n${why}: stopping what the bench started…`);
  void cleanupAll().finally(() => process.exit(code));
}

/**
 * Ctrl-C, a kill, an error thrown in a callback or a rejection nobody awaited: everything undone, then the process
 * ends (with the signal's usual code, or 1). Signals are listened to for good, not once: Ctrl-C reaches this process
 * twice (from the terminal and relayed by tsx's wrapper), and a second signal without a listener would end it in the
 * middle of its cleanup. On `exit` with steps left (someone called process.exit), their last resorts run.
 */
export function cleanupOnSignals() {
  if (installed) return;
  installed = true;
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const) {
    process.on(signal, () => stopOn(signal, code));
  }
  process.on('uncaughtException', (error) => {
    console.error(error);
    stopOn('uncaught error', 1);
  });
  process.on('unhandledRejection', (error) => {
    console.error(error);
    stopOn('unhandled rejection', 1);
  });
  process.on('exit', () => {
    for (const step of steps.splice(0).reverse()) {
      try {
        step.lastResort?.();
      } catch {
        /* exiting: nothing else can be done */
      }
    }
  });
}

/**
 * A bench's body, run with the cleanup armed: an error is printed and makes the exit code 1; however it ends,
 * everything registered is undone and the process exits (an open socket or timer left by a client does not keep it).
 */
export async function runBench(body: () => Promise<void>): Promise<never> {
  cleanupOnSignals();
  try {
    await body();
  } catch (error) {
    if (!interrupted()) console.error(error);
    process.exitCode = 1;
  } finally {
    await cleanupAll();
  }
  process.exit(process.exitCode ?? 0);
}
