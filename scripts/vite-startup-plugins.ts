/**
 * Build plugins for the first screen's start-up time (issue #13, docs/frontend.md "Start-up"). Build only: the dev
 * server and the tests run the packages as they are.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decode, encode } from '@jridgewell/sourcemap-codec';
import { parseAst, type Plugin } from 'vite';

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

/** A node of the ESTree that `parseAst` returns (positions are string offsets). */
interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is AstNode => typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';

/** Calls `visit` on `node` and every node below it; `visit` returning false skips what is below that node. */
function walk(node: AstNode, visit: (node: AstNode) => boolean | void): void {
  if (visit(node) === false) return;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const item of value) if (isNode(item)) walk(item, visit);
    if (isNode(value)) walk(value, visit);
  }
}

/** Whether `body` (an arrow function's) refers to its own `this` or `arguments` (a nested `function` has its own). */
function usesOwnThisOrArguments(body: AstNode): boolean {
  let uses = false;
  walk(body, (node) => {
    if (node.type === 'FunctionExpression' || node.type === 'FunctionDeclaration') return false;
    if (node.type === 'ThisExpression' || (node.type === 'Identifier' && node.name === 'arguments')) uses = true;
    return !uses;
  });
  return uses;
}

/** What `eagerCommonJsWrappers` changed: at `at` (an offset of the code before) `removed` characters became `inserted`. */
export interface SourceEdit {
  at: number;
  removed: number;
  inserted: string;
}

/**
 * rolldown runs each CommonJS module of the build (react, react-dom, scheduler, use-sync-external-store: all in the
 * entry) from a wrapper closure on its first `require`: `__commonJSMin(((exports, module) => { … }))` (minified:
 * `o(((e,t)=>{…}))`). V8 compiles an arrow function lazily, on the main thread, at its first call, the compile hint
 * notwithstanding: react-dom's client (~200 KB) was parsed there in the middle of the entry's evaluation, ~15–20 ms
 * unthrottled (V8's `--log-function-events`). A parenthesised `function` expression is compiled eagerly instead,
 * while the file streams in (V8's heuristic for a function that is likely called at once), so those wrappers are
 * written as function expressions. Same behaviour: ES modules are strict, so `this` is undefined in either; a
 * wrapper whose own body uses `this` or `arguments` is left as it is. Returns null when the code defines no wrapper
 * helper (a chunk without CommonJS modules).
 */
export function eagerCommonJsWrappers(code: string, parse: (code: string) => AstNode): { code: string; edits: SourceEdit[] } | null {
  if (!code.includes('exports:{}')) return null;
  const program = parse(code);
  // The helper: `name = (cb, mod) => () => (mod || cb((mod = { exports: {} }).exports, mod), mod.exports)`.
  let helper: string | null = null;
  walk(program, (node) => {
    if (helper !== null) return false;
    const init = node.init as AstNode | undefined;
    const id = node.id as AstNode | undefined;
    if (node.type !== 'VariableDeclarator' || id?.type !== 'Identifier' || init?.type !== 'ArrowFunctionExpression') return;
    const inner = init.body as AstNode;
    if ((init.params as AstNode[]).length === 2 && inner.type === 'ArrowFunctionExpression' && (inner.params as AstNode[]).length === 0) {
      if (/\{exports:\{\}\}/.test(code.slice(inner.start, inner.end).replace(/\s/g, ''))) helper = id.name as string;
    }
  });
  if (helper === null) return null;
  const edits: SourceEdit[] = [];
  walk(program, (node) => {
    if (node.type !== 'CallExpression' || (node.callee as AstNode).type !== 'Identifier' || (node.callee as AstNode).name !== helper) return;
    const wrapper = (node.arguments as AstNode[])[0];
    if (wrapper?.type !== 'ArrowFunctionExpression' || wrapper.async) return;
    const body = wrapper.body as AstNode;
    if (body.type !== 'BlockStatement' || code[body.start] !== '{' || usesOwnThisOrArguments(body)) return;
    const params = wrapper.params as AstNode[];
    const list = params.length > 0 ? code.slice(params[0]!.start, params[params.length - 1]!.end) : '';
    edits.push({ at: wrapper.start, removed: body.start - wrapper.start, inserted: `function(${list})` });
  });
  edits.sort((a, b) => a.at - b.at);
  let out = '';
  let from = 0;
  for (const edit of edits) {
    out += code.slice(from, edit.at) + edit.inserted;
    from = edit.at + edit.removed;
  }
  return { code: out + code.slice(from), edits };
}

/** Moves a source map's generated columns to where `edits` put the code (each edit stays on its line). */
export function shiftSourceMap(mappings: string, code: string, edits: readonly SourceEdit[]): string {
  const lines = decode(mappings);
  for (const edit of [...edits].reverse()) {
    const line = code.slice(0, edit.at).split('\n').length - 1;
    const column = edit.at - (code.lastIndexOf('\n', edit.at - 1) + 1);
    const delta = edit.inserted.length - edit.removed;
    for (const segment of lines[line] ?? []) if (segment[0] >= column + edit.removed) segment[0] += delta;
  }
  return encode(lines);
}

/**
 * The build step of `eagerCommonJsWrappers`, on the written files (the minifier, which runs after generateBundle,
 * would turn the function expressions back into arrows). Fails the build when the entry holds react-dom but no
 * wrapper was rewritten: rolldown's CommonJS wrapper changed, and the start-up time with it.
 */
export function eagerCommonJs(): Plugin {
  return {
    name: 'eager-commonjs-wrappers',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const file = join(options.dir ?? '', chunk.fileName);
        const code = readFileSync(file, 'utf8');
        const result = eagerCommonJsWrappers(code, (source) => parseAst(source) as unknown as AstNode);
        const holdsReactDom = chunk.moduleIds.some((id) => /[\\/]node_modules[\\/]react-dom[\\/]/.test(id));
        if (holdsReactDom && (result === null || result.edits.length === 0)) {
          throw new Error(
            `${chunk.fileName} holds react-dom but no CommonJS wrapper of rolldown's was found to compile eagerly: ` +
              'check how the new rolldown wraps CommonJS modules, then update or remove scripts/vite-startup-plugins.ts eagerCommonJs.',
          );
        }
        if (!result || result.edits.length === 0) continue;
        writeFileSync(file, result.code);
        if (chunk.sourcemapFileName && existsSync(join(options.dir ?? '', chunk.sourcemapFileName))) {
          const mapFile = join(options.dir ?? '', chunk.sourcemapFileName);
          const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { mappings: string };
          map.mappings = shiftSourceMap(map.mappings, code, result.edits);
          writeFileSync(mapFile, JSON.stringify(map));
        }
      }
    },
  };
}
