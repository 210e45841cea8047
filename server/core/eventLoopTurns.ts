/**
 * Long loops on the server's one thread (issue 33): no single request may hold the event loop over 100 ms, so work
 * over thousands of rows gives the loop a turn every few milliseconds and other requests are answered meanwhile.
 */

/** How long a loop runs before it lets the event loop through. */
export const TURN_MS = 8;

/** Resolves after the event loop has handled what was waiting (I/O, timers). */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A check to call in a long loop: it waits for the next turn once `budgetMs` have passed since the last one. */
export function turnTaker(budgetMs = TURN_MS) {
  let since = performance.now();
  return async function takeTurnIfDue() {
    if (performance.now() - since < budgetMs) return;
    await nextTurn();
    since = performance.now();
  };
}

/** `items` mapped by `toItem`, in slices of at most `budgetMs` of work each, with a turn of the event loop between them. */
export async function* mappedInTurns<R, T>(items: readonly R[], toItem: (item: R) => T, budgetMs = TURN_MS): AsyncGenerator<T[]> {
  let slice: T[] = [];
  let since = performance.now();
  for (const item of items) {
    slice.push(toItem(item));
    if (performance.now() - since >= budgetMs) {
      yield slice;
      slice = [];
      await nextTurn();
      since = performance.now();
    }
  }
  if (slice.length) yield slice;
}
