import { afterEach } from 'vitest';

/**
 * Makes every `max-width` media query match, as a 375px phone would (MUI's `down('sm')`); jsdom has no
 * matchMedia, so without this the screens render as on a wide screen. Undone after each test.
 */
export function atPhoneWidth() {
  const stub = (query: string): MediaQueryList => ({
    matches: /max-width/.test(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
  window.matchMedia = stub;
}

afterEach(() => {
  delete (window as Partial<Window>).matchMedia;
});
