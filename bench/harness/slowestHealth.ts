/** GET /api/health one after another until `done()`: the slowest answer, in ms (what a bystander waited meanwhile). */
export async function slowestHealth(url: string, done: () => boolean) {
  let slowest = 0;
  while (!done()) {
    const started = performance.now();
    await fetch(`${url}/api/health`).then((r) => r.arrayBuffer());
    slowest = Math.max(slowest, performance.now() - started);
  }
  return slowest;
}
