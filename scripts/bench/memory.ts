/**
 * `npm run bench:memory`: where the embedded (PGlite) server's resident memory goes, the same load as the embedded
 * rows of `npm run bench:table` (a first start on an empty folder, then a start on its data, USERS sign-ups, a 1 s
 * warm-up and RUNS × SECONDS of GET /api/wallet over 32 keep-alive connections, driven by autocannon as there). The compiled server runs with
 * `scripts/bench/memory-probe.mjs` preloaded, which prints on SIGUSR2 the RSS split into V8's heap, the WebAssembly
 * memory (its byte length and what of it is resident) and the rest. Figures only, nothing asserted.
 *
 *   npm run bench:memory
 *   BENCH_SERVER=old/dist-server/main.js npm run bench:memory   # another build (before/after)
 *   BENCH_NODE_ARGS="--max-semi-space-size=4" npm run bench:memory   # node flags on top of the server's own
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildServer } from '../build-server';
import { runCannon } from '../load/cannon';
import { LoadClient, LoadStats } from '../load/http-client';
import { processCpuMs } from '../load/proc-cpu';
import { ROOT, sandboxServerEnv, startServerProcess, stopServerProcess, type ServerProcess } from '../load/server-process';
import { WalletWorkload } from '../load/wallet-workload';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const USERS = Number(process.env.BENCH_USERS ?? 32);
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
const PROBE = resolve(ROOT, 'scripts/bench/memory-probe.mjs');

interface Probe {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  spaces: Record<string, number>;
  wasm: number[];
  wasmResident: number;
  rssAnon: number;
  rssFile: number;
  peak: number;
  /** Under BENCH_NODE_ARGS=--expose-gc: after a full collection. */
  afterGc?: { rss: number; heapTotal: number; heapUsed: number };
}

/** Asks the probe in `server` for its figures (SIGUSR2 → one `memory-probe {json}` line). */
const probe = async (server: ServerProcess): Promise<Probe> => {
  const seen = server.lines.length;
  server.child.kill('SIGUSR2');
  for (let i = 0; i < 100; i++) {
    const line = server.lines.slice(seen).find((l) => l.startsWith('memory-probe '));
    if (line) return JSON.parse(line.slice('memory-probe '.length)) as Probe;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${server.name}: no answer from the memory probe`);
};

const mb = (bytes: number) => (Number.isFinite(bytes) ? `${(bytes / 1024 / 1024).toFixed(0)}` : 'n/a');
const row = (label: string, p: Probe): string => {
  const young = (p.spaces.new_space ?? 0) + (p.spaces.new_large_object_space ?? 0);
  const wasmLength = p.wasm.reduce((sum, n) => sum + n, 0);
  const rest = p.rss - p.wasmResident - p.heapTotal - p.rssFile;
  const gc = p.afterGc ? ` | ${mb(p.afterGc.rss)} (heap ${mb(p.afterGc.heapTotal)}, used ${mb(p.afterGc.heapUsed)})` : '';
  return `| ${label} | ${mb(p.rss)} | ${p.wasm.map(mb).join(' + ') || '—'} | ${mb(p.wasmResident)} | ${mb(p.heapTotal)} (used ${mb(p.heapUsed)}, young ${mb(young)}) | ${mb(p.external - wasmLength)} (array buffers ${mb(p.arrayBuffers)}) | ${mb(p.rssFile)} | ${mb(rest)} | ${mb(p.peak)}${gc} |`;
};

const main = async () => {
  const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');
  const loadAtStart = load();
  const entry = process.env.BENCH_SERVER ? resolve(process.env.BENCH_SERVER) : resolve(ROOT, '.tmp/memory-server/main.js');
  if (!process.env.BENCH_SERVER) await buildServer(resolve(ROOT, '.tmp/memory-server'), { initdbTemplate: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-memory-pglite-'));
  const client = new LoadClient(1_000);
  const servers: ServerProcess[] = [];
  const start = async (name: string) => {
    const server = await startServerProcess(name, sandboxServerEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'error', TRON_POLL_MS: '1000', TRUST_PROXY: '1' }), {
      entry,
      nodeArgs: [...NODE_ARGS, '--import', PROBE],
    });
    servers.push(server);
    return server;
  };
  try {
    const first = await start('pglite-first');
    const firstStart = await probe(first);
    await stopServerProcess(first);
    const server = await start('pglite');
    const idle = await probe(server);
    const workload = new WalletWorkload({ client, servers: () => [server.url], stats: new LoadStats(), rotateAddresses: true });
    const users = await workload.signUp(USERS);
    const afterSignUp = await probe(server);
    const targets = users.map((user) => ({ path: '/api/wallet', headers: { authorization: `Bearer ${user.token}` } }));
    let address = 500;
    await runCannon({ base: server.url, targets, connections: CONNECTIONS, seconds: 1, firstAddress: address });
    const rates: number[] = [];
    const cpu0 = processCpuMs(server.pid);
    let requests = 0;
    for (let run = 0; run < RUNS; run++) {
      address += 2_000;
      const result = await runCannon({ base: server.url, targets, connections: CONNECTIONS, seconds: SECONDS, firstAddress: address });
      rates.push(result.rate);
      requests += result.requests;
    }
    const cpuPerRead = (processCpuMs(server.pid) - cpu0) / requests;
    const after = await probe(server);
    await new Promise((r) => setTimeout(r, 5_000));
    const settled = await probe(server);
    console.log(`\nEmbedded server memory, MB (${entry}${NODE_ARGS.length ? ` with ${NODE_ARGS.join(' ')}` : ''})`);
    const gc = after.afterGc ? ' after a full GC: RSS (V8 heap) |' : '';
    console.log(`| When | RSS | WebAssembly memories, byte length | … resident | V8 heap | external (besides WebAssembly) | mapped files | rest (native, compiled code, malloc) | peak RSS |${gc}`);
    console.log(`|---|---|---|---|---|---|---|---|---|${gc ? '---|' : ''}`);
    console.log(row('first start on an empty folder, listening', firstStart));
    console.log(row('second start, idle', idle));
    console.log(row(`after ${USERS} sign-ups`, afterSignUp));
    console.log(row(`after the load (${RUNS} × ${SECONDS} s wallet reads, ${rates.map((r) => r.toFixed(0)).join(' / ')} req/s)`, after));
    console.log(row('5 s later', settled));
    console.log(`\nserver CPU per wallet read during the load: ${cpuPerRead.toFixed(2)} ms`);
    console.log(`load average ${loadAtStart} at the start, ${load()} at the end (figures only, nothing asserted)`);
  } finally {
    await Promise.all(servers.map((s) => stopServerProcess(s)));
    client.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
