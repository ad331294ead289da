import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { join } from 'node:path';
import v8 from 'node:v8';
import { parse, PGlite, protocol, type Transaction } from '@electric-sql/pglite';
import { acquireDataDirLock } from './lock-file';
import { MEMORY_DATA_DIR, parseInt8, PG_TYPE, type Db, type Queryable, type Row, type SqlParam } from './db';

/** A message of PostgreSQL's protocol as PGlite parses it. */
type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

const parsers = {
  [PG_TYPE.INT8]: parseInt8,
  [PG_TYPE.NUMERIC]: (value: string) => value,
};

/** Distinct statement texts prepared by name per database; texts beyond this run unnamed (PGlite's own query()). */
const MAX_PREPARED = 2_000;

const isStalePlan = (error: unknown): boolean =>
  (error as { code?: unknown })?.code === '0A000' && /cached plan must not change result type/.test((error as Error).message ?? '');

const concat = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/**
 * Named prepared statements on the embedded database (issue #13). PGlite's query() parses and plans every statement
 * again and crosses into WebAssembly six times for it (parse, describe, bind, describe, execute, sync). Here each
 * distinct SQL text with parameters is parsed once under a name (its parameter types kept), and every later run is ONE
 * crossing: bind + describe + execute + sync in one protocol message, the rows read by PGlite's own parser. The CPU
 * of a primary-key read fell by more than half (docs/performance.md "Performance"). Like PGlite's query(), a run takes the
 * query lock, and outside a transaction also the transaction lock (one connection: a statement never lands inside
 * someone else's open transaction). A stale plan after a schema change (0A000) drops the names and, outside a
 * transaction, runs the statement once more.
 */
class PreparedStatements {
  /**
   * Per SQL text: its name, its parameter types, and the description of its rows once a first run has asked for it
   * (null: it returns none). Later runs send no Describe: the statement's columns are the same for every run (a changed
   * table makes PostgreSQL refuse the plan, and the names and descriptions are renewed).
   */
  private readonly statements = new Map<string, { name: string; paramTypes: number[]; rows?: BackendMessage | null }>();
  private generation = 0;

  constructor(private readonly pglite: PGlite) {}

  private async prepare(sql: string): Promise<{ name: string; paramTypes: number[]; rows?: BackendMessage | null }> {
    const name = `p${this.generation}_${this.statements.size}`;
    const { serialize } = protocol;
    const messages = await this.pglite.execProtocolStream(
      concat([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const prepared = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    this.statements.set(sql, prepared);
    return prepared;
  }

  private async execute<T extends Row>(sql: string, params: readonly SqlParam[], inTransaction: boolean): Promise<T[]> {
    const { pglite } = this;
    const statement = this.statements.get(sql) ?? (await this.prepare(sql));
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serializer = pglite.serializers[statement.paramTypes[i]!];
      return serializer ? (serializer(param) as string) : String(param);
    });
    const { serialize } = protocol;
    const described = statement.rows !== undefined;
    const messages = await pglite.execProtocolStream(
      concat([
        serialize.bind({ statement: statement.name, values }),
        ...(described ? [] : [serialize.describe({ type: 'P' })]),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    if (!inTransaction) await pglite.syncToFs();
    if (!described) statement.rows = messages.find((message) => message.name === 'rowDescription') ?? null;
    return parse.parseResults(described && statement.rows ? [statement.rows, ...messages] : messages, pglite.parsers)[0]!.rows as T[];
  }

  /** Runs `sql` prepared; undefined when it should run through PGlite's query() instead (no parameters, or too many texts). */
  run<T extends Row>(sql: string, params: readonly SqlParam[], inTransaction: boolean): Promise<T[]> | undefined {
    if (!params.length || (!this.statements.has(sql) && this.statements.size >= MAX_PREPARED)) return undefined;
    const once = () => this.pglite._runExclusiveQuery(() => this.execute<T>(sql, params, inTransaction));
    const locked = () => (inTransaction ? once() : this.pglite._runExclusiveTransaction(once));
    return locked().catch((error: unknown) => {
      if (!isStalePlan(error)) throw error;
      this.renew();
      if (inTransaction) throw error; // the transaction is aborted; its caller decides
      return locked();
    });
  }

  /** After a stale-plan error: forget every name (new ones carry the next generation; the old ones stay unused). */
  private renew(): void {
    this.generation++;
    this.statements.clear();
  }
}

const wrap = (target: PGlite | Transaction, prepared: PreparedStatements, inTransaction: boolean): Queryable => ({
  async query<T extends Row>(sql: string, params: readonly SqlParam[] = []) {
    if (inTransaction && (target as Transaction).closed) throw new Error('Transaction is closed');
    const fast = prepared.run<T>(sql, params, inTransaction);
    if (fast) return fast;
    const result = await target.query<T>(sql, [...params]);
    return result.rows;
  },
  async exec(sql: string) {
    await target.exec(sql);
  },
});

/**
 * Memory settings of the embedded database (PostgreSQL's defaults are sized for a dedicated server: 128 MB of shared
 * buffers, 64 MB of maintenance memory, and PGlite's WebAssembly memory never shrinks once grown). A wallet's data is
 * small and the files stay in the operating system's page cache, so a lean buffer pool costs little; the embedded
 * server's resident memory after load fell from about 360 to about 240 MB (docs/performance.md "Performance").
 */
const PGLITE_MEMORY_SETTINGS: readonly string[] = [
  'shared_buffers=16MB',
  'work_mem=2MB',
  'maintenance_work_mem=16MB',
  'temp_buffers=2MB',
  'wal_buffers=1MB',
];
/**
 * V8 settings of a process that runs the embedded database, set by the first `openPglite` (before PGlite compiles its
 * WebAssembly module), so they apply wherever the embedded server runs: `npm start`, `npm run start:prod`,
 * `npm run dev`, the benchmarks (issue #13: embedded RSS ≤ 250 MB after load; `npm run bench:memory` shows where the
 * memory goes, docs/performance.md "Performance"):
 * - `--optimize-for-size`: V8 grows its heap by a smaller factor and keeps its young generation small. Under load the
 *   heap had grown to 110–160 MB with ~32 MB live (garbage waiting for a major collection); with it 40–60 MB.
 * - `--no-wasm-dynamic-tiering --no-wasm-tier-up`: PostgreSQL's WebAssembly stays on V8's baseline compiler
 *   (Liftoff) instead of being recompiled function by function with TurboFan on V8's background threads, whose
 *   compile memory glibc's per-thread arenas keep: 40–70 MB less RSS after the load, the first start's peak ~90 MB
 *   lower, and initdb takes a third less CPU (TurboFan's compiling cost more than its faster code saved).
 * The price: server CPU per embedded wallet read 1.0–1.3 ms against 0.9–1.0 ms without the flags in paired runs on a
 * loaded machine (likely the extra collections of `--optimize-for-size`; `--optimize-for-size` alone measured no
 * cheaper and ended one run at 258 MB).
 * Read at run time: `--optimize-for-size` at each collection, the tiering flags when a module is compiled.
 */
const PGLITE_V8_FLAGS: readonly string[] = ['--optimize-for-size', '--no-wasm-dynamic-tiering', '--no-wasm-tier-up'];
let v8FlagsSet = false;
const setV8Flags = () => {
  if (v8FlagsSet) return;
  v8FlagsSet = true;
  v8.setFlagsFromString(PGLITE_V8_FLAGS.join(' '));
};

const startParams = [...PGlite.defaultStartParams, ...PGLITE_MEMORY_SETTINGS.flatMap((setting) => ['-c', setting])];

export interface PgliteOptions {
  /**
   * `memory://` only: start from this data directory (a tar made by `dumpPgliteDataDir`) instead of
   * running initdb (see memory-template.ts). Refused for a directory.
   */
  loadDataDir?: Blob;
  /**
   * A directory's first start: the freshly initialised cluster to copy instead of running initdb (a gzipped tar made
   * by `writeInitdbTemplate`, shipped beside the compiled server). Default: `pglite-initdb.tar.gz` next to this code,
   * used only when it was made by this PGlite version; null: always run initdb.
   */
  initdbTemplate?: string | null;
}

/** The compiled server's initdb template (scripts/build-server.ts writes it beside main.js; absent under tsx). */
const DEFAULT_INITDB_TEMPLATE = fileURLToPath(new URL('./pglite-initdb.tar.gz', import.meta.url));
/** The PGlite version a template was made with (a template of another version is ignored: initdb runs). */
const initdbTemplateVersionFile = (template: string) => template.replace(/\.tar\.gz$/, '.version');

const pgliteVersion = (): string => {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite'); // …/dist/index.cjs
  return String((JSON.parse(readFileSync(join(entry, '../../package.json'), 'utf8')) as { version?: unknown }).version);
};

/**
 * Writes the template of a fresh embedded cluster: PGlite's initdb run once, here (it takes ~750 MB for a few seconds,
 * in WebAssembly memory that is never given back), so that a server's first start on an empty folder copies ~5 MB of
 * files instead (issue #13: the embedded default starts lean). No migration is in it: the server migrates as always.
 */
export const writeInitdbTemplate = async (file: string): Promise<void> => {
  setV8Flags(); // initdb on Liftoff takes less CPU too
  const pglite = await PGlite.create();
  try {
    await pglite.exec('CHECKPOINT');
    const tar = new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
    writeFileSync(file, gzipSync(tar, { level: 9 }));
    writeFileSync(initdbTemplateVersionFile(file), pgliteVersion());
  } finally {
    await pglite.close();
  }
};

/** The template as PGlite's `loadDataDir`, or undefined (none there, or made by another PGlite version: run initdb). */
const readInitdbTemplate = (file: string | null): Blob | undefined => {
  if (!file || !existsSync(file)) return undefined;
  try {
    if (readFileSync(initdbTemplateVersionFile(file), 'utf8').trim() !== pgliteVersion()) return undefined;
    return new Blob([gunzipSync(readFileSync(file))], { type: 'application/x-tar' });
  } catch {
    return undefined;
  }
};

/** The PGlite behind each open PGlite `Db` (for `dumpPgliteDataDir`). */
const instances = new WeakMap<Db, PGlite>();

/**
 * Embedded PostgreSQL in this process. `dataDir` is a directory (locked against a second process)
 * or `memory://` for a throwaway database.
 */
export const openPglite = async (dataDir: string, { loadDataDir, initdbTemplate = DEFAULT_INITDB_TEMPLATE }: PgliteOptions = {}): Promise<Db> => {
  const inMemory = dataDir === MEMORY_DATA_DIR;
  setV8Flags();
  if (loadDataDir && !inMemory) throw new Error(`loadDataDir is for ${MEMORY_DATA_DIR} databases only, not ${dataDir}`);
  const releaseLock = inMemory ? () => {} : acquireDataDirLock(dataDir);
  let pglite: PGlite;
  try {
    const fresh = !inMemory && !existsSync(join(dataDir, 'PG_VERSION'));
    // A directory's first start copies the shipped initdb template when there is one (no initdb in this process).
    const template = fresh ? readInitdbTemplate(initdbTemplate) : undefined;
    const create = (tarball = loadDataDir) =>
      PGlite.create({ dataDir: inMemory ? undefined : dataDir, parsers, startParams, ...(tarball ? { loadDataDir: tarball } : {}) });
    pglite = await create(template ?? loadDataDir);
    if (fresh && !template) {
      // initdb ran in extra WebAssembly instances and grew this one's memory (~750 MB RSS); a WebAssembly memory never
      // shrinks, so start again on the new files: what initdb used becomes garbage the next collection gives back.
      await pglite.close();
      pglite = await create();
    }
  } catch (error) {
    releaseLock();
    throw error;
  }
  return pgliteDb(pglite, async () => {
    try {
      await pglite.close();
    } finally {
      releaseLock();
    }
  });
};

/**
 * A `Db` over an open PGlite instance; `close()` runs `onClose` once. Once closed, the `Db` refuses every further query
 * (the instance may live on: the test databases' pool hands it to the next test, memory-template.ts).
 */
export const pgliteDb = (pglite: PGlite, onClose: () => Promise<void>): Db => {
  let closed = false;
  const prepared = new PreparedStatements(pglite);
  const open = <T>(fn: () => Promise<T>): Promise<T> => (closed ? Promise.reject(new Error('the database is closed')) : fn());
  const queryable = wrap(pglite, prepared, false);
  const db: Db = {
    kind: 'pglite',
    query: (sql, params) => open(() => queryable.query(sql, params)),
    exec: (sql) => open(() => queryable.exec(sql)),
    tx: (fn) => open(() => pglite.transaction((tx) => fn(wrap(tx, prepared, true)))),
    withConnection: (fn) => open(() => fn(queryable)),
    async close() {
      if (closed) return;
      closed = true;
      await onClose();
    },
  };
  instances.set(db, pglite);
  return db;
};

/** The PGlite instance behind an open PGlite `Db` (tools: e.g. the benchmark serves it to pgbench over a socket). */
export const pgliteInstance = (db: Db): PGlite | undefined => instances.get(db);

/**
 * The data directory of an open PGlite database as an uncompressed tar, for `openPglite(MEMORY_DATA_DIR,
 * { loadDataDir })`. Checkpoints first, so the copy starts without WAL recovery.
 */
export const dumpPgliteDataDir = async (db: Db): Promise<Blob> => {
  const pglite = instances.get(db);
  if (!pglite) throw new Error('dumpPgliteDataDir: not an open PGlite database');
  await pglite.exec('CHECKPOINT');
  return pglite.dumpDataDir('none');
};
