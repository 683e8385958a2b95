// Global setup of the `postgres` test project: one throwaway PostgreSQL cluster for the run, with
// a migrated database each test's database is copied from (server/test/database.ts), and its URL
// provided to the tests.
import type { TestProject } from 'vitest/node';
import { createDb } from '../../db/client';
import { migrateToLatest } from '../../db/migrate';
import { startCluster } from '../../scripts/postgres/cluster';
import { createTemplateDatabase } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const cluster = await startCluster({ inMemory: true });
  try {
    const template = createDb(await createTemplateDatabase(cluster.url));
    try {
      await migrateToLatest(template);
    } finally {
      // A database cannot be copied while anyone is connected to it.
      await template.destroy();
    }
  } catch (err) {
    cluster.stop();
    throw err;
  }
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
