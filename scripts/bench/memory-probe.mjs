/**
 * Preloaded into a server process by `scripts/bench/memory.ts` (`node --import ./scripts/bench/memory-probe.mjs
 * dist-server/main.js`): plain JavaScript, so that no TypeScript loader sits in the memory it measures. It remembers
 * every WebAssembly.Memory the process creates (weakly: a closed PGlite's memory can still be collected) and, on
 * SIGUSR2, prints one line `memory-probe {json}` to stderr with where the resident memory is:
 *   - rss, and V8's heapTotal / heapUsed / external / arrayBuffers (process.memoryUsage());
 *   - the V8 heap spaces' sizes (new space = the young generation, old space…);
 *   - wasm: the byte length of each live WebAssembly memory (what it has grown to; it never shrinks; V8 counts it in
 *     `external`) and how much of it is resident (/proc/self/smaps);
 *   - rssAnon / rssFile (anonymous memory, and mapped files such as node's binary and its shared libraries).
 */
import { readFileSync } from 'node:fs';
import v8 from 'node:v8';

const memories = [];
const remember = (memory) => {
  if (memory instanceof WebAssembly.Memory) memories.push(new WeakRef(memory));
  return memory;
};
const NativeMemory = WebAssembly.Memory;
WebAssembly.Memory = new Proxy(NativeMemory, { construct: (target, args) => remember(Reflect.construct(target, args)) });
const fromInstance = (instance) => {
  for (const value of Object.values(instance?.exports ?? {})) if (value instanceof NativeMemory) remember(value);
};
const instantiate = WebAssembly.instantiate;
WebAssembly.instantiate = async (...args) => {
  const result = await instantiate(...args);
  fromInstance(result instanceof WebAssembly.Instance ? result : result.instance);
  return result;
};

/**
 * /proc/self/smaps: the resident part of each live WebAssembly memory (V8 maps it as one read-write anonymous mapping
 * of exactly its byte length, between the PROT_NONE reservations of its guard region) and the process's totals.
 */
const smaps = (lengths) => {
  let wasmResident = 0;
  let header = '';
  let size = 0;
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) header = line;
    const field = /^(\w+):\s+(\d+) kB/.exec(line);
    if (!field) continue;
    if (field[1] === 'Size') size = Number(field[2]) * 1024;
    else if (field[1] === 'Rss' && / rw-p 00000000 00:00 0\s*$/.test(header) && lengths.includes(size)) wasmResident += Number(field[2]) * 1024;
  }
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { wasmResident, rssAnon: kb('RssAnon'), rssFile: kb('RssFile'), peak: kb('VmHWM') };
};

process.on('SIGUSR2', () => {
  const usage = process.memoryUsage();
  const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.space_size]));
  const wasm = memories.map((ref) => ref.deref()).filter(Boolean).map((memory) => memory.buffer.byteLength);
  const report = { ...usage, spaces, wasm, ...smaps(wasm) };
  // Under --expose-gc (diagnosis only): the heap after a full collection too, i.e. what is live rather than not yet collected.
  if (typeof globalThis.gc === 'function') {
    globalThis.gc();
    const collected = process.memoryUsage();
    report.afterGc = { rss: collected.rss, heapTotal: collected.heapTotal, heapUsed: collected.heapUsed };
  }
  process.stderr.write(`memory-probe ${JSON.stringify(report)}\n`);
});
