import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A PostgreSQL client or server program (`pg_dump`, `pg_restore`, `initdb`, ...) from PATH or the newest
 * /usr/lib/postgresql/<version>/bin (Debian's layout). Throws naming the package to install.
 */
export const findPostgresBinary = (name: string): string => {
  const onPath = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
  if (onPath) return onPath;
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    for (const version of readdirSync(root).sort().reverse()) {
      const candidate = join(root, version, 'bin', name);
      if (existsSync(candidate)) return candidate;
    }
  }
  throw new Error(`${name} not found: install the PostgreSQL programs (Debian: apt-get install postgresql-client-15, or postgresql-15)`);
};
