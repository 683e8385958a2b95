// Global setup of the `postgres` test project: one throwaway PostgreSQL cluster for the run, its
// URL provided to the tests (server/test/database.ts gives each test server a schema of its own).
import type { TestProject } from 'vitest/node';
import { startCluster } from '../../scripts/postgres/cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const cluster = await startCluster();
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
