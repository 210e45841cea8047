// drizzle-kit reads a schema file's tables from its exports: here, the table of every declared resource
// (contract/resources/), so `npm run db:generate` writes their migrations. The server queries the same objects.
/* eslint-env node */
/* global module, require */
module.exports = require('../core/declared/tables.ts').declaredTables;
