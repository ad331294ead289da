/**
 * Runs a command against a throwaway PostgreSQL 15 cluster:
 *   tsx scripts/with-postgres.ts -- vitest run --project server
 * initdb in a temp dir, start on a free 127.0.0.1 port (scripts/load/postgres-cluster.ts), run the command with
 * DATABASE_URL set (and TEST_DATABASE_REUSE=1: nothing in the cluster outlives the run), then stop the cluster, delete
 * it, and exit with the command's code.
 */
import { spawn } from 'node:child_process';
import { startPostgresCluster } from './load/postgres-cluster';

const separator = process.argv.indexOf('--');
const command = separator >= 0 ? process.argv.slice(separator + 1) : [];
if (!command.length || !command[0]) {
  console.error('Usage: tsx scripts/with-postgres.ts -- <command> [args...]');
  process.exit(2);
}

const main = async (): Promise<number> => {
  const cluster = await startPostgresCluster({ name: 'with-postgres' });
  console.log(`[with-postgres] PostgreSQL on 127.0.0.1:${cluster.port}; running: ${command.join(' ')}`);
  const child = spawn(command[0]!, command.slice(1), {
    stdio: 'inherit',
    // The cluster is deleted after the run: test databases may be reused between tests (tests/server/harness.ts).
    env: { ...process.env, DATABASE_URL: cluster.url, TEST_DATABASE_REUSE: '1' },
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
  cluster.destroy();
  return code;
};

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
