import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { mockApi } from '../../mocks/handlers';
import { server } from '../../mocks/server';
import { clearToasts } from '../../src/notifications/toastStore';
// The screen registry names its screens to the data and auth providers when it loads, as the app loads it first.
import '../../src/resources';

// No unit test reaches for a real hub: the app's realtime client gets the recording stand-in, connected on demand.
vi.mock('@microsoft/signalr', () => import('./realtime/fakeSignalr'));

// findBy… and waitFor wait for what they look for; on a loaded machine a render can take seconds, not one.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  mockApi.reset();
  clearToasts();
  localStorage.clear();
});
afterAll(() => server.close());

// jsdom does not scroll; the layout scrolls to top on every path change.
window.scrollTo = (() => undefined) as typeof window.scrollTo;

// jsdom has no PointerEvent: without it, pointer events lose their coordinates (toasts are dragged away).
if (!('PointerEvent' in window)) {
  class PointerEventWithCoordinates extends MouseEvent {
    readonly pointerId: number;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 0;
    }
  }
  Object.assign(window, { PointerEvent: PointerEventWithCoordinates });
}
