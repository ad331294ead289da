/**
 * `npm run bench:startup`: time to the first usable screen of the built app vs a bare React 19 page.
 *
 * The app: dist/ (built when missing, or with --build) served by the real server (fresh in-memory
 * database). Two of its screens: the Welcome (signed out, "/") and the Wallet of a signed-in user ("/wallet",
 * tokens in localStorage as the sign-in screen leaves them; the user is made through the API first), and that Wallet
 * opened at "/" as Telegram opens a Mini App (the app's root URL, which sends a signed-in user on to /wallet). The
 * baseline: a one-component React 19 page built with Vite into .tmp/ in this run and served by the same
 * server. All open in headless Chromium (phone viewport, fresh context = cold cache, outside Telegram: the dev
 * mock) with 4x CPU throttling (CDP Emulation.setCPUThrottlingRate), driven over Chromium's DevTools pipe with no
 * debugger session in the page (scripts/support/chromium-pipe.ts: Playwright's Runtime session made V8 re-parse the
 * whole entry for source positions and injected its own 330 KB script, ~150–250 ms at 4x that no user's phone spends and
 * that shrank every ratio); RUNS runs each, interleaved (the order rotates
 * from run to run, so each page is measured first in turn: use a multiple of the page count for RUNS), median
 * reported with the per-run ratios to the bare page and to the floor (targets, issue #34: the Wallet <= 2x the bare page
 * and <= 1.3x its floor, with a request chain <= 3 deep; the Welcome <= 1.1x its floor).
 * Beside them, the stack's floor (`floor: Welcome`, `floor: Wallet`): one small page made of the packages the two
 * screens are made of, each doing the least the screen needs of it (step 2b below). What a screen costs above its
 * floor is the app's own; what the floor costs above the bare page is the stack's.
 * "Usable" = the latest of: the start of the first frame showing the screen's ready selector visible, recorded inside
 * the page (Welcome: its "Create account" link; Wallet: the balances with their figures); miniApp.ready() (the mock's
 * `web_app_ready` call, from window.__tgMockCalls); a `performance.mark('app-ready')` if the page sets one; the first
 * contentful paint (Paint Timing: when the first text was presented, not when its frame began).
 *
 * Network (Chromium's log over CDP), for the requests started before the screen was usable: how many, the
 * bytes on the wire (as served: brotli) and the chain depth — the longest sequence of requests each started
 * by one before it (document → entry → chunk → …; a request without a known initiator counts as started by
 * the latest script that had finished). A waterfall of lazy chunks shows as a deep chain.
 *
 * Prints figures only; never fails on timing.
 *
 * Env: BENCH_RUNS (default 5), BENCH_CPU_RATE (default 4), BENCH_LANG (default en), BENCH_DIST (another build of the
 * app to measure instead of dist/), BENCH_COMPARE (another build measured too, interleaved, rows `compare: …`:
 * e.g. an older commit's, for a before/after in one run), BENCH_LATENCY_MS (a round trip added to every request of
 * every page, bare included: a phone's network instead of localhost's; default 0), BENCH_TELEGRAM=1 (the app's pages
 * opened as Telegram's Android client opens a Mini App: its bridge and launch parameters, no dev mock; the bare page as
 * it is; BENCH_TELEGRAM_VERSION, default 9.1; BENCH_TELEGRAM_STORAGE_MS, how long its Device and Secure Storage take to
 * answer, default 0), BENCH_PAGES (a regular expression: only the pages whose name matches, beside the bare page).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react-swc';
import { build, type PluginOption } from 'vite';
import { signedInStorage, signUpViaApi } from '../tests/e2e/support/api';
import { MOCK_THEMES } from '../src/shared/platform/mock-theme';
import { precompressDirectory } from './precompress';
import { compileHints, telegramLaunchCheckOnce, telegramLaunchParamsParsedOnce } from './vite-startup-plugins';
import { ChromiumPipe } from './support/chromium-pipe';
import { chunkImporters, measure, type MeasureOptions, type Sample, type Target } from './support/startup-pages';
import { startTestServer, type RunningServer } from '../tests/e2e/support/server';

const root = resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CPU_RATE = Number(process.env.BENCH_CPU_RATE ?? 4);
const LANG = process.env.BENCH_LANG ?? 'en';
/** Round-trip time added to every request of every page (a phone's network; 0 = localhost as it is). */
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 0);
/** The app's pages opened as Telegram's Android client opens a Mini App (no dev mock); the bare page as it is. */
const IN_TELEGRAM = process.env.BENCH_TELEGRAM === '1';
/** The client's Mini Apps version (9.0+ has Device and Secure Storage, which a start reads for a kept session). */
const TELEGRAM_VERSION = process.env.BENCH_TELEGRAM_VERSION ?? '9.1';
/** How long the client's Device and Secure Storage take to answer (a phone's keychain; default 0: a task later). */
const TELEGRAM_STORAGE_MS = Number(process.env.BENCH_TELEGRAM_STORAGE_MS ?? 0);
const MEASURED: MeasureOptions = { lang: LANG, cpuRate: CPU_RATE, latencyMs: LATENCY_MS, telegramVersion: TELEGRAM_VERSION, telegramStorageMs: TELEGRAM_STORAGE_MS };
const WARM_UP: MeasureOptions = { ...MEASURED, cpuRate: 1, latencyMs: 0 };

/**
 * A one-file page built now with the same Vite into .tmp/bench-<name> (its `src/main.tsx` is `source`) and served like
 * the app: pre-compressed (brotli and gzip copies beside each file). Returns the folder; the build is in `dist/`.
 */
async function buildPage(name: string, source: string, plugins: PluginOption[]): Promise<string> {
  const dir = resolve(root, `.tmp/bench-${name}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(resolve(dir, 'src'), { recursive: true });
  writeFileSync(
    resolve(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />' +
      `<title>${name}</title></head><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>`,
  );
  writeFileSync(resolve(dir, 'src/main.tsx'), source);
  await build({ root: dir, configFile: false, logLevel: 'warn', plugins, build: { outDir: resolve(dir, 'dist'), emptyOutDir: true, target: 'es2022' } });
  await precompressDirectory(resolve(dir, 'dist'));
  return dir;
}

async function main(): Promise<void> {
  // 1. The app's build.
  if (process.argv.includes('--build') || !existsSync(resolve(root, 'dist/index.html'))) {
    console.log('Building the app (vite build) ...');
    const r = spawnSync(resolve(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('vite build failed');
  } else {
    console.log('Using the existing dist/ (pass --build to rebuild).');
  }

  // 2. The baseline: a bare React 19 page, built now with the same Vite.
  const bareDir = await buildPage(
    'bare',
    `import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
function App() {
  useEffect(() => { performance.mark('app-ready'); }, []);
  return <main><h1>Hello</h1><p>A bare React 19 page.</p><a href="/signup">Create account</a></main>;
}
createRoot(document.getElementById('root')!).render(<StrictMode><App /></StrictMode>);
`,
    [react()],
  );

  // 2b. The stack's floor: a page made of the packages the two screens are made of (the design card's react-router-dom,
  // i18next + react-i18next, effector + effector-react, @farfetched/core, zod, @telegram-apps/sdk-react), each doing the
  // least the screen needs of it: the platform detected (the SDK's mock outside Telegram, as the app's dev mock), the
  // SDK started and its theme and viewport mounted, one translation loaded, a router with two routes. "/" shows one
  // store and one link; "/wallet" the balances of one farfetched query, its answer checked by a zod schema and the
  // amounts formatted by Intl (the query starts with the page, as the app's does). Then `miniApp.ready()`. One file,
  // built with the same Vite and the app's build plugins (the compile hint on the entry, the Telegram SDK's patches).
  // A page of this stack can hardly be faster: what the app's screens cost above it is the app's own.
  const floorDir = await buildPage(
    'floor',
    `import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, RouterProvider } from 'react-router-dom';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { createEffect, createStore } from 'effector';
import { useUnit } from 'effector-react';
import { createQuery, type Contract } from '@farfetched/core';
import * as z from 'zod/mini';
import { emitEvent, init, isTMA, miniApp, mockTelegramEnv, themeParams, viewport } from '@telegram-apps/sdk-react';

const $title = createStore('Wallet');
const THEME = ${JSON.stringify(MOCK_THEMES.light)};
const Money = z.object({ amount: z.number(), currency: z.string() });
const Wallet = z.object({ balances: z.array(z.object({ currency: z.string(), available: Money, held: Money })), usdtDepositTag: z.string(), updatedAt: z.string() });
const contract: Contract<unknown, z.infer<typeof Wallet>> = {
  isData: (raw): raw is z.infer<typeof Wallet> => z.safeParse(Wallet, raw).success,
  getErrorMessages: () => ['not a wallet'],
};
const walletQuery = createQuery({
  effect: createEffect(async () => {
    const response = await fetch('/api/wallet', { headers: { authorization: 'Bearer ' + localStorage.getItem('tgwallet.accessToken') } });
    return (await response.json()).data;
  }),
  contract,
});

function Welcome() {
  const { t } = useTranslation();
  const title = useUnit($title);
  useEffect(() => { miniApp.ready.ifAvailable(); }, []);
  return <main><h1>{title}</h1><p>{t('tagline')}</p><Link to="/signup">{t('create')}</Link></main>;
}

function WalletScreen() {
  const { t, i18n } = useTranslation();
  const wallet = useUnit(walletQuery.$data);
  useEffect(() => { miniApp.ready.ifAvailable(); }, []);
  return (
    <main>
      <h1>{t('balance')}</h1>
      <section data-testid="wallet-balance">
        {wallet?.balances.map((b) => (
          <p key={b.currency} data-currency={b.currency}>
            {new Intl.NumberFormat(i18n.language, { style: 'currency', currency: b.currency }).format(b.available.amount / 100)}
          </p>
        ))}
      </section>
    </main>
  );
}

async function boot() {
  if (location.pathname === '/wallet') walletQuery.start();
  if (!(await isTMA('complete', { timeout: 100 }))) {
    const data = new URLSearchParams({ user: JSON.stringify({ id: 1, first_name: 'Anna' }), auth_date: String(Math.floor(Date.now() / 1000)), hash: '0'.repeat(64), signature: 'x' });
    mockTelegramEnv({
      launchParams: new URLSearchParams({ tgWebAppData: data.toString(), tgWebAppPlatform: 'tdesktop', tgWebAppVersion: '6.7', tgWebAppThemeParams: JSON.stringify(THEME) }).toString(),
      onEvent([method]) {
        ((window as any).__tgMockCalls ??= []).push({ method, at: Date.now() });
        if (method === 'web_app_request_theme') emitEvent('theme_changed', { theme_params: THEME });
        if (method === 'web_app_request_viewport') emitEvent('viewport_changed', { height: innerHeight, width: innerWidth, is_expanded: true, is_state_stable: true });
      },
    });
  }
  init();
  miniApp.mountSync.ifAvailable();
  themeParams.mountSync.ifAvailable();
  themeParams.bindCssVars.ifAvailable();
  if (viewport.mount.isAvailable()) await viewport.mount({ timeout: 1500 }).catch(() => undefined);
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: { tagline: 'Cards and a wallet in Telegram', create: 'Create account', balance: 'Balance' } } },
  });
  const router = createBrowserRouter([{ path: '/wallet', element: <WalletScreen /> }, { path: '*', element: <Welcome /> }]);
  createRoot(document.getElementById('root')!).render(<StrictMode><RouterProvider router={router} /></StrictMode>);
}
void boot();
`,
    [react(), telegramLaunchCheckOnce(), telegramLaunchParamsParsedOnce(), compileHints(['index'])],
  );

  // 3. Serve both with the real server; a signed-in user for the Wallet; measure interleaved.
  const appDist = resolve(process.env.BENCH_DIST ?? resolve(root, 'dist'));
  const app = await startTestServer(process.env.BENCH_DIST ? { staticDir: appDist } : {});
  // BENCH_COMPARE=<another build>: its two screens measured too, interleaved (a before/after in one run).
  const other = process.env.BENCH_COMPARE ? await startTestServer({ staticDir: resolve(process.env.BENCH_COMPARE) }) : null;
  const bare = await startTestServer({ staticDir: resolve(bareDir, 'dist') });
  const floor = await startTestServer({ staticDir: resolve(floorDir, 'dist') });
  /** A signed-in user's Wallet opened at `path`: usable once its balances show their figures. */
  const walletTarget = (name: string, path: string, user: { accessToken: string; refreshToken: string }, importers?: Map<string, string[]>): Target => ({
    importers,
    name,
    path,
    readySelector: '[data-testid="wallet-balance"] [data-currency]',
    readyLabel: 'balances visible',
    storage: signedInStorage(user, LANG),
    telegram: IN_TELEGRAM,
  });
  const appTargets = async (server: RunningServer, label: string, distDir: string): Promise<Array<{ target: Target; server: RunningServer }>> => {
    const user = await signUpViaApi(server.url, 'bench', { firstName: 'Anna', lastName: 'Smith' });
    const importers = chunkImporters(distDir);
    return [
      {
        server,
        target: {
          name: `${label}: Welcome`,
          path: '/',
          readySelector: 'a[href="/signup"]',
          readyLabel: '"Create account" visible',
          storage: { 'tgwallet.language': LANG },
          telegram: IN_TELEGRAM,
          importers,
        },
      },
      { server, target: walletTarget(`${label}: Wallet, signed in`, '/wallet', user, importers) },
      // How Telegram opens the Mini App from the bot's menu button or link: its root URL, which sends a signed-in user
      // on to /wallet.
      { server, target: walletTarget(`${label}: Wallet, signed in, opened at /`, '/', user, importers) },
    ];
  };
  const floorTargets = async (server: RunningServer): Promise<Array<{ target: Target; server: RunningServer }>> => {
    const user = await signUpViaApi(server.url, 'floor', { firstName: 'Anna', lastName: 'Smith' });
    return [
      { server, target: { name: 'floor: Welcome', path: '/', readySelector: 'a[href="/signup"]', readyLabel: 'link visible', telegram: IN_TELEGRAM } },
      { server, target: walletTarget('floor: Wallet', '/wallet', user) },
    ];
  };
  // BENCH_PAGES=<regular expression>: only the pages whose name matches (the bare page is always measured).
  const only = process.env.BENCH_PAGES ? new RegExp(process.env.BENCH_PAGES) : null;
  const targets: Array<{ target: Target; server: RunningServer }> = [
    ...(await appTargets(app, 'app', appDist)),
    ...(other ? await appTargets(other, 'compare', resolve(process.env.BENCH_COMPARE!)) : []),
    ...(await floorTargets(floor)),
  ].filter(({ target }) => !only || only.test(target.name));
  targets.push({ server: bare, target: { name: 'bare React 19 page', path: '/', readySelector: 'a[href="/signup"]', readyLabel: 'link visible' } });
  const browser = ChromiumPipe.launch();
  const samples = targets.map(() => [] as Sample[]);
  try {
    // Warm-up (server-side caches, Chromium start), not counted.
    for (const { target, server } of targets) await measure(browser, server, target, WARM_UP);
    for (let i = 0; i < RUNS; i++) {
      // The order rotates from run to run (each page is measured first in turn): a page's place in a run biased the
      // figures by ~5 % here, as much as the changes being compared.
      const order = targets.map((_, k) => (k + i) % targets.length);
      const ready = new Map<number, number>();
      for (const index of order) {
        const { target, server } = targets[index]!;
        const sample = await measure(browser, server, target, MEASURED);
        samples[index]!.push(sample);
        ready.set(index, sample.ready);
      }
      const line = targets.map(({ target }, index) => `${target.name} ${ready.get(index)!.toFixed(0)} ms`);
      process.stdout.write(`  run ${i + 1}/${RUNS} (first: ${targets[order[0]!]!.target.name}): ${line.join(', ')}\n`);
    }
  } finally {
    await browser.close();
    await app.close();
    await other?.close();
    await bare.close();
    await floor.close();
  }

  // 4. Report.
  const med = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    const m = Math.floor(s.length / 2);
    return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
  };
  const bareMs = med(samples.at(-1)!.map((x) => x.ready));
  /** Per-run ratios of page `index` to page `base` (measured back to back in every run): "median [min–max]". */
  const perRun = (index: number, base: number | undefined) => {
    if (base === undefined || base < 0) return '-';
    const ratios = samples[index]!.map((x, run) => x.ready / samples[base]![run]!.ready);
    return `${med(ratios).toFixed(2)}x [${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}]`;
  };
  const floorOf = (name: string) => (name.startsWith('floor:') ? -1 : targets.findIndex(({ target }) => target.name === (/Welcome/.test(name) ? 'floor: Welcome' : 'floor: Wallet')));
  console.log(`\nStart-up, median of ${RUNS} cold runs, ${CPU_RATE}x CPU throttling, 390x844, ${LATENCY_MS > 0 ? `localhost + ${LATENCY_MS} ms per round trip` : 'localhost'}, ${IN_TELEGRAM ? `inside Telegram (Android client's bridge, ${TELEGRAM_VERSION})` : 'outside Telegram (dev mock)'}, ${LANG} (ms):\n`);
  console.log(
    `${'page'.padEnd(38)} ${'usable'.padStart(7)} ${'x bare, per run'.padStart(22)} ${'x floor, per run'.padStart(22)} ${'FCP'.padStart(6)} ${'requests'.padStart(9)} ${'wire KB'.padStart(8)} ${'chain'.padStart(6)}   usable = latest of`,
  );
  for (const [index, { target }] of targets.entries()) {
    const xs = samples[index]!;
    const fcps = xs.map((x) => x.fcp).filter((x): x is number => x !== null);
    const ready = med(xs.map((x) => x.ready));
    console.log(
      `${target.name.padEnd(38)} ${ready.toFixed(0).padStart(7)} ${perRun(index, samples.length - 1).padStart(22)} ${perRun(index, floorOf(target.name)).padStart(22)} ${(fcps.length ? med(fcps).toFixed(0) : '-').padStart(6)} ${med(xs.map((x) => x.requests)).toFixed(0).padStart(9)} ${med(xs.map((x) => x.wireKb)).toFixed(1).padStart(8)} ${med(xs.map((x) => x.depth)).toFixed(0).padStart(6)}   ${target.readyLabel}${xs[0]!.readySource}`,
    );
  }
  console.log(`\nbare page median ${bareMs.toFixed(0)} ms. x bare / x floor: the median of the ratios within each run [min-max] (the pages are measured one after another in every run), to the bare page and to the floor page of the same screen.`);
  console.log('requests / wire KB / chain: started before the screen was usable (API calls included); chain = longest sequence of requests each started by the previous one.');
  console.log("floor: the same screen made of the same packages and nothing else (the stack's least cost); the app's screens above it are the app's own cost.");
  console.log('Targets (issue #34): the Wallet signed in (opened at /, as Telegram opens it) <= 2x the bare page and <= 1.3x its floor, chain <= 3; the Welcome <= 1.1x its floor. Figures only: this never fails on timing.');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
