import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../server/app';
import { embeddedPostgresUrl, startEmbeddedPostgres } from '../../server/db/embeddedPostgres';
import { testConfig } from './harness';
import { queryOnce } from '../../server/db/embeddedPostgresProbe';
import { databaseUrlOn, type TestDatabases } from './testDatabases';

/** The test run's cluster holds nothing worth a crash's recovery: durability off, room for many servers' pools. */
const TEST_CLUSTER_SETTINGS = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: 400 };

/**
 * Once per run of the server suite: one PostgreSQL for every test file (the embedded one that `npm start` runs,
 * or TEST_DATABASE_URL's server), and a template database migrated and seeded with the demo data, beside a data
 * folder holding the seed's files. Each test server's database is a copy of the template (CREATE DATABASE …
 * TEMPLATE), so no file migrates or seeds on its own.
 */
export default async function setup(project: TestProject) {
  // A run of tests that need no database (shuffledOrder.test.ts's probe runs) skips making one.
  if (process.env.PP_TEST_WITHOUT_DATABASE) return;
  const started = performance.now();
  const clusterDir = process.env.TEST_DATABASE_URL ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'pp-test-cluster-'));
  const cluster = clusterDir ? await startEmbeddedPostgres({ dataDir: clusterDir, settings: TEST_CLUSTER_SETTINGS }) : undefined;
  const adminUrl = process.env.TEST_DATABASE_URL || embeddedPostgresUrl(clusterDir!, 'postgres');

  // Named per run: two runs on one TEST_DATABASE_URL server keep their own template.
  const template = `pp_template_${process.pid}`;
  const templateDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-test-template-'));
  await queryOnce(adminUrl, `drop database if exists ${template} with (force)`);
  await queryOnce(adminUrl, `create database ${template}`);
  const built = await buildApp(testConfig(templateDataDir, databaseUrlOn(adminUrl, template)), { logger: false });
  await built.app.close();
  // The template's files are copied to each server's data folder; its outbox and secret are that server's own.
  fs.rmSync(path.join(templateDataDir, 'outbox'), { recursive: true, force: true });
  fs.rmSync(path.join(templateDataDir, 'jwt-secret'), { force: true });

  const databases: TestDatabases = { adminUrl, template, templateDataDir, engine: cluster ? 'embedded' : 'postgres' };
  project.provide('testDatabases', databases);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Server tests on ${cluster ? `the embedded PostgreSQL in ${clusterDir}` : 'TEST_DATABASE_URL'}, demo template ready in ${seconds} s`);

  return async () => {
    await queryOnce(adminUrl, `drop database if exists ${template} with (force)`).catch(() => {});
    await cluster?.close();
    for (const dir of [clusterDir, templateDataDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
}
