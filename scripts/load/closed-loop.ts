/**
 * The load generator of `npm run bench:table`: a closed loop of N keep-alive HTTP connections, each sending its next
 * request as soon as the previous answer has arrived, for a fixed time. It runs as its own process (its CPU is not
 * counted against the server it loads), and the same generator drives the app and the bare baselines, so their rates
 * compare. Each connection switches to a fresh loopback source address (127.x.y.z) every ADDRESS_BUDGET requests:
 * the app's per-IP limit (600 requests/min) must not throttle a benchmark, while connections stay keep-alive.
 *
 *   const result = await runClosedLoop({ base, targets: [{ path: '/api/wallet', headers }], connections: 32, seconds: 5 });
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { ROOT } from './server-process';

export interface LoopTarget {
  path: string;
  headers?: Record<string, string>;
}

export interface LoopOptions {
  /** http://127.0.0.1:<port> */
  base: string;
  /** Connection i requests targets[i % targets.length] (e.g. one signed-in user per connection). */
  targets: LoopTarget[];
  connections: number;
  seconds: number;
  /** First source address number used (keep runs on disjoint addresses: the rate limiter remembers a minute). */
  firstAddress?: number;
}

export interface LoopResult {
  requests: number;
  seconds: number;
  rate: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx, and network errors, by status ("429", "error: …") → count. */
  failures: Record<string, number>;
  /** Source addresses used (the next run starts after them). */
  addresses: number;
}

/** Requests one source address sends before its connection moves to the next address (well under 600/min). */
const ADDRESS_BUDGET = 400;

/** Address number n → 127.a.b.c with a in 1..254, c in 1..254 (never .0 or .255). */
const addressOf = (n: number): string => `127.${1 + (Math.floor(n / (254 * 256)) % 254)}.${Math.floor(n / 254) % 256}.${1 + (n % 254)}`;

const percentile = (sorted: Float64Array, p: number): number =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

/** The loop itself, in this process. */
export const closedLoop = async ({ base, targets, connections, seconds, firstAddress = 0 }: LoopOptions): Promise<LoopResult> => {
  const url = new URL(base);
  const latencies: number[] = [];
  const failures: Record<string, number> = {};
  let nextAddress = firstAddress;
  let requests = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;

  const connection = async (index: number) => {
    const target = targets[index % targets.length]!;
    let agent: http.Agent | null = null;
    let used = ADDRESS_BUDGET;
    while (performance.now() < deadline) {
      if (used >= ADDRESS_BUDGET) {
        agent?.destroy();
        agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: addressOf(nextAddress++) });
        used = 0;
      }
      used++;
      const sent = performance.now();
      const status = await new Promise<string>((resolve) => {
        const req = http.request(
          { host: url.hostname, port: url.port, path: target.path, method: 'GET', agent: agent!, headers: target.headers },
          (res) => {
            res.on('data', () => {});
            res.on('end', () => resolve(String(res.statusCode)));
            res.on('error', (error) => resolve(`error: ${error.message}`));
          },
        );
        req.on('error', (error) => resolve(`error: ${error.message}`));
        req.end();
      });
      if (status.startsWith('2')) {
        latencies.push(performance.now() - sent);
        requests++;
      } else {
        failures[status] = (failures[status] ?? 0) + 1;
      }
    }
    agent?.destroy();
  };
  await Promise.all(Array.from({ length: connections }, (_, i) => connection(i)));
  const elapsed = (performance.now() - started) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  return { requests, seconds: elapsed, rate: requests / elapsed, p50: percentile(sorted, 50), p99: percentile(sorted, 99), failures, addresses: nextAddress - firstAddress };
};

/** The loop in a child process (`node --import tsx scripts/load/closed-loop.ts <options as JSON>`); `onStart` when it begins. */
export const runClosedLoop = (options: LoopOptions, onStart?: () => void): Promise<LoopResult> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/load/closed-loop.ts', JSON.stringify(options)], {
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
      if (code !== 0) return reject(new Error(`closed-loop exited ${code}: ${stdout}`));
      try {
        resolve(JSON.parse(stdout.trim().split('\n').at(-1)!) as LoopResult);
      } catch (error) {
        reject(error as Error);
      }
    });
  });

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const options = JSON.parse(process.argv[2]!) as LoopOptions;
  console.log('go'); // the parent samples CPU counters now
  const result = await closedLoop(options);
  console.log(JSON.stringify(result));
}
