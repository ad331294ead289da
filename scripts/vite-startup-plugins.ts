/**
 * Build plugins for the first screen's start-up time (issue #13, docs/frontend.md "Start-up"). Build only: the dev
 * server and the tests run the packages as they are.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** V8's explicit compile hint (Chromium 136+): compile every function of the file eagerly, on the streaming thread. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Puts V8's explicit compile hint at the top of the chunks whose code runs almost entirely while the first screen
 * starts: the entry and the chunks named in `chunkNames`. Without it V8 compiles each function lazily on the main
 * thread the first time it is called; with it, Chromium (Android's WebView, Telegram Desktop) compiles them while
 * the file downloads. Other browsers ignore the comment. Measured in `npm run bench:startup` (4x throttling): the
 * Welcome ~20 % sooner. Hinting every chunk measured no better than these, and compiles code that may never run.
 */
export function compileHints(chunkNames: readonly string[]): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    // On the written files: the minifier runs after generateBundle and drops comments (this one must be line 1).
    writeBundle(options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || (!chunk.isEntry && !chunkNames.includes(chunk.name))) continue;
        const file = join(options.dir ?? '', chunk.fileName);
        writeFileSync(file, COMPILE_HINT + readFileSync(file, 'utf8'));
        // A source map (off in this build) would be one generated line behind: keep the line count honest.
        if (chunk.sourcemapFileName && existsSync(join(options.dir ?? '', chunk.sourcemapFileName))) {
          const mapFile = join(options.dir ?? '', chunk.sourcemapFileName);
          const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { mappings: string };
          map.mappings = `;${map.mappings}`;
          writeFileSync(mapFile, JSON.stringify(map));
        }
      }
    },
  };
}

/** The file of @telegram-apps/bridge that `telegramLaunchCheckOnce` changes, and the statement it replaces. */
export const BRIDGE_FILE = /[\\/]node_modules[\\/]@telegram-apps[\\/]bridge[\\/]dist[\\/]index\.js$/;
const BRIDGE_SYNC_CHECK = /function De\(e, t\) \{\n\s+if \(!e\)\n\s+try \{\n\s+return Se\(\), !0;/;

/**
 * @telegram-apps/bridge 2.11's synchronous `isTMA()` ("can the launch parameters be read?") finds the launch
 * parameters and validates them with valibot, twice, on EVERY call, and @telegram-apps/sdk 3.11 calls it in every
 * wrapped function and every `isAvailable()` / `ifAvailable()`: 22 times before the first screen, and again on each
 * back-button, main-button or haptic call (~3 ms each on a phone-class CPU). Once the answer is yes it stays yes for
 * the page's life (the bridge keeps the parameters in sessionStorage for reloads), so that answer is remembered; a
 * no is never remembered (the dev mock installs its parameters after the first check). Fails the build when the
 * package no longer has that code, so an upgrade cannot drop it silently.
 */
export function rememberTelegramLaunchCheck(source: string): string {
  const match = BRIDGE_SYNC_CHECK.exec(source);
  if (!match) {
    throw new Error(
      '@telegram-apps/bridge changed: its synchronous isTMA() is not where scripts/vite-startup-plugins.ts expects it. ' +
        'Check whether the new version still re-validates the launch parameters on every call, then update or remove the patch.',
    );
  }
  return source.replace(
    BRIDGE_SYNC_CHECK,
    (whole) => `let launchParamsFound = !1;\n${whole.replace('return Se(), !0;', 'return launchParamsFound || (Se(), launchParamsFound = !0);')}`,
  );
}

export function telegramLaunchCheckOnce(): Plugin {
  return {
    name: 'telegram-launch-check-once',
    apply: 'build',
    transform(code, id) {
      if (!BRIDGE_FILE.test(id)) return null;
      return { code: rememberTelegramLaunchCheck(code), map: null };
    },
  };
}
