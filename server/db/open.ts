import type { Db } from './db';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

export interface OpenDbOptions {
  /** PostgreSQL URL; when set, PGlite is not used. */
  databaseUrl?: string;
  /** PGlite directory or `memory://`. */
  dataDir: string;
  onPoolError?: (error: Error) => void;
}

export const openDb = ({ databaseUrl, dataDir, onPoolError }: OpenDbOptions): Promise<Db> =>
  databaseUrl ? openPostgres({ connectionString: databaseUrl, onError: onPoolError }) : openPglite(dataDir);
