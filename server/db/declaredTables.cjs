// drizzle-kit reads a schema file's tables from its exports: here, the table of every declared resource
// (contract/resources/), so `npm run db:generate` writes their migrations. The server queries the same objects.
/* global module, require */
// eslint-disable-next-line @typescript-eslint/no-require-imports
module.exports = require('../core/declared/tables.ts').declaredTables;
