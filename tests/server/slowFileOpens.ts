import fs from 'node:fs';
import path from 'node:path';
import { vi } from 'vitest';

type Callback = (...args: unknown[]) => void;

/**
 * A slow disk under `dir`, for the server running in this process: the opening of a file there is held
 * until that file's removal has completed, the one order in which a refusal that does not wait for its
 * write to settle leaves a file behind (it is created after it was removed). A server that waits never
 * removes a file still opening, so the hold also ends after `patienceMs`: the disk is slow, not stuck.
 * `settled()` resolves once every held open has run. `restore()` puts the real disk back.
 */
export function slowFileOpensUnder(dir: string, patienceMs = 50) {
  const realOpen = fs.open.bind(fs) as unknown as (...args: unknown[]) => void;
  const realRm = fs.promises.rm.bind(fs.promises);
  const held = new Map<string, () => void>();
  const opened: Promise<void>[] = [];
  const inDir = (file: unknown) => typeof file === 'string' && path.dirname(path.resolve(file)) === path.resolve(dir);

  const open = vi.spyOn(fs, 'open').mockImplementation(((...args: unknown[]) => {
    if (!inDir(args[0])) return realOpen(...args);
    const callback = args.pop() as Callback;
    const file = path.resolve(args[0] as string);
    opened.push(
      new Promise<void>((done) => {
        const release = () => {
          held.delete(file);
          clearTimeout(patience);
          realOpen(...args, (...result: unknown[]) => {
            callback(...result);
            done();
          });
        };
        const patience = setTimeout(release, patienceMs);
        held.set(file, release);
      }),
    );
  }) as unknown as typeof fs.open);

  const rm = vi.spyOn(fs.promises, 'rm').mockImplementation(async (file, options) => {
    await realRm(file, options);
    held.get(path.resolve(String(file)))?.();
  });

  return {
    /** How many opens under `dir` were held so far: proves the slow path was taken. */
    heldCount: () => opened.length,
    settled: async () => {
      await Promise.all(opened);
    },
    restore: () => {
      open.mockRestore();
      rm.mockRestore();
    },
  };
}
