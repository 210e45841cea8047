import { describe, expect, it, vi } from 'vitest';
import { lazyModule, preloadLazyModules } from '../../server/core/lazyModules';

describe('a package loaded on first use', () => {
  it('is loaded once however many ask at once, and again after a failed load', async () => {
    let fail = true;
    const load = vi.fn(async () => {
      if (fail) throw new Error('not there yet');
      return { ready: true };
    });
    const get = lazyModule(load);
    await expect(Promise.all([get(), get()])).rejects.toThrow('not there yet');
    expect(load).toHaveBeenCalledTimes(1);
    fail = false;
    expect(await Promise.all([get(), get()])).toEqual([{ ready: true }, { ready: true }]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('is preloaded a while after the instance listens, one package after another', async () => {
    vi.useFakeTimers();
    try {
      const loadedAt: [string, number][] = [];
      const first = lazyModule(async () => void loadedAt.push(['first', Date.now()]));
      lazyModule(async () => void loadedAt.push(['second', Date.now()]));
      const listenedAt = Date.now();
      preloadLazyModules(1_000, 50);
      await vi.advanceTimersByTimeAsync(999);
      expect(loadedAt).toEqual([]);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(loadedAt.map(([name]) => name)).toEqual(['first', 'second']);
      expect(loadedAt[0][1] - listenedAt).toBeGreaterThanOrEqual(1_000);
      expect(loadedAt[1][1] - loadedAt[0][1]).toBeGreaterThanOrEqual(50);
      await first();
      expect(loadedAt).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
