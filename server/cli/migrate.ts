/**
 * `npm run migrate` (compiled: `node dist-server/migrate.js`; in development `npx tsx server/cli/migrate.ts`): applies
 * the pending migrations and exits, as its own deploy step before servers that run with MIGRATE_ON_START=off
 * (docs/deploy.md "Migrations"). Reads only the database variables (DATABASE_URL or DATA_DIR, NODE_ENV):
 * production's other settings are the servers' business. Exit 0 when the schema is up to date, 1 with the reason
 * otherwise (a changed applied migration, a failed statement, no database).
 */
import { loadDatabaseConfig } from '../config';
import { consoleMigrateOptions, migrate, migrationDirs } from '../db/migrate';
import { openDb } from '../db/open';

const main = async (): Promise<void> => {
  const config = loadDatabaseConfig(process.env);
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.dataDir}`;
    const applied = await migrate(db, migrationDirs({ sandbox: config.nodeEnv !== 'production' }), consoleMigrateOptions);
    console.log(`${where}: ${applied.length ? `applied ${applied.join(', ')}` : 'no migration to apply (up to date)'}`);
  } finally {
    await db.close();
  }
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
