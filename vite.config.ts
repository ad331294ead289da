import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react-swc';
import { build as viteBuild, type Plugin, type UserConfig } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';
import { precompressDirectory } from './scripts/precompress.ts';
import { SERVER_FILES_ON_A_FIXED_DATABASE } from './tests/server/fixed-database-files.ts';
import { compileHints, telegramLaunchCheckOnce, telegramLaunchParamsParsedOnce } from './scripts/vite-startup-plugins.ts';

const apiPort = Number(process.env.API_PORT ?? 3000);
const root = fileURLToPath(new URL('.', import.meta.url));

/*
 * Bundle budget (GitHub issue #2, docs/performance.md "Bundle budget", `npm run size`): the Welcome screen of a
 * signed-out user must stay within 150 KB gzip. The build options below are part of that budget.
 */

function shortClassName(name: string, filename: string): string {
  const hash = createHash('sha1').update(`${relative(root, filename)}:${name}`).digest('base64url');
  return `_${hash.replace(/[-_]/g, '').slice(0, 6)}`;
}

/**
 * Writes dist/.vite/chunk-modules.json: the source modules of every chunk and who imports each of them
 * statically (paths relative to the repo). scripts/size.ts reads it to fail when code that must stay lazy
 * (the contract, farfetched, sonner, the dev mock, ...) reaches the first screen, and to show the import
 * chain that pulled it in.
 */
function chunkModulesReport(): Plugin {
  const name = (id: string) => (id.startsWith('\0') ? id : relative(root, id).split('\\').join('/'));
  return {
    name: 'chunk-modules-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, Record<string, number>> = {};
      const importers: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[output.fileName] = Object.fromEntries(Object.entries(output.modules).map(([id, info]) => [name(id), info.renderedLength]));
      }
      // Every module, also those tree-shaken away (barrels): import chains go through them.
      for (const id of this.getModuleIds()) importers[name(id)] = (this.getModuleInfo(id)?.importers ?? []).map(name);
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: `${JSON.stringify({ chunks, importers })}\n` });
    },
  };
}

/** Brotli and gzip copies beside every compressible file of the build (scripts/precompress.ts, static-files.ts). */
function precompressBuild(subdirectory = ''): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : `${config.root}/${config.build.outDir}`;
    },
    async closeBundle() {
      const { files, bytes, brotliBytes } = await precompressDirectory(subdirectory ? `${outDir}/${subdirectory}` : outDir);
      this.info(`precompressed ${files} files: ${(bytes / 1024).toFixed(0)} KiB -> ${(brotliBytes / 1024).toFixed(0)} KiB brotli`);
    },
  };
}

/**
 * The wallet screen (/wallet, the signed-in home) in one chunk (issue #13: no waterfall of small lazy chunks).
 * Left to automatic splitting, the modules it needs are cut by which other screens share them: ~25 files of
 * 0.2–20 KB, each a request, each compressed on its own, each with import/export glue. Here the wallet page is
 * captured with everything it imports statically (rolldown's `includeDependenciesRecursively`) into
 * `wallet-screen`: one JS and one CSS file, ~6 KB gzip less than the pieces; the entry's modules stay in the
 * entry (group `first-screen`, higher priority). Its lazy parts stay their own chunks: the sheets (fetched when
 * the browser is idle) and the verification banner (shown once the profile has loaded, which takes longer than
 * its chunk). Other screens import what they share with the wallet (data layer, contract, shared UI) from this
 * chunk: a screen opened first downloads the wallet's own code too (~10 KB gzip), the screen it leads to anyway
 * (sign-in/up end on /wallet; /wallet is the home and the back target). scripts/size.ts measures the path.
 */
export const WALLET_SCREEN_CHUNK = /src[\\/]pages[\\/]wallet[\\/]index\.ts$/;
/**
 * A Telegram capability (shared/platform/capabilities/*) that several chunks use is a chunk of its own, named after it
 * (`platformCapabilityChunk`), so no screen's group owns it. The wallet screen's group takes every module its page
 * needs; haptic.ts was one, and the start-up language sync from Telegram Cloud Storage (features/change-language,
 * every client since 6.9) imports haptics: the Welcome inside Telegram then downloaded and evaluated the whole wallet
 * screen (37 KB, ~170 ms at 4x throttling) while its first frame was due (issue #13, docs/performance.md "Start-up").
 * A capability one chunk uses stays in that chunk (`minShareCount: 2`).
 */
const PLATFORM_CAPABILITY = /src[\\/]shared[\\/]platform[\\/]capabilities[\\/]([a-z-]+)\.ts$/;
/**
 * What every money flow and sheet uses together (closing confirmation, vertical swipes, the keyboard; issue #35): one
 * chunk, `platform-flow`, not three that every screen's preload list would name.
 */
const FLOW_CAPABILITIES = new Set(['closing-confirmation', 'swipe-behavior', 'keyboard']);
export const platformCapabilityChunk = (moduleId: string): string | null => {
  const name = PLATFORM_CAPABILITY.exec(moduleId)?.[1] ?? null;
  return name && FLOW_CAPABILITIES.has(name) ? 'platform-flow' : name;
};
/**
 * What the capabilities share (the bridge's results, the availability check): one chunk, `platform-bridge`, captured
 * before the capabilities (a capability's group would take it in with the first capability it meets: the Welcome's
 * language sync then loaded the biometry capability too).
 */
const PLATFORM_BRIDGE = /src[\\/]shared[\\/]platform[\\/](bridge-result|capabilities[\\/]preflight)\.ts$/;
export const platformBridgeChunk = (moduleId: string): string | null => (PLATFORM_BRIDGE.test(moduleId) ? 'platform-bridge' : null);
/**
 * The wallet history's search, filters and statement panel: a lazy part of the wallet screen, fetched as the
 * history renders (src/widgets/transaction-history). One chunk with what it needs beyond `wallet-screen`
 * (text field, select, the filters' and panel's UI), not five small ones that every screen's preload list names.
 */
export const WALLET_HISTORY_TOOLS_CHUNK = /src[\\/]widgets[\\/]transaction-history[\\/]ui[\\/]history-tools\.tsx$/;

/**
 * Production builds use react-router's production bundle (its dev build, the package default, carries
 * development warnings). Aliases below apply to `vite build` only: dev server and tests are unchanged.
 */
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

/**
 * The operator console (docs/ops.md "The console"): a second web entry (ops/index.html → dist/ops/, served at /ops/),
 * built from this same config in its own pass (`mode: 'ops'`) right after the app's, so `vite build` builds both. Not a
 * second input of the app's build: the app's chunk groups (`first-screen` = every entry's initial modules) would then
 * take the console's modules in, and the app's chunks and budgets would change. The console shares src/shared (the
 * contract, api, ui, i18n) and never ships in the app: src/ops is imported by nothing under src/ but itself
 * (tests/unit/console-boundaries.test.ts).
 */
export const CONSOLE_DIR = 'ops';
function consoleBuild(): Plugin {
  let outDir = '';
  return {
    name: 'ops-console-build',
    apply: (_config, env) => env.command === 'build' && env.mode !== CONSOLE_DIR,
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      await viteBuild({ configFile: fileURLToPath(import.meta.url), mode: CONSOLE_DIR, build: { outDir }, logLevel: 'warn' });
    },
  };
}

const effectorSwc = (command: 'build' | 'serve') =>
  react({
    // Effector SIDs (stable unit ids) for scopes and cache keys; readable unit names in dev and tests only
    // (production code never reads them: -1 KB gzip on data screens).
    plugins: [['@effector/swc-plugin', { factories: ['@/shared/api', '@/shared/api/factory', '@/ops/shared/api'], addNames: command !== 'build' }]],
  });

/** `@/` is src/; production builds (the app's and the console's) alias a few packages to their production builds. */
const aliases = (command: 'build' | 'serve') => [
  { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
  ...(command === 'build'
    ? [
        { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
        { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
        // effector-react and react-i18next import the React 17 shim of useSyncExternalStore; with
        // React 19 it only delegates to React's own hook, so take that directly (same behaviour, -0.4 KB).
        { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'react' },
        { find: /^use-sync-external-store\/shim\/with-selector\.js$/, replacement: 'use-sync-external-store/with-selector.js' },
      ]
    : []),
];

/** The console's build: its own HTML entry, assets under dist/ops/, no Telegram plugins, no budgets of the app's. */
const consoleConfig = (command: 'build' | 'serve'): UserConfig => ({
  plugins: [precompressBuild(CONSOLE_DIR), effectorSwc(command)],
  resolve: { alias: aliases(command) },
  css: { modules: { generateScopedName: shortClassName } },
  build: {
    target: 'es2022',
    sourcemap: false,
    emptyOutDir: false,
    assetsDir: `${CONSOLE_DIR}/assets`,
    manifest: `${CONSOLE_DIR}/.vite/manifest.json`,
    modulePreload: { polyfill: false },
    rolldownOptions: { input: fileURLToPath(new URL(`./${CONSOLE_DIR}/index.html`, import.meta.url)) },
  },
});

export default defineConfig(({ command, mode }) => mode === CONSOLE_DIR ? consoleConfig(command) : {
  plugins: [
    chunkModulesReport(),
    precompressBuild(),
    // Start-up (issue #13): V8 compiles the first screens' code while it downloads; the Telegram SDK checks its
    // launch parameters once instead of on every call (and looks at two properties of window, not all of them, on each
    // postEvent), and parses one launch-parameter string once (scripts/vite-startup-plugins.ts).
    compileHints(['wallet-screen']),
    telegramLaunchCheckOnce(),
    telegramLaunchParamsParsedOnce(),
    effectorSwc(command),
    // Last: the app's own files are compressed (synchronously, above) before the console's pass writes dist/ops/.
    consoleBuild(),
  ],
  resolve: { alias: aliases(command) },
  css: {
    // Production CSS-module class names: `_` + 6 characters of a hash of file + class (instead of
    // `_button_kw9uw_1`): every class is written twice (CSS and the JS map). Dev and tests keep readable names.
    modules: command === 'build' ? { generateScopedName: shortClassName } : {},
  },
  server: {
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  build: {
    // docs/performance.md "Bundle budget": the Telegram clients' webviews all run ES2022.
    target: 'es2022',
    sourcemap: false,
    manifest: true, // dist/.vite/manifest.json: scripts/size.ts walks it for the bundle budgets
    // The polyfill only adds <link rel=modulepreload> support to old browsers: a prefetch, not behaviour.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // A slice's translation file (defineTexts: <slice>/i18n/locales/<lang>.json) is named for its slice, not `en`/`ru`.
        chunkFileNames: (chunk) => {
          const slice = /\/src\/(?:pages|widgets|features|entities)\/(.+)\/i18n\/locales\/(\w+)\.json$/.exec(chunk.facadeModuleId ?? '');
          return slice ? `assets/${slice[1]!.replaceAll('/', '-')}-${slice[2]}-[hash].js` : 'assets/[name]-[hash].js';
        },
        codeSplitting: {
          // Everything the entry imports statically is ONE chunk (the entry): the first screen downloads a
          // few files instead of a dozen small shared chunks, with no cross-chunk import/export glue
          // (-3 KB gzip). Screens stay lazy chunks; what they share with each other gets its own chunks.
          // The signed-in home screen is ONE chunk too (WALLET_SCREEN_CHUNK): the entry's modules stay in the
          // entry (higher priority), everything else the wallet page needs at first paint is `wallet-screen`.
          groups: [
            { name: 'first-screen', tags: ['$initial'], priority: 2 },
            // Telegram platform modules several chunks share: chunks of their own, never a screen's (what the capabilities
            // share first, then each capability).
            { name: platformBridgeChunk, minShareCount: 2, priority: 1.6 },
            { name: platformCapabilityChunk, minShareCount: 2, priority: 1.5 },
            { name: 'wallet-screen', test: WALLET_SCREEN_CHUNK, priority: 1 },
            // The wallet history's tools (search, filters, statement panel; lazy, after its first paint) in one chunk too.
            { name: 'history-tools', test: WALLET_HISTORY_TOOLS_CHUNK, priority: 0 },
          ],
        },
      },
    },
  },
  test: {
    // Every core runs test files (vitest's default leaves one to its main process, which waits while the files run: on
    // the 2 cores `npm test` runs on, that was ONE file at a time, with a core idle).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          // Models and pure logic need no DOM: node starts each file faster than a DOM environment (docs/frontend.md "Tests").
          name: 'unit',
          include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/unit/setup/web-storage.ts'],
        },
      },
      {
        extends: true,
        test: {
          // Components (React Testing Library) and the few model tests that use browser APIs, marked with
          // `// @vitest-environment happy-dom` at the top of the file.
          name: 'unit-dom',
          include: ['src/**/*.test.tsx'],
          environment: 'happy-dom',
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'tests/server/**/*.test.ts'],
          // `npm run test:server:pg` (DATABASE_URL set) runs only the files whose database follows DATABASE_URL: the others
          // would repeat exactly what the PGlite run did.
          exclude: [...configDefaults.exclude, ...(process.env.DATABASE_URL ? SERVER_FILES_ON_A_FIXED_DATABASE : [])],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Files run side by side: each has its own databases (a PGlite copy per app, or a new PostgreSQL database),
          // its own ports and temp folders (the PGlite template cache is shared between processes by design).
          // One module graph per worker, not per file: the server's modules load once per worker. A file keeps no state
          // in modules: what it builds (apps, databases, spies) it closes or restores in its own hooks.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // Real server processes on a PostgreSQL cluster of their own (killed, restarted) and on a PGlite folder.
          name: 'faults',
          include: ['tests/faults/**/*.test.ts'],
          // Builds the compiled server the runs start (TEST_SERVER_BUILD), as production runs it.
          globalSetup: ['tests/faults/global-setup.ts'],
          environment: 'node',
          testTimeout: 240_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Files run side by side: each has its own Chromium and a fresh server per test on a random port. One module
          // graph per worker, as for the server project: the server and the test helpers load once per worker, not per
          // file.
          isolate: false,
        },
      },
    ],
  },
});
