/**
 * The load generator of `npm run bench:table`: autocannon (npm), in a process of its own so that its CPU is counted
 * apart from the server it loads (the parent reads it from the child's answer). The same generator drives the app, the
 * bare Fastify + pg baseline and the money writes, so their rates compare.
 *
 * Each connection i sends targets[i % targets.length] in a closed loop (its next request once the answer is in), over
 * one keep-alive connection. The app's per-IP limit (600 requests/min) must not throttle a benchmark, and autocannon
 * cannot pick a source address, so each connection says where it comes from with `X-Forwarded-For` (the server runs
 * with TRUST_PROXY=1, as behind its reverse proxy) and moves to a fresh address every ADDRESS_BUDGET requests; the
 * limiter still counts every request. A target marked `idempotent` gets a fresh Idempotency-Key per request (autocannon
 * then builds each request anew, the one per-request cost it adds).
 *
 *   const result = await runCannon({ base, targets: [{ path: '/api/wallet', headers }], connections: 32, seconds: 5 });
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { ROOT } from './server-process';

export interface CannonTarget {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** A fresh Idempotency-Key on every request. */
  idempotent?: boolean;
}

export interface CannonOptions {
  /** http://127.0.0.1:<port> */
  base: string;
  /** Connection i sends targets[i % targets.length] (e.g. one signed-in user per connection). */
  targets: CannonTarget[];
  connections: number;
  seconds: number;
  /** First X-Forwarded-For address number (keep runs on disjoint addresses: the limiter remembers a minute). */
  firstAddress?: number;
}

export interface CannonResult {
  /** 2xx answers. */
  requests: number;
  seconds: number;
  /** 2xx answers per second. */
  rate: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx by status, and errors / timeouts. */
  failures: Record<string, number>;
  /** X-Forwarded-For addresses used (the next run starts after them). */
  addresses: number;
  /** CPU milliseconds of the generator process while it ran (user + system). */
  generatorCpuMs: number;
}

/**
 * Requests one address sends before its connection moves to the next one: under half the per-IP limit (600/min), the
 * counts a client far from its limit makes, which the limiter batches (server/http/rate-limit-store.ts); from half the
 * limit on it writes each request's count at once, which only a client near its limit costs.
 */
const ADDRESS_BUDGET = 250;

/** Address number n → 10.a.b.c (c in 1..254). */
const addressOf = (n: number): string => `10.${Math.floor(n / (254 * 256)) % 256}.${Math.floor(n / 254) % 256}.${1 + (n % 254)}`;

/** The run itself, in this process. */
export const cannon = async ({ base, targets, connections, seconds, firstAddress = 0 }: CannonOptions): Promise<CannonResult> => {
  // autocannon is CommonJS without types.
  const autocannon = createRequire(import.meta.url)('autocannon') as (opts: object) => Promise<any> & { on: (e: string, f: (...a: any[]) => void) => void };
  const failures: Record<string, number> = {};
  let nextAddress = firstAddress;
  let nextConnection = 0;
  const keyPrefix = randomBytes(6).toString('hex');
  let keyCounter = 0;

  const setupClient = (client: any) => {
    const target = targets[nextConnection++ % targets.length]!;
    const headers = (): Record<string, string> => ({
      ...(target.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...target.headers,
      'x-forwarded-for': addressOf(nextAddress++),
    });
    let current = headers();
    const body = target.body === undefined ? undefined : JSON.stringify(target.body);
    let used = 0;
    client.setRequests([
      target.idempotent
        ? {
            method: target.method ?? 'GET',
            path: target.path,
            body,
            setupRequest: (request: any) => ({ ...request, headers: { ...current, 'idempotency-key': `${keyPrefix}-${keyCounter++}` } }),
          }
        : { method: target.method ?? 'GET', path: target.path, headers: current, body },
    ]);
    client.on('response', (statusCode: number) => {
      if (statusCode < 200 || statusCode >= 300) failures[statusCode] = (failures[statusCode] ?? 0) + 1;
      if (++used < ADDRESS_BUDGET) return;
      used = 0;
      current = headers();
      if (!target.idempotent) client.setHeaders(current);
    });
  };

  const cpu0 = process.cpuUsage();
  const started = performance.now();
  const result = await autocannon({ url: base, connections, duration: seconds, pipelining: 1, timeout: 30, setupClient });
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  if (result.errors) failures.errors = result.errors;
  if (result.timeouts) failures.timeouts = result.timeouts;
  const ok = result['2xx'] as number;
  return {
    requests: ok,
    seconds: elapsed,
    rate: ok / elapsed,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures,
    addresses: nextAddress - firstAddress,
    generatorCpuMs: (cpu.user + cpu.system) / 1000,
  };
};

/** The run in a child process (`node --import tsx scripts/load/cannon.ts <options as JSON>`); `onStart` when it begins. */
export const runCannon = (options: CannonOptions, onStart?: () => void): Promise<CannonResult> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/load/cannon.ts', JSON.stringify(options)], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    let started = false;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      if (!started && stdout.includes('go\n')) {
        started = true;
        onStart?.();
      }
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`cannon exited ${code}: ${stdout}`));
      try {
        resolve(JSON.parse(stdout.trim().split('\n').at(-1)!) as CannonResult);
      } catch (error) {
        reject(error as Error);
      }
    });
  });

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const options = JSON.parse(process.argv[2]!) as CannonOptions;
  console.log('go'); // the parent samples CPU counters now
  const result = await cannon(options);
  console.log(JSON.stringify(result));
}
