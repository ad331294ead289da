/**
 * `npm run db:restore -- <file>` (compiled: `node dist-server/db-restore.js`): restores a backup made by
 * `npm run db:backup` into an EMPTY database (DATABASE_URL) or a new or empty folder (DATA_DIR), docs/deploy.md
 * "Backup and restore". A database with tables or a folder with files is refused: a restore never mixes with data.
 * Then start the servers on it (the release's migrations apply on top, as after any upgrade).
 */
import { resolve } from 'node:path';
import { loadDatabaseConfig } from '../config';
import { restorePglite, restorePostgres } from '../db/backup';

const main = async (): Promise<void> => {
  const given = process.argv[2];
  if (!given) throw new Error('Usage: npm run db:restore -- <backup file>');
  const file = resolve(given);
  const config = loadDatabaseConfig(process.env);
  if (config.databaseUrl) await restorePostgres(config.databaseUrl, file);
  else if (config.dataDir === 'memory://') throw new Error('DATA_DIR=memory:// cannot hold a restored database');
  else await restorePglite(config.dataDir, file);
  console.log(`restored ${file} into ${config.databaseUrl ? 'the PostgreSQL database of DATABASE_URL' : config.dataDir}`);
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
