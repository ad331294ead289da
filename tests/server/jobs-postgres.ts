/**
 * A real PostgreSQL for the tests that need several connections at once (concurrent workers, several
 * server processes). Under `npm run test:server:pg` it is the DATABASE_URL cluster (a fresh database in
 * it); under `npm run test:server` (PGlite) this starts a throwaway PostgreSQL cluster of its own
 * (scripts/load/postgres-cluster.ts), so those tests run in both modes and are never skipped. A file made only of such
 * tests does the same work in both runs: it is listed in fixed-database-files.ts, and runs once, in the PGlite run.
 */
import { startPostgresCluster } from '../../scripts/load/postgres-cluster';
import { createTestDatabase } from './harness';

/** A fresh database on a real PostgreSQL server; `drop()` removes it (and the throwaway cluster, if any). */
export const realPostgresDatabase = async (): Promise<{ databaseUrl: string; drop: () => Promise<void> }> => {
  if (process.env.DATABASE_URL) {
    const { databaseUrl, drop } = await createTestDatabase();
    return { databaseUrl: databaseUrl!, drop: async () => drop() };
  }
  const cluster = await startPostgresCluster({ name: 'jobs-postgres', maxConnections: 100 });
  return { databaseUrl: cluster.url, drop: async () => cluster.destroy() };
};
