import { describe, expect, it } from 'vitest';
import { mappedInTurns, turnTaker } from '../../server/core/eventLoopTurns';

/** A busy loop's step that takes real time (no timers), so the turns have something to measure. */
function busy(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('long loops give the event loop a turn (issue 33)', () => {
  it('a mapping of many rows lets an answer waiting meanwhile go out before it ends, and keeps every row in order', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => i);
    const order: string[] = [];
    setImmediate(() => order.push('other request'));
    const slices: number[][] = [];
    for await (const slice of mappedInTurns(
      rows,
      (row) => {
        busy(1);
        return row * 2;
      },
      5,
    )) {
      slices.push(slice);
      order.push('slice');
    }
    expect(slices.flat()).toEqual(rows.map((row) => row * 2));
    expect(slices.length).toBeGreaterThan(1);
    expect(order.indexOf('other request')).toBeGreaterThan(0);
    expect(order.indexOf('other request')).toBeLessThan(order.length - 1);
  });

  it('a loop that takes its turns lets waiting work run before it ends; one that is quick keeps going', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('other request'));
    const takeTurnIfDue = turnTaker(5);
    for (let i = 0; i < 20; i++) {
      await takeTurnIfDue();
      busy(1);
      order.push(`step ${i}`);
    }
    expect(order.indexOf('other request')).toBeGreaterThan(0);
    expect(order.indexOf('other request')).toBeLessThan(order.length - 1);

    const quick: string[] = [];
    setImmediate(() => quick.push('other request'));
    const notDue = turnTaker(60_000);
    for (let i = 0; i < 3; i++) {
      await notDue();
      quick.push(`step ${i}`);
    }
    expect(quick).toEqual(['step 0', 'step 1', 'step 2']);
  });
});
