import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Eight tests that write down the order they ran in, when shuffledOrder.test.ts runs this file alone with
 * SHUFFLE_PROBE_LOG set; in a run of the suite they do nothing.
 */
const log = process.env.SHUFFLE_PROBE_LOG;

describe.runIf(log)('the order of a shuffled run', () => {
  for (const name of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) {
    it(`writes down ${name}`, () => {
      fs.appendFileSync(log!, name);
      expect(fs.readFileSync(log!, 'utf8')).toContain(name);
    });
  }
});
