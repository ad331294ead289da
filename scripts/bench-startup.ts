/**
 * `npm run bench:startup`: time to the first usable screen of the built app vs a bare React 19 page.
 *
 * The app: dist/ (built when missing, or with --build) served by the real server (fresh in-memory
 * database). The baseline: a one-component React 19 page built with Vite into .tmp/ in this run and
 * served by the same server. Both open in headless Chromium (phone viewport, fresh context = cold
 * cache) with 4x CPU throttling (CDP Emulation.setCPUThrottlingRate); RUNS runs each, interleaved,
 * median reported. "Usable" = the latest of: READY_SELECTOR (the Welcome's primary "Create account"
 * link) first visible, recorded inside the page; miniApp.ready() (the mock's `web_app_ready` call, from
 * window.__tgMockCalls); a `performance.mark('app-ready')` if the page sets one.
 * Prints figures only; never fails on timing.
 *
 * Env: BENCH_RUNS (default 5), BENCH_CPU_RATE (default 4), BENCH_READY_SELECTOR.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react-swc';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { launchChromium, newPhoneContext } from '../tests/e2e/support/browser';
import { startTestServer, type RunningServer } from '../tests/e2e/support/server';

const root = resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CPU_RATE = Number(process.env.BENCH_CPU_RATE ?? 4);
/** The Welcome's primary action ("Create account"); the first visible button as a fallback. */
const READY_SELECTOR = process.env.BENCH_READY_SELECTOR ?? 'a[href="/signup"], [data-testid="welcome-primary"]';

interface Sample {
  ready: number;
  readySource: string;
  fcp: number | null;
  domContentLoaded: number;
  jsKb: number;
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
  const bareDir = resolve(root, '.tmp/bench-bare');
  rmSync(bareDir, { recursive: true, force: true });
  mkdirSync(resolve(bareDir, 'src'), { recursive: true });
  writeFileSync(
    resolve(bareDir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />' +
      '<title>bare</title></head><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>',
  );
  writeFileSync(
    resolve(bareDir, 'src/main.tsx'),
    `import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
function App() {
  useEffect(() => { performance.mark('app-ready'); }, []);
  return <main><h1>Hello</h1><p>A bare React 19 page.</p><a href="/signup">Create account</a></main>;
}
createRoot(document.getElementById('root')!).render(<StrictMode><App /></StrictMode>);
`,
  );
  await build({
    root: bareDir,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: resolve(bareDir, 'dist'), emptyOutDir: true, target: 'es2022' },
  });

  // 3. Serve both with the real server; measure interleaved.
  const app = await startTestServer();
  const bare = await startTestServer({ staticDir: resolve(bareDir, 'dist') });
  const browser = await launchChromium();
  const samples: Record<'app' | 'bare', Sample[]> = { app: [], bare: [] };
  try {
    await measure(browser, app, true); // warm-up (server-side caches, Chromium start), not counted
    await measure(browser, bare, true);
    for (let i = 0; i < RUNS; i++) {
      samples.app.push(await measure(browser, app));
      samples.bare.push(await measure(browser, bare));
      process.stdout.write(`  run ${i + 1}/${RUNS}: app ${samples.app.at(-1)!.ready.toFixed(0)} ms, bare ${samples.bare.at(-1)!.ready.toFixed(0)} ms\n`);
    }
  } finally {
    await browser.close();
    await app.close();
    await bare.close();
  }

  // 4. Report.
  const med = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    const m = Math.floor(s.length / 2);
    return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
  };
  const row = (name: string, xs: Sample[]) => {
    const fcps = xs.map((x) => x.fcp).filter((x): x is number => x !== null);
    return `${name.padEnd(22)} ${med(xs.map((x) => x.ready)).toFixed(0).padStart(8)} ${(fcps.length ? med(fcps).toFixed(0) : '-').padStart(8)} ${med(xs.map((x) => x.domContentLoaded)).toFixed(0).padStart(8)} ${med(xs.map((x) => x.jsKb)).toFixed(1).padStart(10)}   ${xs[0]!.readySource}`;
  };
  const appMs = med(samples.app.map((x) => x.ready));
  const bareMs = med(samples.bare.map((x) => x.ready));
  console.log(`\nStart-up, median of ${RUNS} cold runs, ${CPU_RATE}x CPU throttling, 390x844, localhost (ms):\n`);
  console.log(`${'page'.padEnd(22)} ${'usable'.padStart(8)} ${'FCP'.padStart(8)} ${'DCL'.padStart(8)} ${'JS KB'.padStart(10)}   usable = latest of`);
  console.log(row('app (Welcome)', samples.app));
  console.log(row('bare React 19 page', samples.bare));
  console.log(`\nratio app / bare (usable): ${(appMs / bareMs).toFixed(2)}x  (+${(appMs - bareMs).toFixed(0)} ms)`);
  console.log('Figures only: this never fails on timing.');
}

/** In-page script: sets window.__firstUsable (performance.now()) when `selector` is first visible. */
function readyProbe(selector: string): string {
  return `(() => {
    const selector = ${JSON.stringify(selector)};
    const visible = () => Array.from(document.querySelectorAll(selector)).some((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    });
    const check = () => {
      if (window.__firstUsable === undefined && document.body && visible()) window.__firstUsable = performance.now();
      return window.__firstUsable !== undefined;
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
    const loop = () => { if (!check()) requestAnimationFrame(loop); };
    requestAnimationFrame(loop);
  })();`;
}

async function measure(browser: Browser, server: RunningServer, warmUp = false): Promise<Sample> {
  const context = await newPhoneContext(browser, { locale: 'en-US' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: warmUp ? 1 : CPU_RATE });
    // Inside the page: note when the ready selector is first visible (checked on every DOM change and frame).
    // A string, not a function: tsx/esbuild would wrap nested functions in `__name()`, which the page lacks.
    await page.addInitScript(readyProbe(READY_SELECTOR));
    await page.goto(server.url + '/', { waitUntil: 'commit' });
    await page.waitForFunction(() => (window as unknown as { __firstUsable?: number }).__firstUsable !== undefined, undefined, {
      timeout: 60_000,
      polling: 50,
    });
    // Also wait for miniApp.ready() (the 6.7 mock records web_app_ready) or an app-ready mark: usable = the latest.
    await page
      .waitForFunction(
        () =>
          performance.getEntriesByName('app-ready', 'mark').length > 0 ||
          ((window as unknown as { __tgMockCalls?: { method: string }[] }).__tgMockCalls ?? []).some((c) => c.method === 'web_app_ready'),
        undefined,
        { timeout: 3_000, polling: 50 },
      )
      .catch(() => undefined);
    const m = await page.evaluate(() => {
      const mark = performance.getEntriesByName('app-ready', 'mark')[0];
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const js = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((r) => r.initiatorType === 'script' || r.name.endsWith('.js'))
        .reduce((sum, r) => sum + (r.transferSize || r.encodedBodySize || 0), 0);
      const calls = (window as unknown as { __tgMockCalls?: { method: string; at: number }[] }).__tgMockCalls ?? [];
      const readyCall = calls.find((c) => c.method === 'web_app_ready');
      return {
        mark: mark?.startTime ?? null,
        readyCall: readyCall ? readyCall.at - performance.timeOrigin : null,
        usable: (window as unknown as { __firstUsable?: number }).__firstUsable ?? null,
        fcp: fcp?.startTime ?? null,
        dcl: nav?.domContentLoadedEventEnd ?? 0,
        js,
      };
    });
    return {
      ready: Math.max(m.mark ?? 0, m.usable ?? 0, m.readyCall ?? 0),
      readySource: ['primary link visible', ...(m.readyCall !== null ? ['miniApp.ready()'] : []), ...(m.mark !== null ? ['app-ready mark'] : [])].join(' + '),
      fcp: m.fcp,
      domContentLoaded: m.dcl,
      jsKb: m.js / 1024,
    };
  } finally {
    await context.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
