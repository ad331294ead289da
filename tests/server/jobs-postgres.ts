/**
 * A real PostgreSQL for the tests that need several connections at once (concurrent workers, several
 * server processes). Under `npm run test:server:pg` it is the DATABASE_URL cluster (a fresh database in
 * it); under `npm run test:server` (PGlite) this starts a throwaway PostgreSQL 15 cluster of its own,
 * the way scripts/with-postgres.ts does, so those tests run in both modes and are never skipped.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from './harness';

const findBinary = (name: string): string => {
  const onPath = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
  if (onPath) return onPath;
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    for (const version of readdirSync(root).sort().reverse()) {
      const candidate = join(root, version, 'bin', name);
      if (existsSync(candidate)) return candidate;
    }
  }
  throw new Error(`${name} not found: install the PostgreSQL server binaries (apt-get install postgresql-15)`);
};

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

const unprivilegedUser = (): { name: string; uid: number; gid: number } | null => {
  if (process.getuid?.() !== 0) return null;
  for (const name of ['postgres', 'nobody']) {
    const id = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    if (id.status === 0) return { name, uid: Number(id.stdout.trim()), gid: Number(spawnSync('id', ['-g', name], { encoding: 'utf8' }).stdout.trim()) };
  }
  throw new Error('Running as root and neither a "postgres" nor a "nobody" user exists to run PostgreSQL.');
};

const startCluster = async (): Promise<{ url: string; stop: () => void }> => {
  const initdb = findBinary('initdb');
  const pgCtl = findBinary('pg_ctl');
  const user = unprivilegedUser();
  const baseDir = mkdtempSync(join(tmpdir(), 'jobs-postgres-'));
  const dataDir = join(baseDir, 'data');
  if (user) {
    chownSync(baseDir, user.uid, user.gid);
    chmodSync(baseDir, 0o700);
  }
  const tool = (binary: string, args: string[]) => {
    const [file, fullArgs] = user ? ['runuser', ['-u', user.name, '--', binary, ...args]] : [binary, args];
    execFileSync(file, fullArgs, { stdio: ['ignore', 'ignore', 'pipe'], cwd: baseDir });
  };
  const port = await freePort();
  tool(initdb, ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
  tool(pgCtl, ['-D', dataDir, '-l', join(baseDir, 'postgres.log'), '-w', '-t', '60', '-o', `-p ${port} -c listen_addresses=127.0.0.1 -k ${baseDir} -c fsync=off -c max_connections=100`, 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      try {
        tool(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(baseDir, { recursive: true, force: true });
      }
    },
  };
};

/** A fresh database on a real PostgreSQL server; `drop()` removes it (and the throwaway cluster, if any). */
export const realPostgresDatabase = async (): Promise<{ databaseUrl: string; drop: () => Promise<void> }> => {
  if (process.env.DATABASE_URL) {
    const { databaseUrl, drop } = await createTestDatabase();
    return { databaseUrl: databaseUrl!, drop };
  }
  const cluster = await startCluster();
  return { databaseUrl: cluster.url, drop: async () => cluster.stop() };
};
