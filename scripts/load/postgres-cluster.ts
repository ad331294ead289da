/**
 * A throwaway PostgreSQL cluster on loopback: initdb in a temp dir, start on a free port, and stop, restart or
 * destroy it. Used by scripts/with-postgres.ts (the PostgreSQL test run), the fault tests (which restart it under
 * load) and the benchmarks. PostgreSQL refuses to run as root, so as root the cluster runs as the `postgres` user
 * (or `nobody`) through runuser. Needs the server binaries (Debian: apt-get install postgresql-15).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { findPostgresBinary } from '../../server/db/postgres-tools';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export { findPostgresBinary } from '../../server/db/postgres-tools';

/** A TCP port nobody listens on right now (127.0.0.1). */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** As root, the unprivileged user that runs the PostgreSQL tools; otherwise null (run them as ourselves). */
const unprivilegedUser = (): { name: string; uid: number; gid: number } | null => {
  if (process.getuid?.() !== 0) return null;
  for (const name of ['postgres', 'nobody']) {
    const id = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    if (id.status === 0) {
      return { name, uid: Number(id.stdout.trim()), gid: Number(spawnSync('id', ['-g', name], { encoding: 'utf8' }).stdout.trim()) };
    }
  }
  throw new Error('Running as root and neither a "postgres" nor a "nobody" user exists to run PostgreSQL.');
};

export type ShutdownMode = 'smart' | 'fast' | 'immediate';

export interface PostgresCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust auth, loopback only). */
  url: string;
  port: number;
  /** The server log (read it when something fails). */
  logFile: string;
  /** Stops the server (`pg_ctl stop -m <mode>`, default fast); the data stays for `start()`. */
  stop(mode?: ShutdownMode): void;
  /** Starts the stopped server again on the same port and data. */
  start(): void;
  /** Stops the server if it runs and deletes the cluster. */
  destroy(): void;
}

export interface ClusterOptions {
  maxConnections?: number;
  /** Prefix of the temp directory name. */
  name?: string;
  /** More server settings, `name=value` each (e.g. shared_preload_libraries=pg_stat_statements). */
  settings?: string[];
}

/** initdb + start. `fsync=off`: a throwaway cluster for tests and benchmarks, not for data that must survive. */
export const startPostgresCluster = async ({ maxConnections = 200, name = 'postgres', settings = [] }: ClusterOptions = {}): Promise<PostgresCluster> => {
  const initdb = findPostgresBinary('initdb');
  const pgCtl = findPostgresBinary('pg_ctl');
  const user = unprivilegedUser();
  const baseDir = mkdtempSync(join(tmpdir(), `${name}-`));
  const dataDir = join(baseDir, 'data');
  const logFile = join(baseDir, 'postgres.log');
  if (user) {
    chownSync(baseDir, user.uid, user.gid);
    chmodSync(baseDir, 0o700);
  }
  const tool = (binary: string, args: string[]) => {
    const [file, fullArgs] = user ? ['runuser', ['-u', user.name, '--', binary, ...args]] : [binary, args];
    execFileSync(file, fullArgs, { stdio: ['ignore', 'ignore', 'inherit'], cwd: baseDir });
  };
  const port = await freePort();
  let running = false;
  const start = () => {
    tool(pgCtl, [
      '-D', dataDir, '-l', logFile, '-w', '-t', '60',
      '-o', `-p ${port} -c listen_addresses=127.0.0.1 -k ${baseDir} -c fsync=off -c max_connections=${maxConnections}${settings.map((setting) => ` -c ${setting}`).join('')}`,
      'start',
    ]);
    running = true;
  };
  const stop = (mode: ShutdownMode = 'fast') => {
    if (!running) return;
    tool(pgCtl, ['-D', dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
    running = false;
  };
  try {
    tool(initdb, ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
    start();
  } catch (error) {
    rmSync(baseDir, { recursive: true, force: true });
    throw new Error(`could not start PostgreSQL (log: ${logFile}): ${(error as Error).message}`);
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    logFile,
    stop,
    start,
    destroy() {
      try {
        stop('immediate');
      } catch (error) {
        console.error('[postgres-cluster] could not stop the cluster:', error);
      } finally {
        rmSync(baseDir, { recursive: true, force: true });
      }
    },
  };
};

/**
 * A new database with a random name (`<prefix>_<hex>`) on the server at `adminUrl`: empty, or a copy of `template` (a
 * database on the same server that nobody is connected to); `drop()` removes it (also while connections are open).
 * Tests and benchmarks use one per run so that they share nothing.
 */
export const createDatabase = async (adminUrl: string, prefix: string, template?: string): Promise<{ url: string; drop: () => Promise<void> }> => {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
};
