/**
 * Chromium driven over its DevTools protocol pipe, with no DevTools domain enabled that a user's browser would not
 * have: for start-up measurements (`npm run bench:startup`).
 *
 * Why not Playwright: it enables the `Runtime` domain on every page, and an attached Runtime session makes V8 capture
 * a detailed stack trace (with line and column) for every Error created, in case it goes uncaught. The first Error
 * created while a module's top level is on the stack (React creates five at load) then makes V8 re-parse that whole
 * script to find its source positions: ~75–125 ms at 4x CPU throttling for the app's 450 KB entry, ~12 ms for the bare
 * page's, measured with Chromium's trace (`V8.CollectSourcePositions`) — a cost a page pays only under a debugger. Here
 * the page gets `Page`, `Network` (no such cost, measured) and `Emulation` calls, and `Runtime.evaluate` without
 * `Runtime.enable`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { CHROMIUM_ARGS, CHROMIUM_PATH, PHONE_VIEWPORT } from '../../tests/e2e/support/browser';

/**
 * The switches Playwright 1.6x launches headless Chromium with (playwright-core's chromiumSwitches and its headless
 * additions), so that the browser is the one the e2e tests and the earlier figures ran: no background networking,
 * no component updates, no paint holding (Chromium otherwise holds a same-origin navigation's first paint), ….
 */
const PLAYWRIGHT_SWITCHES = [
  '--disable-field-trial-config',
  '--disable-background-networking',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-back-forward-cache',
  '--disable-breakpad',
  '--disable-component-extensions-with-background-pages',
  '--disable-component-update',
  '--no-default-browser-check',
  '--disable-default-apps',
  '--disable-dev-shm-usage',
  '--disable-extensions',
  '--disable-features=AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,HttpsUpgrades,HttpsFirstBalancedModeAutoEnable,' +
    'LensOverlay,MediaRouter,PaintHolding,ThirdPartyStoragePartitioning,AvoidCorsURLLoaderRestartOnRedirect,OptimizationHints,' +
    'NetworkTimeServiceQuerying,AimEnabled,PreconnectToSearch',
  '--enable-features=CDPScreenshotNewSurface,SkipListAccountsWithoutGaiaCookies',
  '--allow-pre-commit-input',
  '--disable-hang-monitor',
  '--disable-ipc-flooding-protection',
  '--disable-popup-blocking',
  '--disable-prompt-on-repost',
  '--disable-renderer-backgrounding',
  '--force-color-profile=srgb',
  '--metrics-recording-only',
  '--no-first-run',
  '--password-store=basic',
  '--use-mock-keychain',
  '--no-service-autorun',
  '--disable-search-engine-choice-screen',
  '--unsafely-disable-devtools-self-xss-warnings',
  '--enable-unsafe-swiftshader',
  '--disable-stack-profiler',
  '--disable-infobars',
  '--disable-sync',
  '--headless',
  '--hide-scrollbars',
  '--mute-audio',
  '--blink-settings=primaryHoverType=2,availableHoverTypes=2,primaryPointerType=4,availablePointerTypes=4',
  '--no-sandbox',
];

type Params = Record<string, unknown>;
type Listener = (params: any) => void;

/** A page in a fresh browser context (own cache and storage): a cold start. */
export interface PipePage {
  /** A protocol call on the page's session. */
  send<T = any>(method: string, params?: Params): Promise<T>;
  on(event: string, listener: Listener): void;
  /** `expression`'s value in the page (Runtime.evaluate, returnByValue; Runtime stays disabled). */
  evaluate<T>(expression: string): Promise<T>;
  /** Polls `expression` every 50 ms until it is truthy: true, or false after `timeoutMs`. */
  waitFor(expression: string, timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface PipePageOptions {
  /** BCP 47, e.g. 'en-US'. */
  locale: string;
  /** localStorage entries set before the page's own scripts run (e.g. a signed-in user's tokens). */
  storage?: Record<string, string>;
  /** Scripts run in every document before its own, after `storage` (Page.addScriptToEvaluateOnNewDocument). */
  initScripts?: readonly string[];
  /** CDP Emulation.setCPUThrottlingRate. */
  cpuRate: number;
  /** Round-trip time added to every request (CDP Network.emulateNetworkConditions; throughput unlimited). 0: none. */
  latencyMs?: number;
}

export class ChromiumPipe {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (value: any) => void; reject: (error: Error) => void }>();
  private readonly listeners = new Map<string, Listener[]>();
  private buffer = '';

  private constructor(
    private readonly process: ChildProcess,
    private readonly userDataDir: string,
  ) {
    // A browser that dies fails every call still waiting, instead of leaving the benchmark hanging.
    process.once('exit', (code, signal) => {
      for (const call of this.pending.values()) call.reject(new Error(`Chromium exited (${signal ?? code}) before answering`));
      this.pending.clear();
    });
    const output = process.stdio[4] as Readable;
    output.setEncoding('utf8');
    output.on('data', (chunk: string) => {
      this.buffer += chunk;
      let end: number;
      while ((end = this.buffer.indexOf('\0')) >= 0) {
        const message = JSON.parse(this.buffer.slice(0, end)) as { id?: number; method?: string; params?: Params; sessionId?: string; error?: { message: string }; result?: unknown };
        this.buffer = this.buffer.slice(end + 1);
        if (message.id !== undefined) {
          const call = this.pending.get(message.id);
          this.pending.delete(message.id);
          if (message.error) call?.reject(new Error(message.error.message));
          else call?.resolve(message.result);
        } else if (message.method) {
          for (const listener of this.listeners.get(`${message.sessionId ?? ''}|${message.method}`) ?? []) listener(message.params);
        }
      }
    });
  }

  static launch(): ChromiumPipe {
    const userDataDir = mkdtempSync(join(tmpdir(), 'chromium-pipe-'));
    const args = [...PLAYWRIGHT_SWITCHES, ...CHROMIUM_ARGS, `--user-data-dir=${userDataDir}`, '--remote-debugging-pipe', '--no-startup-window'];
    const child = spawn(CHROMIUM_PATH, args, {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
    });
    return new ChromiumPipe(child, userDataDir);
  }

  send<T = any>(method: string, params: Params = {}, sessionId?: string): Promise<T> {
    if (this.process.exitCode !== null || this.process.signalCode !== null) return Promise.reject(new Error(`Chromium has exited: ${method}`));
    const id = ++this.nextId;
    const reply = new Promise<T>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    (this.process.stdio[3] as Writable).write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    return reply;
  }

  private on(sessionId: string, event: string, listener: Listener): void {
    const key = `${sessionId}|${event}`;
    this.listeners.set(key, [...(this.listeners.get(key) ?? []), listener]);
  }

  async newPage({ locale, storage, initScripts = [], cpuRate, latencyMs = 0 }: PipePageOptions): Promise<PipePage> {
    const { browserContextId } = await this.send<{ browserContextId: string }>('Target.createBrowserContext', { disposeOnDetach: true });
    const { targetId } = await this.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank', browserContextId });
    const { sessionId } = await this.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
    const send = <T = any>(method: string, params: Params = {}) => this.send<T>(method, params, sessionId);
    // As tests/e2e/support/browser.ts newPhoneContext: the phone's screen, touch, locale, light scheme.
    await send('Emulation.setDeviceMetricsOverride', { ...PHONE_VIEWPORT, deviceScaleFactor: 2, mobile: true });
    await send('Emulation.setTouchEmulationEnabled', { enabled: true });
    await send('Emulation.setLocaleOverride', { locale });
    await send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: 'light' }] });
    await send('Page.enable'); // Page.addScriptToEvaluateOnNewDocument needs it
    await send('Network.enable');
    await send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Language': locale } });
    await send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
    if (latencyMs > 0) await send('Network.emulateNetworkConditions', { offline: false, latency: latencyMs, downloadThroughput: -1, uploadThroughput: -1 });
    const storageScript = storage
      ? `(() => { for (const [key, value] of Object.entries(${JSON.stringify(storage)})) localStorage.setItem(key, value); })();`
      : null;
    for (const source of [...(storageScript ? [storageScript] : []), ...initScripts]) await send('Page.addScriptToEvaluateOnNewDocument', { source });
    const evaluate = async <T>(expression: string) => {
      const { result, exceptionDetails } = await send<{ result: { value: T }; exceptionDetails?: { text: string } }>('Runtime.evaluate', {
        expression,
        returnByValue: true,
      });
      if (exceptionDetails) throw new Error(`evaluate(${expression}): ${exceptionDetails.text}`);
      return result.value;
    };
    return {
      send,
      on: (event, listener) => this.on(sessionId, event, listener),
      evaluate,
      waitFor: async (expression, timeoutMs) => {
        const until = Date.now() + timeoutMs;
        while (Date.now() < until) {
          if (await evaluate<boolean>(`Boolean(${expression})`).catch(() => false)) return true;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return false;
      },
      close: async () => {
        await this.send('Target.closeTarget', { targetId }).catch(() => undefined);
        await this.send('Target.disposeBrowserContext', { browserContextId }).catch(() => undefined);
      },
    };
  }

  async close(): Promise<void> {
    await this.send('Browser.close').catch(() => undefined);
    await new Promise<void>((resolve) => {
      if (this.process.exitCode !== null) resolve();
      else this.process.once('exit', () => resolve());
      setTimeout(() => {
        this.process.kill('SIGKILL');
        resolve();
      }, 5_000);
    });
    rmSync(this.userDataDir, { recursive: true, force: true });
  }
}
