import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Tables written by hand, then the declared resources' (contract/resources/).
  schema: ['./server/db/schema.ts', './server/db/declaredTables.cjs'],
  out: './server/db/migrations',
});
