/**
 * The API server as a real OS process (`node --import tsx server/main.ts`, one process: its pid is the server's,
 * so `kill -9` hits the server itself, not a wrapper). Used by the benchmarks, the fault tests and the
 * multi-process tests. The process prints "App running at http://localhost:<port>" when it listens.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SERVER_ENTRIES } from '../support/server-entries';

export const ROOT = resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  name: string;
  child: ChildProcess;
  pid: number;
  /** http://127.0.0.1:<port> */
  url: string;
  /** Every line the process printed (stdout and stderr), for assertions on logs and for failure reports. */
  lines: string[];
}

/** SANDBOX_TOKEN of the servers the load kit and the tests start: the sandbox mailbox answers only with it (X-Sandbox-Token). */
export const SANDBOX_TEST_TOKEN = 'sandbox-test-token-not-a-secret';

/** Environment for a sandbox server: fast jobs and verification, no static files, quiet logs. Override per call. */
export const sandboxServerEnv = (extra: Record<string, string> = {}): Record<string, string> => ({
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  PORT: '0',
  STATIC_DIR: 'false',
  SANDBOX: 'true',
  SANDBOX_TOKEN: SANDBOX_TEST_TOKEN,
  LOG_LEVEL: 'warn',
  VERIFICATION_DELAY_SECONDS: '0',
  JOBS_POLL_MS: '50',
  JOBS_BACKOFF_BASE_MS: '50',
  CARD_ISSUER_SANDBOX_DELAY_MS: '0',
  ...extra,
});

/**
 * How to run one of the server's entry points (scripts/support/server-entries.ts: main, migrate, db-backup…) from
 * this repository: the compiled one in TEST_SERVER_BUILD when set (the fault runs build one: tests/faults/global-setup.ts),
 * else its TypeScript source under tsx. Node's arguments, to spawn with process.execPath and cwd ROOT.
 */
export const serverCommand = (name: keyof typeof SERVER_ENTRIES): string[] => {
  const build = process.env.TEST_SERVER_BUILD;
  return build ? [resolve(build, `${name}.js`)] : ['--import', 'tsx', SERVER_ENTRIES[name]];
};

/**
 * Starts the server (serverCommand('main'), or the compiled `entry`) with `env` on top of this process's environment and
 * resolves once it listens. With `cwd` (another checkout): that checkout's `server/main.ts` under tsx.
 * Rejects with the process output when it exits first (e.g. refused: data folder in use).
 */
export const startServerProcess = (
  name: string,
  env: Record<string, string>,
  {
    timeoutMs = 60_000,
    entry,
    nodeArgs = [],
    cwd = ROOT,
  }: {
    timeoutMs?: number;
    /** A compiled server (scripts/build-server.ts output) run with plain node. */ entry?: string;
    /** Node's own flags (e.g. --cpu-prof, which NODE_OPTIONS refuses). */ nodeArgs?: string[];
    /** Another checkout of the server (another release: tests/faults/upgrade.test.ts); default this repository. */ cwd?: string;
  } = {},
): Promise<ServerProcess> =>
  new Promise((resolvePromise, reject) => {
    const command = entry ? [entry] : cwd === ROOT ? serverCommand('main') : ['--import', 'tsx', 'server/main.ts'];
    const child = spawn(process.execPath, [...nodeArgs, ...command], {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: string[] = [];
    let buffered = '';
    let started = false;
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const parts = buffered.split('\n');
      buffered = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        const match = /^App running at http:\/\/localhost:(\d+)/.exec(line);
        if (match && !started) {
          started = true;
          resolvePromise({ name, child, pid: child.pid!, url: `http://127.0.0.1:${match[1]}`, lines });
        }
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code, signal) => {
      if (buffered) lines.push(buffered);
      if (!started) reject(new Error(`${name} exited (${signal ?? code}) before listening:\n${lines.join('\n')}`));
    });
    setTimeout(() => {
      if (started) return;
      child.kill('SIGKILL');
      reject(new Error(`${name} did not start within ${timeoutMs} ms:\n${lines.join('\n')}`));
    }, timeoutMs).unref();
  });

/** Resolves with the exit code (or signal) once the process has exited. */
export const exited = (server: ServerProcess): Promise<number | NodeJS.Signals> =>
  new Promise((resolvePromise) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      return resolvePromise(server.child.exitCode ?? server.child.signalCode!);
    }
    server.child.once('exit', (code, signal) => resolvePromise(code ?? signal!));
  });

/** SIGTERM (graceful stop); SIGKILL after `forceAfterMs`. */
export const stopServerProcess = async (server: ServerProcess, forceAfterMs = 15_000): Promise<void> => {
  const done = exited(server);
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const force = setTimeout(() => server.child.kill('SIGKILL'), forceAfterMs);
  server.child.kill('SIGTERM');
  await done;
  clearTimeout(force);
};

/** kill -9: no graceful stop, no cleanup; resolves once the process is gone. */
export const killServerProcess = async (server: ServerProcess): Promise<void> => {
  const done = exited(server);
  server.child.kill('SIGKILL');
  await done;
};

/** Resident memory of a live process in bytes (Linux /proc), or NaN. */
export const residentMemory = (pid: number): number => {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : NaN;
  } catch {
    return NaN;
  }
};

/**
 * Waits until the server at `url` has no queued or running background jobs, as its Prometheus metrics count them
 * (`jobs_queue_depth`): for a PGlite server, whose database nobody else can open while it runs.
 */
export const waitForIdleJobs = async (url: string, timeoutMs = 30_000): Promise<void> => {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const text = await (await fetch(`${url}/api/metrics`)).text();
    const inFlight = [...text.matchAll(/^jobs_queue_depth\{status="(?:queued|running)"[^}]*\} (\d+)/gm)].reduce((n, m) => n + Number(m[1]), 0);
    if (inFlight === 0) return;
    if (performance.now() > deadline) throw new Error(`${inFlight} jobs still queued or running after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
