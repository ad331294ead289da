/**
 * Build plugins for the first screen's start-up time (issue #13, docs/performance.md "Start-up"). Build only: the dev
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

const BRIDGE_PROXY_CHECK = /function H\(e\) \{\n\s+return y\(\n\s+u\(\{ TelegramWebviewProxy: u\(\{ postEvent: N\(\) \}\) \}\),\n\s+e\n\s+\);\n\}\n/;
const BRIDGE_NOTIFY_CHECK = 'if (y(u({ external: u({ notify: N() }) }), r)) {';

/**
 * The checks `checkTelegramWebviewDirectly` puts in place of the bridge's: `H(window)` (hasWebviewProxy) and the
 * `external.notify` test of its postEvent. Same answers as valibot's `is(looseObject({ … }), window)`: an object whose
 * property is an object holding a function.
 */
export const WEBVIEW_CHECKS_SOURCE = `function isObjectLike(value) {
  return !!value && typeof value === "object";
}
function H(e) {
  return isObjectLike(e) && isObjectLike(e.TelegramWebviewProxy) && typeof e.TelegramWebviewProxy.postEvent === "function";
}
function hasExternalNotify(e) {
  return isObjectLike(e) && isObjectLike(e.external) && typeof e.external.notify === "function";
}
`;

/**
 * @telegram-apps/bridge 2.11's postEvent (every call the SDK makes to Telegram: init, mounts, ready, MainButton,
 * BackButton, haptics) and its `isTMA('complete')` ask "does `window` have TelegramWebviewProxy.postEvent?" (and, failing
 * that, "external.notify?") with valibot's `is(looseObject(…), window)`. A loose object schema copies every other
 * property of its input into its output: each call enumerated and read all of `window`'s properties (~20 ms at 4x
 * throttling for the first one, in a profile of the Welcome). The same questions are now asked of those two properties
 * only. Fails the build when the package no longer has that code.
 */
export function checkTelegramWebviewDirectly(source: string): string {
  if (!BRIDGE_PROXY_CHECK.test(source) || !source.includes(BRIDGE_NOTIFY_CHECK)) {
    throw new Error(
      '@telegram-apps/bridge changed: its webview checks (hasWebviewProxy, external.notify) are not where scripts/vite-startup-plugins.ts ' +
        'expects them. Check whether the new version still validates all of window with valibot, then update or remove the patch.',
    );
  }
  return source.replace(BRIDGE_PROXY_CHECK, () => WEBVIEW_CHECKS_SOURCE).replace(BRIDGE_NOTIFY_CHECK, 'if (hasExternalNotify(r)) {');
}

/** A build-only plugin that rewrites the one package file `file` matches with `patch` (which throws when it no longer fits). */
const patchPackageFile = (name: string, file: RegExp, patch: (code: string) => string): Plugin => ({
  name,
  apply: 'build',
  transform(code, id) {
    if (!file.test(id)) return null;
    return { code: patch(code), map: null };
  },
});

export function telegramLaunchCheckOnce(): Plugin {
  return patchPackageFile('telegram-launch-check-once', BRIDGE_FILE, (code) => checkTelegramWebviewDirectly(rememberTelegramLaunchCheck(code)));
}

/** The file of @telegram-apps/transformers that `telegramLaunchParamsParsedOnce` changes, and its two exports. */
export const TRANSFORMERS_FILE = /[\\/]node_modules[\\/]@telegram-apps[\\/]transformers[\\/]dist[\\/]index\.js$/;
const TRANSFORMERS_IS_EXPORT = /\n(\s+)De as isLaunchParamsQuery,/;
const TRANSFORMERS_PARSE_EXPORT = /\n(\s+)_e as parseLaunchParamsQuery,/;

/**
 * The wrappers `telegramLaunchParamsParsedOnce` adds (a function of the package's own `parse` and `is`, so that a unit
 * test can run them): a launch-parameter string is validated and parsed once per page; each caller gets its own copy.
 */
export function launchParamsOnceSource(parse: string, is: string): string {
  return `
let launchParamsQueryParsed;
function parseLaunchParamsQueryOnce(query) {
  if (typeof query !== "string") return ${parse}(query);
  if (!launchParamsQueryParsed || launchParamsQueryParsed.query !== query) launchParamsQueryParsed = { query, value: ${parse}(query) };
  return structuredClone(launchParamsQueryParsed.value);
}
function isLaunchParamsQueryOnce(query) {
  if (typeof query !== "string") return ${is}(query);
  try {
    return parseLaunchParamsQueryOnce(query), !0;
  } catch {
    return !1;
  }
}
`;
}

/**
 * @telegram-apps/transformers 1.2: `isLaunchParamsQuery(s)` builds the launch-parameter schema and runs it over the whole
 * query (a full parse, thrown away); `parseLaunchParamsQuery(s)` runs it again. Outside and inside Telegram the same
 * string is checked and parsed several times before the first screen: the dev mock checks what it installs, the
 * bridge's `retrieveRawLaunchParams()` checks it, `retrieveLaunchParams()` (the SDK's `init()`, the first availability
 * check) parses it. Each check or parse of one string now reuses the first successful parse of that string (a
 * `structuredClone` per caller, so no caller shares an object with another); a string that fails is parsed again each
 * time (its error is thrown as before). Fails the build when the package no longer has these exports.
 */
export function parseTelegramLaunchParamsOnce(source: string): string {
  if (!TRANSFORMERS_IS_EXPORT.test(source) || !TRANSFORMERS_PARSE_EXPORT.test(source)) {
    throw new Error(
      '@telegram-apps/transformers changed: isLaunchParamsQuery / parseLaunchParamsQuery are not where scripts/vite-startup-plugins.ts ' +
        'expects them. Check whether the new version still validates the launch parameters twice, then update or remove the patch.',
    );
  }
  const exportsAt = source.lastIndexOf('\nexport {');
  return (
    source.slice(0, exportsAt) +
    launchParamsOnceSource('_e', 'De') +
    source
      .slice(exportsAt)
      .replace(TRANSFORMERS_IS_EXPORT, '\n$1isLaunchParamsQueryOnce as isLaunchParamsQuery,')
      .replace(TRANSFORMERS_PARSE_EXPORT, '\n$1parseLaunchParamsQueryOnce as parseLaunchParamsQuery,')
  );
}

export function telegramLaunchParamsParsedOnce(): Plugin {
  return patchPackageFile('telegram-launch-params-parsed-once', TRANSFORMERS_FILE, parseTelegramLaunchParamsOnce);
}
