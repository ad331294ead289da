/**
 * Runs a command against a throwaway PostgreSQL 15 cluster:
 *   tsx scripts/with-postgres.ts -- vitest run --project server
 * initdb in a temp dir, start on a free 127.0.0.1 port, run the command with DATABASE_URL set,
 * then stop the cluster, delete it, and exit with the command's code. PostgreSQL refuses to run as
 * root, so as root the cluster runs as the `postgres` user (or `nobody`) via runuser.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const separator = process.argv.indexOf('--');
const command = separator >= 0 ? process.argv.slice(separator + 1) : [];
if (!command.length || !command[0]) {
  console.error('Usage: tsx scripts/with-postgres.ts -- <command> [args...]');
  process.exit(2);
}

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
  throw new Error(`${name} not found: install PostgreSQL server binaries (e.g. apt-get install postgresql-15)`);
};

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

/** As root, run PostgreSQL tools as an unprivileged user. */
const runAsUser = (): { name: string; uid: number; gid: number } | null => {
  if (process.getuid?.() !== 0) return null;
  for (const name of ['postgres', 'nobody']) {
    const id = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    if (id.status === 0) {
      const gid = Number(spawnSync('id', ['-g', name], { encoding: 'utf8' }).stdout.trim());
      return { name, uid: Number(id.stdout.trim()), gid };
    }
  }
  throw new Error('Running as root and neither a "postgres" nor a "nobody" user exists to run PostgreSQL.');
};

const main = async (): Promise<number> => {
  const initdb = findBinary('initdb');
  const pgCtl = findBinary('pg_ctl');
  const user = runAsUser();
  const baseDir = mkdtempSync(join(tmpdir(), 'with-postgres-'));
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
  let started = false;
  const stop = () => {
    if (started) {
      started = false;
      try {
        tool(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      } catch (error) {
        console.error('[with-postgres] could not stop the cluster:', error);
      }
    }
    rmSync(baseDir, { recursive: true, force: true });
  };
  try {
    tool(initdb, ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
    tool(pgCtl, [
      '-D', dataDir, '-l', logFile, '-w', '-t', '60',
      '-o', `-p ${port} -c listen_addresses=127.0.0.1 -k ${baseDir} -c fsync=off -c max_connections=200`,
      'start',
    ]);
    started = true;
  } catch (error) {
    console.error(`[with-postgres] could not start PostgreSQL (log: ${logFile})`);
    stop();
    throw error;
  }
  const databaseUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  console.log(`[with-postgres] PostgreSQL on 127.0.0.1:${port}; running: ${command.join(' ')}`);
  const child = spawn(command[0]!, command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: databaseUrl },
    shell: process.platform === 'win32',
  });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  const code = await new Promise<number>((resolve) => {
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 128 + 1 : 1)));
    child.on('error', (error) => {
      console.error(`[with-postgres] could not run ${command[0]}:`, error.message);
      resolve(127);
    });
  });
  stop();
  return code;
};

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
