/**
 * `npm run size`: bundle budgets for first screens, from Vite's manifest (dist/.vite/manifest.json,
 * `build.manifest: true`). A screen's weight = the JS + CSS the browser loads for it: the entry chunk
 * and its static imports, plus each listed lazy chunk (route) and its static imports, each file
 * counted once, gzip level 9. Prints every chunk in a table, then each budget; exits 1 when one is over.
 *
 * Add a budget = add one entry to BUDGETS. A budget whose lazy entries are not built yet (the page
 * does not exist) is skipped with a note. Builds dist/ first if there is no manifest (or with --build).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

interface Budget {
  name: string;
  /** Manifest keys (source paths relative to the repo root); `*` matches any characters, e.g. 'src/pages/welcome/index.*'. */
  entries: string[];
  /** Lazy chunks counted when they exist as chunks (a layout that may be lazy or bundled into the entry). */
  optional?: string[];
  budgetKb: number;
}

export const BUDGETS: Budget[] = [
  { name: 'Welcome (signed out)', entries: ['index.html', 'src/pages/welcome/index.*'], budgetKb: 150 },
  {
    name: 'Wallet (signed in)',
    entries: ['index.html', 'src/pages/wallet/index.*'],
    optional: ['src/widgets/app-shell/index.*'],
    budgetKb: 190,
  },
];

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const root = resolve(import.meta.dirname, '..');
const dist = resolve(root, 'dist');
const manifestPath = resolve(dist, '.vite/manifest.json');

if (process.argv.includes('--build') || !existsSync(manifestPath)) {
  console.log(existsSync(manifestPath) ? 'Building (--build) ...' : 'No dist/.vite/manifest.json: building first ...');
  const build = spawnSync(resolve(root, 'node_modules/.bin/vite'), ['build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0 || !existsSync(manifestPath)) {
    console.error('vite build failed or wrote no manifest (vite.config.ts needs build.manifest: true)');
    process.exit(1);
  }
}

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;

const gzipCache = new Map<string, { raw: number; gzip: number }>();
function weigh(file: string): { raw: number; gzip: number } {
  let w = gzipCache.get(file);
  if (!w) {
    const bytes = readFileSync(resolve(dist, file));
    w = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    gzipCache.set(file, w);
  }
  return w;
}

function matchKeys(pattern: string): string[] {
  if (!pattern.includes('*')) return manifest[pattern] ? [pattern] : [];
  const re = new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
  return Object.keys(manifest).filter((k) => re.test(k));
}

/** The chunk's files (JS + CSS) and those of its static imports, recursively. */
function staticClosure(key: string, files = new Set<string>(), seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return files;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return files;
  if (/\.(m?js|css)$/.test(chunk.file)) files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) staticClosure(imported, files, seen);
  return files;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));
const lpad = (s: string, n: number) => (s.length >= n ? s : ' '.repeat(n - s.length) + s);

// 1. Every chunk (JS and its CSS), lazy ones marked.
const rows = Object.entries(manifest)
  .filter(([, c]) => /\.(m?js|css)$/.test(c.file))
  .map(([key, c]) => {
    const kind = c.isEntry ? 'entry' : c.isDynamicEntry ? 'lazy' : 'shared';
    const own = [c.file, ...(c.css ?? [])].map(weigh);
    return { key, file: c.file, kind, raw: own.reduce((s, w) => s + w.raw, 0), gzip: own.reduce((s, w) => s + w.gzip, 0) };
  })
  .sort((a, b) => (a.kind === b.kind ? b.gzip - a.gzip : ['entry', 'lazy', 'shared'].indexOf(a.kind) - ['entry', 'lazy', 'shared'].indexOf(b.kind)));

console.log('\nChunks (own JS + own CSS; gzip -9):\n');
const keyWidth = Math.min(60, Math.max(12, ...rows.map((r) => r.key.length)));
console.log(`${pad('source', keyWidth)}  ${pad('kind', 6)}  ${lpad('raw KB', 8)}  ${lpad('gzip KB', 8)}  file`);
console.log(`${'-'.repeat(keyWidth)}  ${'-'.repeat(6)}  ${'-'.repeat(8)}  ${'-'.repeat(8)}  ----`);
for (const r of rows) {
  console.log(`${pad(r.key.length > keyWidth ? `…${r.key.slice(-keyWidth + 1)}` : r.key, keyWidth)}  ${pad(r.kind, 6)}  ${lpad(kb(r.raw), 8)}  ${lpad(kb(r.gzip), 8)}  ${r.file}`);
}

// 2. Budgets.
console.log('\nBudgets (entry + lazy route chunks + their static imports, each file once; gzip -9):\n');
let failed = false;
for (const budget of BUDGETS) {
  const missing = budget.entries.filter((e) => matchKeys(e).length === 0);
  if (missing.length) {
    console.log(`- ${budget.name}: SKIPPED, not built yet: ${missing.join(', ')} (budget ${budget.budgetKb} KB)`);
    continue;
  }
  const files = new Set<string>();
  for (const entry of [...budget.entries, ...(budget.optional ?? [])]) for (const key of matchKeys(entry)) staticClosure(key, files);
  const total = [...files].reduce((s, f) => s + weigh(f).gzip, 0);
  const limit = budget.budgetKb * 1024;
  const ok = total <= limit;
  failed ||= !ok;
  console.log(
    `- ${budget.name}: ${kb(total)} KB of ${budget.budgetKb} KB (${((total / limit) * 100).toFixed(0)}%) in ${files.size} files ${ok ? 'OK' : 'OVER BUDGET'}`,
  );
  for (const f of [...files].sort((a, b) => weigh(b).gzip - weigh(a).gzip)) console.log(`    ${lpad(kb(weigh(f).gzip), 7)} KB  ${f}`);
}

if (failed) {
  console.error('\nsize: a first screen is over its budget');
  process.exit(1);
}
console.log('\nsize: all budgets met');
