/**
 * `npm run db:backup [-- <file>]` (compiled: `node dist-server/db-backup.js`): a consistent backup of the database the
 * server uses (DATABASE_URL, else the embedded one in DATA_DIR), docs/deploy.md "Backup and restore". Default file:
 * `backups/<database kind>-<UTC time>.dump` (PostgreSQL, pg_dump's custom format) or `.tar.gz` (embedded; its server
 * stopped). Prints the file and the backup's point: every operation acknowledged before it is in the backup.
 */
import { resolve } from 'node:path';
import { loadDatabaseConfig } from '../config';
import { backupPglite, backupPostgres } from '../db/backup';

const main = async (): Promise<void> => {
  const config = loadDatabaseConfig(process.env);
  if (config.dataDir === 'memory://' && !config.databaseUrl) throw new Error('DATA_DIR=memory:// holds nothing to back up');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = resolve(process.argv[2] ?? `backups/${config.databaseUrl ? 'postgres' : 'embedded'}-${stamp}.${config.databaseUrl ? 'dump' : 'tar.gz'}`);
  const result = config.databaseUrl ? await backupPostgres(config.databaseUrl, file) : await backupPglite(config.dataDir, file);
  console.log(`backup: ${result.file} (${result.kind === 'postgres' ? 'PostgreSQL' : 'embedded database'}), consistent as of ${result.point.toISOString()}`);
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
