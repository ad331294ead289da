/**
 * `npm run size`: byte budgets for first screens, counted as what the browser really fetches before the screen is
 * usable (issue #34). The built app (dist/) is served by the real server and each screen is opened in Chromium on each
 * of its paths (scripts/support/startup-pages.ts, as `npm run bench:startup` opens it, without CPU throttling): every
 * request started before the screen was usable counts with its bytes on the wire as served (brotli where the browser
 * accepts it, headers included): the document, scripts, stylesheets, translations and the API's answers. The Wallet is
 * opened signed in at the app's root, as Telegram opens a Mini App. Exits 1 when a path is over its budget, or when its
 * requests chain deeper than 3 (MAX_REQUEST_CHAIN).
 *
 * Beside that, from Vite's manifest (dist/.vite/manifest.json, `build.manifest: true`), the code each path is built to
 * load (the entry chunk and its static imports, plus each listed lazy chunk and its static imports; gzip -9, for
 * reference): enforced that it carries no code that must stay lazy and no global stylesheet went missing.
 *
 * Paths (docs/performance.md "Bundle budget"), all enforced (issue #13): inside Telegram (plus the kept-session check
 * of 9.0+ clients) and outside it (plus the dev mock chunk: browser development, e2e tests), each in English and in
 * Russian (plus the Russian core translations chunk, fetched before the first render). Targets (issue #13), enforced (the budget is the
 * target): Welcome ≤ 150 KB, Wallet (signed in) ≤ 190 KB.
 *
 * `npm run size -- --why` also builds a copy with source maps into .tmp/size-why and attributes every byte
 * of each budgeted path to its package / source module (gzip shared out by raw bytes per file).
 *
 * Add a budget = add one entry to BUDGETS. A budget whose lazy entries are not built yet (the page does not
 * exist) is skipped with a note. Builds dist/ first if there is no manifest (or with --build).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { signedInStorage, signUpViaApi } from '../tests/e2e/support/api';
import { startTestServer } from '../tests/e2e/support/server';
import { ChromiumPipe } from './support/chromium-pipe';
import { chunkImporters, measure, type Target } from './support/startup-pages';

interface BudgetPath {
  label: string;
  /** How the page is opened for the real-fetch figure: inside Telegram (a 9.1 client) or not, in this language. */
  telegram: boolean;
  lang: 'en' | 'ru';
  /** Lazy chunks (manifest keys, `*` wildcard) also loaded before the screen is usable on this path. */
  extra?: string[];
  /** false: printed for information only. */
  enforced: boolean;
  /** Module ids (repo-relative, from dist/.vite/chunk-modules.json) that must not be on this path. */
  forbidden?: Forbidden[];
  /** Text the path's CSS must contain (a global stylesheet tree-shaken away breaks every screen silently). */
  requiredCss?: Array<{ text: string; what: string }>;
}

interface Forbidden {
  pattern: RegExp;
  why: string;
}

interface Budget {
  name: string;
  /** The screen opened for the real-fetch figure: the Welcome signed out, or the Wallet signed in (opened at /). */
  screen: 'welcome' | 'wallet';
  /** Manifest keys (source paths relative to the repo root); `*` matches any characters, e.g. 'src/pages/welcome/index.*'. */
  entries: string[];
  /** Lazy chunks counted when they exist as chunks (a layout that may be lazy or bundled into the entry). */
  optional?: string[];
  /** The enforced ceiling on what the browser fetches before the screen is usable (KB on the wire). */
  budgetKb: number;
  paths: BudgetPath[];
}

/** Code the Welcome never needs before it is usable: each loads with the screen that uses it. */
const FIRST_SCREEN_FORBIDDEN: Forbidden[] = [
  { pattern: /^src\/shared\/contract\//, why: 'the API contract loads with the screens that call the API' },
  { pattern: /node_modules\/@farfetched\//, why: 'farfetched (createApiQuery/createApiMutation) loads with data screens' },
  { pattern: /node_modules\/patronum\//, why: 'patronum belongs to screen models' },
  { pattern: /node_modules\/sonner\//, why: 'sonner loads on the first toast (shared/ui notify)' },
  { pattern: /node_modules\/qrcode/, why: 'QR codes load with the screens that draw them' },
  {
    pattern: /node_modules\/zod\//,
    why: 'zod loads with the data screens: the launch params are checked with valibot, which the Telegram SDK ships anyway',
  },
  { pattern: /^src\/shared\/api\/(factory|contract|http\/(request|response|send|errors))\.ts$/, why: 'the transport loads with data screens' },
  { pattern: /^src\/shared\/platform\/mock/, why: 'the dev mock is a lazy chunk loaded only outside Telegram' },
  { pattern: /^src\/pages\/(?!welcome\/)/, why: 'screens other than the Welcome are lazy route chunks' },
  {
    pattern: /node_modules\/(html-parse-stringify\/|react-i18next\/dist\/es\/(Trans|TransWithoutContext)\.js)/,
    why: "react-i18next's <Trans> (3.7 KB with its HTML parser): a first-screen sentence with links uses renderTagged (@/shared/i18n)",
  },
  { pattern: /^src\/shared\/i18n\/format\.ts$/, why: 'the Intl formatters load with the screens that show amounts and dates' },
];

/**
 * A slice's own translations (defineTexts, src/shared/i18n/slice-texts.ts) are requested as its declaration runs: the
 * first screens never carry one, the lazy part that shows the words imports it (a sheet's, a route's).
 */
const SLICE_TEXTS_LAZY: Forbidden = {
  pattern: /^src\/(pages|widgets|features|entities)\/.+\/i18n\/(texts\.ts|locales\/)/,
  why: "a slice's own texts are requested as its code runs: only its lazy part (a sheet, another screen) imports them",
};

/** Translation files on the path: only the core namespaces (src/shared/i18n/resources.ts) of these languages. */
const coreTranslationsOnly = (languages: string[]): Forbidden => ({
  pattern: new RegExp(`^src/shared/i18n/locales/(?!(${languages.join('|')})/(common|shell|welcome)\\.json$)`),
  why: 'before the first render only the core namespaces (common, shell, welcome) load; other translations load with their screens',
});

/** The global stylesheets imported for their side effects (package.json "sideEffects" must keep them). */
const GLOBAL_CSS = [
  { text: '--app-bg-color:', what: 'src/shared/platform/platform.css (Telegram theme fallbacks)' },
  { text: '--color-bg:', what: 'src/shared/ui/theme/theme.css (UI kit tokens, imported by @/shared/ui)' },
  { text: 'box-sizing:border-box', what: 'src/app/styles/global.css (reset)' },
];

/**
 * Code the wallet screen must not carry before it is usable (docs/wallet.md "Wallet (client)"): the sheets
 * are lazy chunks fetched when the browser is idle or on first open, the QR code with the USDT sheet.
 */
const WALLET_FORBIDDEN: Forbidden[] = [
  { pattern: /node_modules\/qrcode/, why: 'the QR code loads with the USDT sheet' },
  { pattern: /node_modules\/sonner\//, why: 'sonner loads on the first toast (shared/ui notify)' },
  {
    pattern: /^src\/features\/(topup-usdt|topup-sbp|exchange-currency)\/(ui\/(usdt-topup|sbp-topup|exchange)-sheet\.tsx|model\/(usdt-topup|sbp-topup|exchange)\.ts)$/,
    why: 'the top-up and exchange sheets (forms, models, mutations) load when the browser is idle or on first open',
  },
  { pattern: /^src\/shared\/platform\/mock/, why: 'the dev mock is a lazy chunk loaded only outside Telegram' },
  { pattern: /^src\/pages\/(?!wallet\/|welcome\/)/, why: 'other screens are lazy route chunks' },
  { pattern: /^src\/entities\/card\//, why: 'the card entity belongs to the card screens (the history filters are one module per account kind)' },
  {
    pattern: /^src\/features\/statement-export\/(model\/|ui\/statement-export-form)/,
    why: 'the statement form and its model load when the browser is idle or when the panel is opened',
  },
  { pattern: /^src\/shared\/platform\/capabilities\/download\.ts$/, why: 'the download capability loads with the statement form' },
  SLICE_TEXTS_LAZY,
];

/** Chunks every path outside Telegram adds: the dev mock (browser development, e2e tests, demos). */
const DEV_MOCK = 'src/shared/platform/mock-setup.ts';
/**
 * Chunks every path inside Telegram adds: the kept-session check (issue #15) that boot awaits before the first render
 * on every client since 9.0 (Device and Secure Storage; src/app/boot/start.tsx). The language sync from Telegram Cloud
 * Storage (6.9+) is not counted: it starts once the first screen is painted (app/router/recovery-screen.tsx).
 */
const DURABLE_SESSION = 'src/entities/session/model/durable-session.ts';
/** The Russian core namespaces (common, shell, welcome): one chunk initI18n() fetches before the first render. */
const RU_CORE = 'src/shared/i18n/core/ru.ts';
/**
 * The wallet route's `namespaces` (src/app/router/screens.ts): fetched with its chunk, before it renders. Not
 * on the path: `errors` (a failure's words, loaded when one shows), the history search's and statement export's own words (with
 * the lazy history tools), each sheet's own words and what they share (entities/wallet's; with the lazy sheets).
 */
const WALLET_NAMESPACES = ['wallet'];
/**
 * The index of the lazy translation files (resources.ts): fetched at boot, beside the first screen's chunk (the Wallet's own
 * files do not wait for it: their loaders are in the entry).
 */
const LOCALE_INDEX = 'src/shared/i18n/locale-files.ts';
/** A screen's translation files in one language (its route's `namespaces`, src/app/router/screens.ts). */
const locales = (lang: string, namespaces: string[]) => [LOCALE_INDEX, ...namespaces.map((ns) => `src/shared/i18n/locales/${lang}/${ns}.json`)];

/**
 * The longest chain of requests before a first screen is usable, each started by the one before it (issue #34: at most 3,
 * the document, the entry, and what the entry starts). A deeper chain is a round trip more on a slow network.
 */
const MAX_REQUEST_CHAIN = 3;

export const BUDGETS: Budget[] = [
  {
    name: 'Welcome (signed out)',
    entries: ['index.html'],
    // The Welcome is bundled into the entry (src/app/router/screens.ts); counted too should it become lazy.
    optional: ['src/pages/welcome/index.*'],
    screen: 'welcome',
    budgetKb: 150,
    paths: [
      {
        label: 'inside Telegram, English',
        telegram: true,
        lang: 'en',
        extra: [DURABLE_SESSION],
        enforced: true,
        forbidden: [...FIRST_SCREEN_FORBIDDEN, coreTranslationsOnly(['en']), SLICE_TEXTS_LAZY],
        requiredCss: GLOBAL_CSS,
      },
      {
        label: 'inside Telegram, Russian',
        telegram: true,
        lang: 'ru',
        // initI18n() fetches the core namespaces in Russian (one chunk) before the first render.
        extra: [DURABLE_SESSION, RU_CORE],
        enforced: true,
        forbidden: [...FIRST_SCREEN_FORBIDDEN, coreTranslationsOnly(['en', 'ru']), SLICE_TEXTS_LAZY],
      },
      { label: 'outside Telegram (dev mock), English', telegram: false, lang: 'en', extra: [DEV_MOCK], enforced: true },
      { label: 'outside Telegram (dev mock), Russian', telegram: false, lang: 'ru', extra: [DEV_MOCK, RU_CORE], enforced: true },
    ],
  },
  {
    name: 'Wallet (signed in)',
    // The wallet page is in the `wallet-screen` chunk (vite.config.ts): the chunk that holds the module counts.
    entries: ['index.html', 'src/pages/wallet/index.ts'],
    // The wallet screen's translations load with it (its route `namespaces`), before it renders, in the user's
    // language only (Russian has every English key, so it needs no English fallback copies: src/shared/i18n/instance.ts).
    optional: ['src/widgets/app-shell/index.*'],
    screen: 'wallet',
    budgetKb: 190,
    paths: [
      {
        label: 'inside Telegram, English',
        telegram: true,
        lang: 'en',
        extra: [DURABLE_SESSION, ...locales('en', WALLET_NAMESPACES)],
        enforced: true,
        forbidden: WALLET_FORBIDDEN,
        requiredCss: GLOBAL_CSS,
      },
      {
        label: 'inside Telegram, Russian',
        telegram: true,
        lang: 'ru',
        extra: [DURABLE_SESSION, RU_CORE, ...locales('ru', WALLET_NAMESPACES)],
        enforced: true,
        forbidden: WALLET_FORBIDDEN,
      },
      { label: 'outside Telegram (dev mock), English', telegram: false, lang: 'en', extra: [DEV_MOCK, ...locales('en', WALLET_NAMESPACES)], enforced: true },
      { label: 'outside Telegram (dev mock), Russian', telegram: false, lang: 'ru', extra: [DEV_MOCK, RU_CORE, ...locales('ru', WALLET_NAMESPACES)], enforced: true },
    ],
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
/** Written by vite.config.ts (chunkModulesReport); module ids are repo-relative. */
interface ChunkModules {
  /** chunk file → module id → rendered length */
  chunks: Record<string, Record<string, number>>;
  /** module id → ids of the modules that import it statically */
  importers: Record<string, string[]>;
}

const root = resolve(import.meta.dirname, '..');
const why = process.argv.includes('--why');

function build(outDir: string, extraArgs: string[] = []): void {
  const result = spawnSync(resolve(root, 'node_modules/.bin/vite'), ['build', '--outDir', outDir, '--emptyOutDir', ...extraArgs], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0 || !existsSync(resolve(outDir, '.vite/manifest.json'))) {
    console.error('vite build failed or wrote no manifest (vite.config.ts needs build.manifest: true)');
    process.exit(1);
  }
}

const dist = resolve(root, 'dist');
const manifestPath = resolve(dist, '.vite/manifest.json');
if (process.argv.includes('--build') || !existsSync(manifestPath)) {
  console.log(existsSync(manifestPath) ? 'Building (--build) ...' : 'No dist/.vite/manifest.json: building first ...');
  build(dist);
}

interface Bundle {
  dir: string;
  manifest: Manifest;
  modules: ChunkModules | null;
}
function readBundle(dir: string): Bundle {
  const modulesPath = resolve(dir, '.vite/chunk-modules.json');
  return {
    dir,
    manifest: JSON.parse(readFileSync(resolve(dir, '.vite/manifest.json'), 'utf8')) as Manifest,
    modules: existsSync(modulesPath) ? (JSON.parse(readFileSync(modulesPath, 'utf8')) as ChunkModules) : null,
  };
}
const bundle = readBundle(dist);
const { manifest } = bundle;

/**
 * raw / gzip -9 (the budget's unit) / served: what the server sends a browser that accepts brotli (the
 * build's `.br` copy, scripts/precompress.ts; files under 1 KiB have none and go uncompressed).
 */
const gzipCache = new Map<string, { raw: number; gzip: number; served: number }>();
function weigh(file: string, dir = dist): { raw: number; gzip: number; served: number } {
  const key = resolve(dir, file);
  let w = gzipCache.get(key);
  if (!w) {
    const bytes = readFileSync(key);
    const served = existsSync(`${key}.br`) ? statSync(`${key}.br`).size : bytes.length;
    w = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, served };
    gzipCache.set(key, w);
  }
  return w;
}

/**
 * Manifest keys for a pattern. A source module that is not a chunk of its own (captured by a code-splitting
 * group, e.g. the wallet page in `wallet-screen`, vite.config.ts) resolves to the chunk that holds it.
 */
function matchKeys(pattern: string, m: Manifest = manifest, modules: ChunkModules | null = bundle.modules): string[] {
  if (!pattern.includes('*')) {
    if (m[pattern]) return [pattern];
    const file = Object.entries(modules?.chunks ?? {}).find(([, ids]) => pattern in ids)?.[0];
    const key = file ? Object.keys(m).find((k) => m[k]?.file === file) : undefined;
    return key ? [key] : [];
  }
  const re = new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
  return Object.keys(m).filter((k) => re.test(k));
}

/** The chunk's files (JS + CSS) and those of its static imports, recursively. */
function staticClosure(key: string, m: Manifest, files = new Set<string>(), seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return files;
  seen.add(key);
  const chunk = m[key];
  if (!chunk) return files;
  if (/\.(m?js|css)$/.test(chunk.file)) files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) staticClosure(imported, m, files, seen);
  return files;
}

/**
 * Every file of a budget on a path. `missing`: required entries not built (the budget is skipped);
 * `lost`: extra chunks of the path that are not in the manifest (the figure would be wrong: an error).
 */
function filesOf(budget: Budget, path: BudgetPath, b: Bundle): { files: Set<string>; missing: string[]; lost: string[] } {
  const m = b.manifest;
  const keys = (pattern: string) => matchKeys(pattern, m, b.modules);
  const missing = budget.entries.filter((e) => keys(e).length === 0);
  const lost = (path.extra ?? []).filter((e) => keys(e).length === 0);
  const files = new Set<string>();
  for (const entry of [...budget.entries, ...(budget.optional ?? []), ...(path.extra ?? [])]) {
    for (const key of keys(entry)) staticClosure(key, m, files);
  }
  return { files, missing, lost };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));
const lpad = (s: string, n: number) => (s.length >= n ? s : ' '.repeat(n - s.length) + s);

// 1. Every chunk (JS and its CSS), lazy ones marked.
const rows = Object.entries(manifest)
  .filter(([, c]) => /\.(m?js|css)$/.test(c.file))
  .map(([key, c]) => {
    const kind = c.isEntry ? 'entry' : c.isDynamicEntry ? 'lazy' : 'shared';
    const own = [c.file, ...(c.css ?? [])].map((f) => weigh(f));
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

// 2. Budgets, per path.
console.log('\nCode each path is built to load (entry + listed lazy chunks + their static imports, each file once; gzip -9, for reference):');
let failed = false;
for (const budget of BUDGETS) {
  console.log(`\n${budget.name}:`);
  for (const path of budget.paths) {
    const { files, missing, lost } = filesOf(budget, path, bundle);
    if (missing.length) {
      console.log(`  - ${path.label}: SKIPPED, not built yet: ${missing.join(', ')}`);
      continue;
    }
    if (lost.length) {
      // E.g. a chunking rule merged the file into another chunk: update `extra`, never measure without it.
      console.log(`  - ${path.label}: CANNOT MEASURE, not a chunk in the manifest: ${lost.join(', ')}`);
      failed ||= path.enforced;
      continue;
    }
    const total = [...files].reduce((s, f) => s + weigh(f).gzip, 0);
    const served = [...files].reduce((s, f) => s + weigh(f).served, 0);
    console.log(`  - ${path.label}: ${kb(total)} KB in ${files.size} files [served as brotli: ${kb(served)} KB]`);
    for (const f of [...files].sort((a, b) => weigh(b).gzip - weigh(a).gzip)) console.log(`      ${lpad(kb(weigh(f).gzip), 7)} KB  ${f}`);

    const css = [...files].filter((f) => f.endsWith('.css')).map((f) => readFileSync(resolve(dist, f), 'utf8')).join('\n');
    for (const required of path.requiredCss ?? []) {
      if (css.replace(/\s+/g, '').includes(required.text.replace(/\s+/g, ''))) continue;
      failed = true;
      console.log(`      MISSING GLOBAL CSS: ${required.what} (no "${required.text}"): check package.json "sideEffects"`);
    }

    if (path.enforced && path.forbidden?.length) {
      if (!bundle.modules) {
        console.log('      (no dist/.vite/chunk-modules.json: lazy-only code not checked; rebuild with this vite.config.ts)');
        continue;
      }
      const { chunks, importers } = bundle.modules;
      const onPath = new Set([...files].flatMap((file) => Object.keys(chunks[file] ?? {})));
      const violations = new Map<string, string[]>();
      for (const id of onPath) {
        const rule = path.forbidden.find((r) => r.pattern.test(id));
        if (rule) violations.set(rule.why, [...(violations.get(rule.why) ?? []), id]);
      }
      for (const [reason, ids] of violations) {
        failed = true;
        console.log(`      LAZY-ONLY CODE ON THIS PATH (${reason}):`);
        for (const id of ids.slice(0, 6)) console.log(`          ${id}`);
        if (ids.length > 6) console.log(`          … and ${ids.length - 6} more`);
        console.log(`        pulled in by: ${importChain(ids[0] ?? '', importers, onPath).join('\n                  ← ')}`);
      }
      if (violations.size > 0) console.log('      Import it from a lazy screen / load it with import() (docs/frontend.md "Bundle budget").');
    }
  }
}

// 3. The budgets: what the browser fetches before each screen is usable, on each path.
failed = (await measureFetches()) || failed;

// 4. --why: per package / module attribution from source maps.
if (why) explain();

if (failed) {
  console.error('\nsize: a first screen is over its budget, chains its requests too deep, or loads code that must stay lazy');
  process.exit(1);
}
console.log('\nsize: all budgets met');

/**
 * Opens each budget's screen on each of its paths in Chromium (no throttling) and weighs what was fetched before it was
 * usable (scripts/support/startup-pages.ts). Returns true when a path is over its budget.
 */
async function measureFetches(): Promise<boolean> {
  console.log('\nBudgets: what the browser fetches before the screen is usable (bytes on the wire as served, every request; Chromium, dist/ on the real server):');
  let over = false;
  const server = await startTestServer();
  const browser = ChromiumPipe.launch();
  try {
    const user = await signUpViaApi(server.url, 'size', { firstName: 'Anna', lastName: 'Smith' });
    const importers = chunkImporters(dist);
    for (const budget of BUDGETS) {
      console.log(`\n${budget.name}: budget ${budget.budgetKb} KB`);
      for (const path of budget.paths) {
        const target: Target =
          budget.screen === 'welcome'
            ? { name: budget.name, path: '/', readySelector: 'a[href="/signup"]', readyLabel: '', storage: { 'tgwallet.language': path.lang }, telegram: path.telegram, importers }
            : { name: budget.name, path: '/', readySelector: '[data-testid="wallet-balance"] [data-currency]', readyLabel: '', storage: signedInStorage(user, path.lang), telegram: path.telegram, importers };
        const sample = await measure(browser, server, target, { lang: path.lang, cpuRate: 1, latencyMs: 0, telegramVersion: '9.1', telegramStorageMs: 0 });
        const limit = budget.budgetKb;
        const pathOver = sample.wireKb > limit;
        const chainOver = sample.depth > MAX_REQUEST_CHAIN;
        over ||= (pathOver || chainOver) && path.enforced;
        const verdict = [pathOver && 'OVER BUDGET', chainOver && `CHAIN OVER ${MAX_REQUEST_CHAIN}`].filter(Boolean).join(', ') || 'OK';
        console.log(
          `  - ${path.label}: ${sample.wireKb.toFixed(1)} KB of ${limit} KB (${((sample.wireKb / limit) * 100).toFixed(0)}%, ${(limit - sample.wireKb).toFixed(1)} KB left) in ${sample.requests} requests, chain ${sample.depth} of ${MAX_REQUEST_CHAIN}  ${verdict}`,
        );
        for (const request of sample.fetched) console.log(`      ${lpad(request.kb.toFixed(1), 7)} KB  ${request.url}`);
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return over;
}

/**
 * Shortest static import chain from `id` up to a module on the path that nothing imports statically (the
 * entry, src/app/main.tsx): BFS over importers, also through modules tree-shaken out of the output (barrels).
 */
function importChain(id: string, importers: Record<string, string[]>, onPath: Set<string>): string[] {
  const previous = new Map<string, string>([[id, '']]);
  const queue = [id];
  while (queue.length > 0) {
    const current = queue.shift() as string;
    const parents = importers[current] ?? [];
    if (parents.length === 0 && onPath.has(current)) {
      const chain: string[] = [];
      for (let at: string | undefined = current; at; at = previous.get(at) || undefined) chain.push(at);
      return chain.reverse();
    }
    for (const parent of parents) {
      if (previous.has(parent)) continue;
      previous.set(parent, current);
      queue.push(parent);
    }
  }
  return [id];
}

/** Base64 VLQ source map "mappings" → per generated line, segments [column, sourceIndex?]. */
function decodeMappings(mappings: string): Array<Array<[number, number | undefined]>> {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const lines: Array<Array<[number, number | undefined]>> = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const segments: Array<[number, number | undefined]> = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const values: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = chars.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0] ?? 0;
      if (values.length > 1) source += values[1] ?? 0;
      segments.push([column, values.length > 1 ? source : undefined]);
    }
    lines.push(segments);
  }
  return lines;
}

function packageOf(source: string): string {
  const path = source.replace(/^(\.\.\/)+/, '').replace(/^\/?work\/main\//, '').replace(/\?.*$/, '');
  const at = path.lastIndexOf('node_modules/');
  if (at >= 0) {
    const parts = path.slice(at + 'node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? path);
  }
  return path;
}

function explain(): void {
  const whyDir = resolve(root, '.tmp/size-why');
  console.log(`\n--why: building a copy with source maps into ${whyDir} ...`);
  build(whyDir, ['--sourcemap', '--logLevel', 'warn']);
  const copy = readBundle(whyDir);
  for (const budget of BUDGETS) {
    for (const path of budget.paths) {
      if (!path.enforced) continue;
      const { files, missing, lost } = filesOf(budget, path, copy);
      if (missing.length || lost.length) continue;
      const byPackage = new Map<string, { raw: number; gzip: number }>();
      const add = (name: string, raw: number, gzip: number) => {
        const entry = byPackage.get(name) ?? { raw: 0, gzip: 0 };
        entry.raw += raw;
        entry.gzip += gzip;
        byPackage.set(name, entry);
      };
      let total = 0;
      for (const file of files) {
        const { gzip } = weigh(file, whyDir);
        total += gzip;
        const mapFile = resolve(whyDir, `${file}.map`);
        if (!file.endsWith('.js') || !existsSync(mapFile)) {
          add(file.endsWith('.css') ? '(CSS)' : '(no source map)', weigh(file, whyDir).raw, gzip);
          continue;
        }
        const code = readFileSync(resolve(whyDir, file), 'utf8').split('\n');
        const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string };
        const perSource = new Map<string, number>();
        decodeMappings(map.mappings).forEach((segments, lineIndex) => {
          const line = code[lineIndex] ?? '';
          let previous = 0;
          let owner = '(bundler glue, JSON, CSS-module maps)';
          for (const [column, source] of segments) {
            perSource.set(owner, (perSource.get(owner) ?? 0) + column - previous);
            previous = column;
            owner = source === undefined ? '(bundler glue, JSON, CSS-module maps)' : packageOf(map.sources[source] ?? '?');
          }
          perSource.set(owner, (perSource.get(owner) ?? 0) + line.length + 1 - previous);
        });
        const fileRaw = [...perSource.values()].reduce((s, n) => s + n, 0) || 1;
        for (const [owner, raw] of perSource) add(owner, raw, (gzip * raw) / fileRaw);
      }
      console.log(`\n${budget.name}, ${path.label}: ${kb(total)} KB gzip, by package / source module (gzip shared out by raw bytes):`);
      for (const [name, size] of [...byPackage].sort((a, b) => b[1].gzip - a[1].gzip)) {
        if (size.gzip < 40) continue;
        console.log(`  ${lpad(kb(size.gzip), 6)} KB  ${lpad(kb(size.raw), 6)} KB raw  ${name}`);
      }
    }
  }
}
