import { MEMORY_DATA_DIR, type Db } from './db';
import { openMigratedMemoryPglite } from './memory-template';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

export interface OpenDbOptions {
  /** PostgreSQL URL; when set, PGlite is not used. */
  databaseUrl?: string;
  /** PGlite directory or `memory://`. */
  dataDir: string;
  onPoolError?: (error: Error) => void;
  /**
   * Tests: a `memory://` database opens as a copy of an already migrated one (memory-template.ts): much
   * cheaper than initdb + migrations, and `migrate()` on it then applies nothing. No effect on a PGlite
   * directory or PostgreSQL.
   */
  memoryTemplate?: boolean;
}

export const openDb = ({ databaseUrl, dataDir, onPoolError, memoryTemplate }: OpenDbOptions): Promise<Db> => {
  if (databaseUrl) return openPostgres({ connectionString: databaseUrl, onError: onPoolError });
  if (memoryTemplate && dataDir === MEMORY_DATA_DIR) return openMigratedMemoryPglite();
  return openPglite(dataDir);
};
