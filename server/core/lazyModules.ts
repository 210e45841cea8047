/**
 * Packages that only some requests use (passkeys' WebAuthn, inbound mail's IMAP client and parser) load on first use
 * instead of at start: importing them took a third of the start's module phase (@simplewebauthn/server alone ~200 ms).
 * Once an instance listens they are loaded one after another in the background (preloadLazyModules), so the first
 * passkey sign-in does not wait for its package nor stall the others' requests.
 */
const loaders: (() => Promise<unknown>)[] = [];

export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  // A failed load (a file missing mid-deploy) is tried again at the next use instead of failing every later one.
  const get = () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));
  loaders.push(get);
  return get;
}

/** Loads every lazy package, one at a time with a pause between, after `afterMs`; failures are left to their first use. */
export function preloadLazyModules(afterMs = 1_000, pauseMs = 50) {
  const next = (index: number) => {
    const load = loaders[index];
    if (!load) return;
    load().then(
      () => setTimeout(() => next(index + 1), pauseMs).unref(),
      () => setTimeout(() => next(index + 1), pauseMs).unref(),
    );
  };
  setTimeout(() => next(0), afterMs).unref();
}
