/**
 * Opening a built page the way `npm run bench:startup` and `npm run size` do: in a fresh Chromium page (cold cache),
 * outside Telegram (the dev mock) or inside it (Telegram's Android client: its bridge and launch parameters), and
 * measuring when the screen was usable and what the browser fetched before that.
 *
 * "Usable" = the latest of: the start of the first frame showing the screen's ready selector visible, recorded inside
 * the page; miniApp.ready() (the `web_app_ready` call, from window.__tgMockCalls); a `performance.mark('app-ready')` if
 * the page sets one; the first contentful paint. The network (Chromium's log over CDP), for the requests started
 * before the screen was usable: how many, the bytes on the wire (as served: brotli, headers included) and the chain
 * depth — the longest sequence of requests each started by one before it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningServer } from '../../tests/e2e/support/server';
import { MOCK_THEMES } from '../../src/shared/platform/mock-theme';
import type { ChromiumPipe, PipePage } from './chromium-pipe';

/**
 * Telegram's Android client, as the page sees it: launch parameters in the URL's hash and a native `postEvent` bridge
 * (`window.TelegramWebviewProxy`) whose answers come back a task later through `Telegram.WebView.receiveEvent`, as the
 * client's do. Answers what the first screens ask (theme, viewport, safe areas, Cloud, Device and Secure Storage, all
 * empty); records every call in `window.__tgMockCalls`, as the dev mock does, so `miniApp.ready()` is seen the same
 * way. The theme is the dev mock's light palette, so inside and outside Telegram the app styles the same colours.
 */
const TELEGRAM_THEME = MOCK_THEMES.light;
export const telegramWebview = (storageMs: number): string => `(() => {
  const theme = ${JSON.stringify(TELEGRAM_THEME)};
  const insets = { top: 0, bottom: 0, left: 0, right: 0 };
  const calls = (window.__tgMockCalls = []);
  const emit = (type, data, ms = 0) => setTimeout(() => window.Telegram?.WebView?.receiveEvent?.(type, data), ms);
  const stored = (type, data) => emit(type, data, ${storageMs});
  window.TelegramWebviewProxy = {
    postEvent(type, raw) {
      const params = raw ? JSON.parse(raw) : {};
      calls.push({ method: type, params, at: Date.now(), now: performance.now() });
      switch (type) {
        case 'web_app_request_theme': return emit('theme_changed', { theme_params: theme });
        case 'web_app_request_viewport': return emit('viewport_changed', { height: innerHeight, width: innerWidth, is_expanded: true, is_state_stable: true });
        case 'web_app_request_safe_area': return emit('safe_area_changed', insets);
        case 'web_app_request_content_safe_area': return emit('content_safe_area_changed', insets);
        case 'web_app_invoke_custom_method':
          return emit('custom_method_invoked', { req_id: params.req_id, result: params.method === 'getStorageValues' ? {} : true });
        case 'web_app_device_storage_get_key': return stored('device_storage_key_received', { req_id: params.req_id, value: null });
        case 'web_app_secure_storage_get_key': return stored('secure_storage_key_received', { req_id: params.req_id, value: null, can_restore: false });
        case 'web_app_device_storage_save_key': return stored('device_storage_key_saved', { req_id: params.req_id });
        case 'web_app_secure_storage_save_key': return stored('secure_storage_key_saved', { req_id: params.req_id });
      }
    },
  };
})();`;
/**
 * The URL hash Telegram opens a Mini App with. A made-up user: the client checks the init data's shape, the server its
 * signature, and no first screen sends it to the server.
 */
export function telegramLaunchHash(lang: string, version: string): string {
  const initData = new URLSearchParams({
    query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
    user: JSON.stringify({ id: 279058397, first_name: 'Anna', last_name: 'Smith', language_code: lang }),
    auth_date: String(Math.floor(Date.now() / 1000)),
    signature: 'c2lnbmF0dXJlLW9mLXRoZS1iZW5jaA',
    hash: 'a'.repeat(64),
  });
  const params = new URLSearchParams({
    tgWebAppData: initData.toString(),
    tgWebAppVersion: version,
    tgWebAppPlatform: 'android',
    tgWebAppThemeParams: JSON.stringify(TELEGRAM_THEME),
  });
  return `#${params.toString()}`;
}

export interface Target {
  name: string;
  path: string;
  /** Visible = the screen is usable. */
  readySelector: string;
  readyLabel: string;
  /** localStorage set before the page's scripts run (a signed-in user's tokens). */
  storage?: Record<string, string>;
  /** Opened inside Telegram (BENCH_TELEGRAM=1): the client's bridge and launch parameters. */
  telegram?: boolean;
  /** The page's build (chunkImporters): who imports each chunk, for requests Chromium names no initiator of. */
  importers?: Map<string, string[]>;
}

export interface Sample {
  ready: number;
  readySource: string;
  fcp: number | null;
  domContentLoaded: number;
  /** Requests started before the screen was usable, their bytes on the wire and the longest initiator chain. */
  requests: number;
  wireKb: number;
  depth: number;
  /** Those requests: path and KB on the wire, largest first. */
  fetched: Array<{ url: string; kb: number }>;
}

/** The fields of CDP's Network.requestWillBeSent this bench reads. */
interface NetworkRequestEvent {
  requestId: string;
  timestamp: number;
  request: { url: string };
  initiator: { url?: string; stack?: { callFrames: Array<{ url: string }>; parent?: { callFrames: Array<{ url: string }> } } };
}

interface NetworkRequest {
  url: string;
  start: number;
  end?: number;
  bytes: number;
  initiator?: string;
}

/** Records Chromium's network log (CDP Network domain, enabled by the page) of a page. */
export function recordNetwork(page: PipePage): Map<string, NetworkRequest> {
  const requests = new Map<string, NetworkRequest>();
  page.on('Network.requestWillBeSent', (event: NetworkRequestEvent) => {
    const frames = event.initiator.stack?.callFrames ?? event.initiator.stack?.parent?.callFrames ?? [];
    const initiator = [event.initiator.url, ...frames.map((frame) => frame.url)].find((url) => url && /^https?:/.test(url));
    requests.set(event.requestId, { url: event.request.url, start: event.timestamp * 1000, bytes: 0, initiator });
  });
  page.on('Network.loadingFinished', (event: { requestId: string; timestamp: number; encodedDataLength: number }) => {
    const request = requests.get(event.requestId);
    if (!request) return;
    request.end = event.timestamp * 1000;
    request.bytes = event.encodedDataLength;
  });
  page.on('Network.loadingFailed', (event: { requestId: string; timestamp: number }) => {
    const request = requests.get(event.requestId);
    if (request) request.end = event.timestamp * 1000;
  });
  return requests;
}

/**
 * For a built app: each chunk file (`/assets/x.js`) → the files of the chunks that import it (statically or with
 * import()), from Vite's manifest (dist/.vite/manifest.json). Chromium names no initiator for a module fetched by
 * import() ("about:client"); this says which scripts can have asked for it. Empty when the build has no manifest.
 */
export function chunkImporters(distDir: string): Map<string, string[]> {
  const importers = new Map<string, string[]>();
  const file = join(distDir, '.vite/manifest.json');
  if (!existsSync(file)) return importers;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { file: string; imports?: string[]; dynamicImports?: string[] }>;
  for (const chunk of Object.values(manifest)) {
    for (const key of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) {
      const imported = manifest[key];
      if (imported) importers.set(`/${imported.file}`, [...(importers.get(`/${imported.file}`) ?? []), `/${chunk.file}`]);
    }
  }
  return importers;
}

/** A request's start on the page's own clock (Resource Timing), in ms since the navigation request's start. */
export interface PageStart {
  url: string;
  start: number;
}

/**
 * Requests started before `readyAt` (ms since the navigation request's start, on the page's clock): count, bytes,
 * longest initiator chain. Each request is placed by its start on the page's clock (`pageStarts`, Resource Timing),
 * the clock `readyAt` was taken on: Chromium's network log runs on another clock, some milliseconds apart, and a chunk
 * the app asks for right after miniApp.ready() fell on either side of the line from one run to the next. A request
 * with no Resource Timing entry (the document, one still in flight) is placed by the network log, from its first request.
 */
export function summarise(
  log: Map<string, NetworkRequest>,
  readyAt: number,
  importers: Map<string, string[]> = new Map(),
  pageStarts: PageStart[] = [],
): Pick<Sample, 'requests' | 'wireKb' | 'depth' | 'fetched'> {
  const all = [...log.values()].filter((r) => !r.url.startsWith('data:')).sort((a, b) => a.start - b.start);
  const t0 = all[0]?.start ?? 0;
  // The n-th request for a URL in the log is the n-th Resource Timing entry for it.
  const unclaimed = new Map<string, number[]>();
  for (const { url, start } of [...pageStarts].sort((a, b) => a.start - b.start)) unclaimed.set(url, [...(unclaimed.get(url) ?? []), start]);
  const startedAt = new Map(all.map((r) => [r, unclaimed.get(r.url)?.shift() ?? r.start - t0]));
  const before = all.filter((r) => startedAt.get(r)! < readyAt);
  const depthOf = new Map<string, number>();
  const parentOf = new Map<string, string | undefined>();
  for (const request of before) {
    let parent = request.initiator;
    if (!parent || !depthOf.has(parent)) {
      // Unknown initiator (a module fetched by import(), a <link rel=modulepreload> inserted by a script): the nearest
      // script already requested that the build says imports it (chunkImporters). Asked for once that script had
      // arrived, it was asked for by it; asked for while it was still downloading, it was preloaded beside it, by the
      // same script that asked for it (Vite preloads a chunk's imports with the chunk). Else the latest script that had
      // finished.
      const finished = before.filter((r) => /\.m?js(\?|$)/.test(r.url) && r.end !== undefined && r.end <= request.start);
      const possible = importers.get(new URL(request.url).pathname) ?? [];
      const importer = before
        .filter((r) => r.start <= request.start && possible.includes(new URL(r.url).pathname) && depthOf.has(r.url))
        .sort((a, b) => depthOf.get(a.url)! - depthOf.get(b.url)!)[0];
      const preloadedBeside = importer && (importer.end === undefined || importer.end > request.start);
      parent = importer ? (preloadedBeside ? parentOf.get(importer.url) : importer.url) : (finished.at(-1)?.url ?? parent);
    }
    const depth = (parent ? (depthOf.get(parent) ?? 0) : 0) + 1;
    if (!depthOf.has(request.url)) {
      depthOf.set(request.url, depth);
      parentOf.set(request.url, parent);
    }
  }
  if (process.env.BENCH_DEBUG) {
    const path = (url: string | undefined) => url?.replace(/^https?:\/\/[^/]+/, '') ?? '';
    for (const r of all) {
      const depth = depthOf.get(r.url);
      console.log(`    ${startedAt.get(r)!.toFixed(0).padStart(6)} ${((r.end ?? r.start) - t0).toFixed(0).padStart(6)} ${depth === undefined ? ' ' : depth} ${path(r.url)}${depth === undefined ? '' : ` <- ${path(parentOf.get(r.url))}`}`);
    }
    console.log(`    usable at ${readyAt.toFixed(0)}`);
  }
  return {
    requests: before.length,
    wireKb: before.reduce((sum, r) => sum + r.bytes, 0) / 1024,
    depth: Math.max(0, ...depthOf.values()),
    fetched: before.map((r) => ({ url: r.url.replace(/^https?:\/\/[^/]+/, ''), kb: r.bytes / 1024 })).sort((a, b) => b.kb - a.kb),
  };
}

/**
 * In-page script: sets window.__firstUsable (performance.now()) at the start of the first frame that shows `selector`
 * visible: checked on every DOM change and frame; once it is in the DOM, the next frame callback's time is taken —
 * the frame that paints it (its style, layout and paint follow in that task), so a screen whose DOM is in but whose
 * frame waits behind other work is not counted as usable yet.
 */
export function readyProbe(selector: string): string {
  return `(() => {
    const selector = ${JSON.stringify(selector)};
    performance.setResourceTimingBufferSize(1000);
    let seen = false;
    const visible = () => Array.from(document.querySelectorAll(selector)).some((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    });
    const check = () => {
      if (!seen && document.body && visible()) {
        seen = true;
        requestAnimationFrame(() => { window.__firstUsable = performance.now(); });
      }
      return seen;
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
    const loop = () => { if (!check()) requestAnimationFrame(loop); };
    requestAnimationFrame(loop);
  })();`;
}

export interface MeasureOptions {
  lang: string;
  /** CDP CPU throttling rate (1 = none). */
  cpuRate: number;
  /** Round trip added to every request (0 = localhost as it is). */
  latencyMs: number;
  /** The Telegram client's Mini Apps version and how long its Device/Secure Storage take to answer (telegram targets). */
  telegramVersion: string;
  telegramStorageMs: number;
}

/** Opens `target` once in a fresh page (cold cache) and measures it: when it was usable, and what it fetched before. */
export async function measure(browser: ChromiumPipe, server: RunningServer, target: Target, options: MeasureOptions): Promise<Sample> {
  const { lang, cpuRate, latencyMs, telegramVersion, telegramStorageMs } = options;
  // Inside the page: the stored entries (a signed-in user's tokens), then a probe noting when the ready selector is
  // first visible (checked on every DOM change and frame).
  const page = await browser.newPage({
    locale: lang === 'ru' ? 'ru-RU' : 'en-US',
    ...(target.storage ? { storage: target.storage } : {}),
    initScripts: [...(target.telegram ? [telegramWebview(telegramStorageMs)] : []), readyProbe(target.readySelector)],
    cpuRate,
    latencyMs,
  });
  try {
    const log = recordNetwork(page);
    await page.send('Page.navigate', { url: server.url + target.path + (target.telegram ? telegramLaunchHash(lang, telegramVersion) : '') });
    if (!(await page.waitFor('window.__firstUsable !== undefined', 60_000))) throw new Error(`${target.name}: not usable within 60 s`);
    // Also wait for miniApp.ready() (the 6.7 mock records web_app_ready) or an app-ready mark: usable = the latest.
    await page.waitFor(
      "performance.getEntriesByName('app-ready', 'mark').length > 0 || (window.__tgMockCalls ?? []).some((c) => c.method === 'web_app_ready')",
      3_000,
    );
    // And for the first contentful paint (a frame's paint is presented after its task: the first text on screen).
    await page.waitFor("performance.getEntriesByName('first-contentful-paint').length > 0", 3_000);
    // And for the requests under way to end, so each has its Resource Timing entry (added as it ends).
    for (let waited = 0; waited < 3_000 && [...log.values()].some((r) => r.end === undefined); waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const m = await page.evaluate<{
      mark: number | null;
      readyCall: number | null;
      usable: number | null;
      fcp: number | null;
      dcl: number;
      requestStart: number;
      resources: PageStart[];
    }>(`(() => {
      const mark = performance.getEntriesByName('app-ready', 'mark')[0];
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      const nav = performance.getEntriesByType('navigation')[0];
      const readyCall = (window.__tgMockCalls ?? []).find((c) => c.method === 'web_app_ready');
      return {
        mark: mark ? mark.startTime : null,
        readyCall: readyCall ? readyCall.now : null,
        usable: window.__firstUsable ?? null,
        fcp: fcp ? fcp.startTime : null,
        dcl: nav ? nav.domContentLoadedEventEnd : 0,
        // The navigation request's start, on the page's clock: the network log's first request.
        requestStart: nav ? nav.requestStart : 0,
        resources: performance.getEntriesByType('resource').map((r) => ({ url: r.name, start: r.startTime - (nav ? nav.requestStart : 0) })),
      };
    })()`);
    const ready = Math.max(m.mark ?? 0, m.usable ?? 0, m.readyCall ?? 0, m.fcp ?? 0);
    if (process.env.BENCH_DEBUG) {
      console.log(
        `    ${target.name}: ready selector's frame at ${m.usable?.toFixed(0)}, miniApp.ready() at ${m.readyCall?.toFixed(0) ?? '-'}, ` +
          `app-ready mark at ${m.mark?.toFixed(0) ?? '-'}, first contentful paint at ${m.fcp?.toFixed(0) ?? '-'}`,
      );
    }
    return {
      ready,
      readySource: [...(m.readyCall !== null ? [' + miniApp.ready()'] : []), ...(m.mark !== null ? [' + app-ready mark'] : []), ' + FCP'].join(''),
      fcp: m.fcp,
      domContentLoaded: m.dcl,
      ...summarise(log, ready - m.requestStart, target.importers, m.resources),
    };
  } finally {
    await page.close();
  }
}

