// Runs the API server in this very process (TypeScript through tsx): no parent relaying signals, so a
// SIGTERM or Ctrl+C, whether sent to this process or to its whole group, reaches the server once.
import { register } from 'tsx/esm/api';

register();
await import('../server/main.ts');
