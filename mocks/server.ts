import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** The MSW server of the browser-side tests (tests/unit/setup.ts starts it). */
export const server = setupServer(...handlers);
