/**
 * When each part of a start ended, in ms since the process began (the last start's, when the start was retried):
 * the ready line says what each part took, so an operator and bench:startup see where a slow start goes.
 */
const ends = new Map<string, number>();

export const markStartPhase = (phase: string) => void ends.set(phase, performance.now());

/** "modules 420 ms, database 380 ms, …" in the order the parts ended. */
export function startPhasesLine(): string {
  let previous = 0;
  return [...ends]
    .sort(([, a], [, b]) => a - b)
    .map(([phase, end]) => {
      const took = end - previous;
      previous = end;
      return `${phase} ${Math.round(took)} ms`;
    })
    .join(', ');
}
