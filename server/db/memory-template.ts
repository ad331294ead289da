/**
 * Fully migrated `memory://` PGlite databases, cheap enough to open one per test.
 *
 * A new PGlite runs initdb (a second WASM instance) and then every migration: ~3–4 s of CPU. Instead, one
 * database per migration set is migrated once, checkpointed and dumped to a tarball (PGlite
 * `dumpDataDir`), and every further database starts from a copy of that tarball (PGlite `loadDataDir`,
 * ~0.5 s of CPU). The tarball holds the `postgres` database only (PGlite's), not template0 and template1.
 * Each copy is its own PGlite instance with its own memory: nothing written in one is seen by another, and
 * the tarball itself never changes.
 *
 * The tarball is kept per process (vitest runs every test file in a process of its own) and, gzipped, on
 * disk (`node_modules/.cache/pglite-memory-template/`), keyed by a hash of the PGlite version and the
 * migration files' names and contents: a new or edited migration gives a new key. The gzip CRC guards
 * against a torn or corrupted file (then the template is rebuilt and the file rewritten).
 *
 * In vitest's workers a closed copy waits in its process for the next test, which gets it back reset to the
 * template's state (template-reset.ts, ~0.1 s of CPU): see `openMigratedMemoryPglite`.
 *
 * Tests only: `openDb({ memoryTemplate: true })` (harness, startServer with NODE_ENV=test). A real data
 * directory and PostgreSQL never use it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { MEMORY_DATA_DIR, type Db } from './db';
import { ALL_MIGRATION_DIRS, loadMigrations, migrate, type Migration } from './migrate';
import type { PGlite } from '@electric-sql/pglite';
import { dumpPgliteDataDir, openPglite, pgliteDb, pgliteInstance } from './pglite';
import { captureTemplateState, resetToTemplateState, type TemplateState } from './template-reset';

/** Bump when the way a template is built changes: old cache files are then ignored. */
const TEMPLATE_FORMAT = 3; // 2: schema_migrations records checksums; 3: no template databases
/**
 * Dropped from the template: a copy is opened ~30% faster without them (each copy untars every file into PGlite's
 * in-memory file system). A test database therefore cannot CREATE DATABASE; none needs to.
 */
const UNUSED_DATABASES = ['template1', 'template0'] as const;
const TAR_TYPE = 'application/x-tar';
/** Cache files not used for this long are deleted when a new one is written. */
const PRUNE_AFTER_MS = 24 * 60 * 60 * 1000;

const MEMORY_TEMPLATE_CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/pglite-memory-template/', import.meta.url));

export interface MemoryTemplateOptions {
  migrationsDir?: string | readonly string[];
  /** Where templates are cached between processes, or false for this process only. */
  cacheDir?: string | false;
}

export interface MemoryTemplate {
  /** Hash of the PGlite version and the migration files. */
  key: string;
  /** The migrated data directory, an uncompressed tar (PGlite `loadDataDir`). */
  tarball: Blob;
  /** How it was obtained by this process. */
  source: 'built' | 'disk';
}

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

let pgliteVersion: string | undefined;
const readPgliteVersion = async (): Promise<string> => {
  if (pgliteVersion === undefined) {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite'); // …/dist/index.cjs
    const pkg = JSON.parse(await readFile(join(entry, '../../package.json'), 'utf8')) as { version?: string };
    pgliteVersion = String(pkg.version);
  }
  return pgliteVersion;
};

export const memoryTemplateKey = async (migrations: readonly Migration[]): Promise<string> => {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ format: TEMPLATE_FORMAT, pglite: await readPgliteVersion() }));
  for (const { name, sql } of migrations) hash.update(`\0${name}\0${sql}`);
  return hash.digest('hex').slice(0, 32);
};

/** This process's templates by cache dir and key (a promise, so concurrent callers share one build). */
const inProcess = new Map<string, Promise<MemoryTemplate>>();

const buildTemplate = async (migrationsDir: string | readonly string[]): Promise<Blob> => {
  const db = await openPglite(MEMORY_DATA_DIR);
  try {
    await migrate(db, migrationsDir);
    // PGlite serves the `postgres` database only: the template databases are a third of every copy's files and bytes.
    for (const name of UNUSED_DATABASES) {
      await db.exec(`ALTER DATABASE ${name} IS_TEMPLATE false`);
      await db.exec(`DROP DATABASE ${name}`);
    }
    return await dumpPgliteDataDir(db);
  } finally {
    await db.close();
  }
};

const readCached = async (file: string): Promise<Blob | undefined> => {
  let gz: Buffer;
  try {
    gz = await readFile(file);
  } catch {
    return undefined; // not cached yet (or pruned meanwhile)
  }
  try {
    const tarball = new Blob([await gunzipAsync(gz)], { type: TAR_TYPE });
    const now = new Date();
    await utimes(file, now, now).catch(() => {}); // in use: not pruned
    return tarball;
  } catch {
    return undefined; // torn or corrupted: rebuilt and rewritten
  }
};

/** Best effort: a read-only or full disk only costs the next process a rebuild. */
const writeCached = async (cacheDir: string, key: string, tarball: Blob): Promise<void> => {
  try {
    await mkdir(cacheDir, { recursive: true });
    const file = join(cacheDir, `${key}.tar.gz`);
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(tmp, await gzipAsync(new Uint8Array(await tarball.arrayBuffer()), { level: 1 }));
    await rename(tmp, file); // atomic: readers see the old file, no file or the whole new one
    const now = Date.now();
    for (const name of await readdir(cacheDir)) {
      if (name === `${key}.tar.gz`) continue;
      const path = join(cacheDir, name);
      const info = await stat(path).catch(() => undefined);
      if (info && now - info.mtimeMs > (name.endsWith('.tmp') ? 60 * 60 * 1000 : PRUNE_AFTER_MS)) await rm(path, { force: true });
    }
  } catch {
    // ignore
  }
};

/**
 * The migrated template of the migrations in `migrationsDir`: from this process's memory, else from the
 * disk cache, else built now (and written to the disk cache).
 */
export const memoryTemplate = async ({ migrationsDir = ALL_MIGRATION_DIRS, cacheDir = MEMORY_TEMPLATE_CACHE_DIR }: MemoryTemplateOptions = {}): Promise<MemoryTemplate> => {
  const key = await memoryTemplateKey(await loadMigrations(migrationsDir));
  const mapKey = `${cacheDir || ''}\0${key}`;
  let template = inProcess.get(mapKey);
  if (!template) {
    template = (async (): Promise<MemoryTemplate> => {
      if (cacheDir) {
        const cached = await readCached(join(cacheDir, `${key}.tar.gz`));
        if (cached) return { key, tarball: cached, source: 'disk' };
      }
      const tarball = await buildTemplate(migrationsDir);
      // Not cached if a migration file changed while it was built (someone editing one): the key would lie.
      if (cacheDir && (await memoryTemplateKey(await loadMigrations(migrationsDir))) === key) await writeCached(cacheDir, key, tarball);
      return { key, tarball, source: 'built' };
    })();
    inProcess.set(mapKey, template);
    const mine = template;
    mine.catch(() => inProcess.get(mapKey) === mine && inProcess.delete(mapKey)); // a failed build is retried by the next caller
  }
  return template;
};

/**
 * This process's used copies of the default template, each parked by its `Db`'s `close()` for the next
 * `openMigratedMemoryPglite()`, which resets it to the template's state (template-reset.ts) instead of making a new
 * copy; one that cannot be reset (its schema changed) is closed. At most `MAX_PARKED` wait; more are closed.
 */
interface PooledTemplate {
  key: string;
  state: TemplateState;
  parked: PGlite[];
}
let pool: PooledTemplate | undefined;
const MAX_PARKED = 2;
const pooling = { reused: 0, created: 0 };

/** How many `memory://` test databases this process reused and copied (tests of the pool). */
export const memoryPoolStats = (): Readonly<typeof pooling> => ({ ...pooling });

const sqlOf = (pglite: PGlite) => async (text: string, params?: unknown[]) => (await pglite.query<Record<string, unknown>>(text, params)).rows;

const pooledDb = (pglite: PGlite, template: PooledTemplate): Db =>
  pgliteDb(pglite, async () => {
    if (pool === template && template.parked.length < MAX_PARKED && !pglite.closed) template.parked.push(pglite);
    else await pglite.close();
  });

/**
 * A new `memory://` database with every migration applied: a copy of the template, or (default options, in a vitest
 * worker) a used copy reset to the template's state.
 */
export const openMigratedMemoryPglite = async (options: MemoryTemplateOptions = {}): Promise<Db> => {
  const template = await memoryTemplate(options);
  // Only inside vitest's workers, which vitest ends itself: an open PGlite keeps any other process from exiting (a
  // script that starts a test server, such as `npm run size`, ends when its work is done).
  const reusable = process.env.VITEST !== undefined && options.migrationsDir === undefined && options.cacheDir === undefined;
  if (!reusable) return openPglite(MEMORY_DATA_DIR, { loadDataDir: template.tarball });
  if (pool?.key === template.key) {
    for (let pglite = pool.parked.pop(); pglite; pglite = pool.parked.pop()) {
      if (await resetToTemplateState(sqlOf(pglite), pool.state, { discardSession: true })) {
        pooling.reused++;
        return pooledDb(pglite, pool);
      }
      await pglite.close();
    }
  }
  const db = await openPglite(MEMORY_DATA_DIR, { loadDataDir: template.tarball });
  const pglite = pgliteInstance(db)!;
  pooling.created++;
  if (pool?.key !== template.key) {
    for (const parked of pool?.parked ?? []) await parked.close();
    pool = { key: template.key, state: await captureTemplateState(sqlOf(pglite)), parked: [] };
  }
  return pooledDb(pglite, pool);
};

/** Forgets this process's templates (tests of this module); the disk cache is kept. */
export const clearMemoryTemplates = (): void => inProcess.clear();
