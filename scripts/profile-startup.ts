/**
 * `npm run profile:startup [-- wallet|welcome]`: where the main thread's time goes during one cold start, source-mapped.
 * The companion of `npm run bench:startup` (which says how long; this says on what). Figures only.
 *
 * Builds the app with source maps into .tmp/profile-dist (or uses PROFILE_DIST), serves it with the real server
 * (fresh in-memory database), opens the screen in headless Chromium at 4× CPU throttling (PROFILE_CPU_RATE) as
 * bench:startup does (the Wallet: a signed-in user made through the API), samples the CPU (CDP Profiler, 100 µs) until
 * the screen's ready selector shows, and prints:
 *  - a timeline in slots of PROFILE_SLOT ms (default 50): busy time and its top three "outer frame > leaf" pairs
 *    (outer: the first frame with a script, e.g. `app/boot/start.tsx` or `scheduler` for a React render; leaf:
 *    the package or source file the sample is in; `?` = the chunk's own top level, i.e. module evaluation);
 *  - self time by package / source file over the whole start (mean of PROFILE_RUNS runs, default 3).
 * Effector's own frames are mapped through its source map to its functions (createStore, createEffect, …): the unit
 * creation that dominates a first screen's evaluation (docs/performance.md "Start-up").
 * Driven over Chromium's DevTools pipe without a Runtime session (as bench:startup). Sampling and the polling for the
 * selector cost a little: read the shares and the order, not the absolute times.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { signedInStorage, signUpViaApi } from '../tests/e2e/support/api';
import { startTestServer } from '../tests/e2e/support/server';
import { ChromiumPipe } from './support/chromium-pipe';

const root = resolve(import.meta.dirname, '..');
const screen = process.argv[2] === 'welcome' ? 'welcome' : 'wallet';
const RUNS = Number(process.env.PROFILE_RUNS ?? 3);
const SLOT = Number(process.env.PROFILE_SLOT ?? 50);
const CPU_RATE = Number(process.env.PROFILE_CPU_RATE ?? 4);
const dist = resolve(process.env.PROFILE_DIST ?? resolve(root, '.tmp/profile-dist'));

interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface Node {
  id: number;
  callFrame: Frame;
  children?: number[];
}

const maps = new Map<string, SourceMapConsumer | null>();
function mapOf(path: string): SourceMapConsumer | null {
  if (!maps.has(path)) maps.set(path, existsSync(path) ? new SourceMapConsumer(JSON.parse(readFileSync(path, 'utf8'))) : null);
  return maps.get(path)!;
}

/** The package (node_modules) or source file of a frame; effector's frames as its own function names. */
function placeOf(frame: Frame): string {
  if (!frame.url) return frame.functionName || '(native)';
  const map = mapOf(resolve(dist, `.${new URL(frame.url).pathname}.map`));
  if (!map) return new URL(frame.url).pathname;
  const pos = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!pos.source) return '?';
  if (pos.source.includes('node_modules/effector/effector.mjs')) {
    const own = mapOf(resolve(root, 'node_modules/effector/effector.mjs.map'))?.originalPositionFor({ line: pos.line, column: pos.column });
    return `effector ${own?.name ?? ''}`.trim();
  }
  const pkg = pos.source.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  return pkg ? pkg[1]! : pos.source.replace(/.*src\//, '');
}

async function main(): Promise<void> {
  if (!process.env.PROFILE_DIST) {
    console.log(`Building the app with source maps into ${dist} ...`);
    const build = spawnSync(resolve(root, 'node_modules/.bin/vite'), ['build', '--sourcemap', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  const server = await startTestServer({ staticDir: dist });
  // Chromium over its DevTools pipe with no Runtime session in the page (scripts/support/chromium-pipe.ts): with one,
  // V8 re-parses the whole entry for source positions as React creates its first Errors (~100 ms of "(program)" at 4x
  // that no phone spends, docs/performance.md "Start-up").
  const browser = ChromiumPipe.launch();
  const selfTime = new Map<string, number>();
  try {
    const user = await signUpViaApi(server.url, 'profile', { firstName: 'Anna', lastName: 'Smith' });
    for (let run = 0; run < RUNS; run++) {
      const storage: Record<string, string> = screen === 'wallet' ? signedInStorage(user, 'en') : { 'tgwallet.language': 'en' };
      const page = await browser.newPage({ locale: 'en-US', storage, cpuRate: CPU_RATE });
      await page.send('Profiler.enable');
      await page.send('Profiler.setSamplingInterval', { interval: 100 });
      await page.send('Profiler.start');
      // Run 1's timeline shows the requests too: when each started and finished (the profiler's clock).
      const requests = new Map<string, { url: string; start: number; end?: number }>();
      if (run === 0) {
        page.on('Network.requestWillBeSent', (event: { requestId: string; timestamp: number; request: { url: string } }) =>
          requests.set(event.requestId, { url: event.request.url, start: event.timestamp * 1e6 }),
        );
        page.on('Network.loadingFinished', (event: { requestId: string; timestamp: number }) => {
          const request = requests.get(event.requestId);
          if (request) request.end = event.timestamp * 1e6;
        });
      }
      await page.send('Page.navigate', { url: server.url + (screen === 'wallet' ? '/wallet' : '/') });
      const selector = screen === 'wallet' ? '[data-testid="wallet-balance"] [data-currency]' : 'a[href="/signup"]';
      if (!(await page.waitFor(`document.querySelector(${JSON.stringify(selector)})`, 60_000))) throw new Error(`${selector} not shown within 60 s`);
      const { profile } = await page.send<{ profile: { nodes: Node[]; startTime: number; samples?: number[]; timeDeltas?: number[] } }>('Profiler.stop');
      await page.close();

      const nodes = new Map<number, Node>(profile.nodes.map((node) => [node.id, node]));
      const parents = new Map<number, number>();
      for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
      const outerOf = (id: number): string => {
        const chain: Node[] = [];
        for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) chain.unshift(nodes.get(at)!);
        const outer = chain.find((node) => node.callFrame.url);
        return outer ? placeOf(outer.callFrame) : '(native)';
      };
      const slots = new Map<number, Map<string, number>>();
      let at = 0;
      profile.samples!.forEach((id, index) => {
        const ms = profile.timeDeltas![index]! / 1000;
        at += ms;
        const node = nodes.get(id)!;
        const name = node.callFrame.functionName;
        if (name === '(idle)' || name === '(root)') return;
        const leaf = name === '(program)' || name === '(garbage collector)' ? name : placeOf(node.callFrame);
        selfTime.set(leaf, (selfTime.get(leaf) ?? 0) + ms);
        if (run !== 0) return;
        const key = leaf.startsWith('(') ? leaf : `${outerOf(id)} > ${leaf}`;
        const slot = slots.get(Math.floor(at / SLOT)) ?? new Map<string, number>();
        slots.set(Math.floor(at / SLOT), slot);
        slot.set(key, (slot.get(key) ?? 0) + ms);
      });
      if (run === 0) {
        console.log(`\n${screen}, run 1: main-thread timeline (${SLOT} ms slots from the navigation, ${CPU_RATE}x CPU throttling):`);
        const slotOf = (us: number) => Math.floor((us - profile.startTime) / 1000 / SLOT);
        const network = (slot: number) =>
          [...requests.values()].flatMap((r) => {
            const path = r.url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/assets\//, '');
            return [...(slotOf(r.start) === slot ? [`-> ${path}`] : []), ...(r.end !== undefined && slotOf(r.end) === slot ? [`<- ${path}`] : [])];
          });
        for (const [slot, items] of [...slots.entries()].sort((a, b) => a[0] - b[0])) {
          const busy = [...items.values()].reduce((sum, ms) => sum + ms, 0);
          const top = [...items.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3);
          console.log(`${String(slot * SLOT).padStart(6)}  busy ${busy.toFixed(0).padStart(3)}  ${top.map(([key, ms]) => `${key} ${ms.toFixed(0)}`).join(' | ')}`);
          const events = network(slot);
          if (events.length) console.log(`${''.padStart(16)}${events.join('  ')}`);
        }
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
  const total = [...selfTime.values()].reduce((sum, ms) => sum + ms, 0) / RUNS;
  console.log(`\n${screen}: busy ${total.toFixed(0)} ms until usable (mean of ${RUNS} runs); self time by package / file / effector function:`);
  const line = (ms: number, place: string) => console.log(`${ms.toFixed(0).padStart(6)} ms  ${((ms / total) * 100).toFixed(1).padStart(5)} %  ${place}`);
  const effector = [...selfTime.entries()].filter(([place]) => place.startsWith('effector')).reduce((sum, [, ms]) => sum + ms, 0) / RUNS;
  line(effector, 'effector, all of it (below: by function)');
  for (const [place, ms] of [...selfTime.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30)) line(ms / RUNS, place);
  console.log('(program): native work outside JavaScript (parsing and compiling scripts, HTML, style, layout); ? : a chunk\'s own top level.');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
