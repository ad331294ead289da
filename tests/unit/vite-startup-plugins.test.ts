import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OutputBundle } from 'rolldown';
import { afterEach, describe, expect, it } from 'vitest';
import {
  COMPILE_HINT,
  compileHints,
  launchParamsOnceSource,
  checkTelegramWebviewDirectly,
  parseTelegramLaunchParamsOnce,
  rememberTelegramLaunchCheck,
  WEBVIEW_CHECKS_SOURCE,
} from '../../scripts/vite-startup-plugins';

// The copy the app's build bundles (the SDK's own dependency, hoisted).
const bridgeSource = () => readFileSync(new URL('../../node_modules/@telegram-apps/bridge/dist/index.js', import.meta.url), 'utf8');

describe('rememberTelegramLaunchCheck', () => {
  it("patches the installed @telegram-apps/bridge: a found launch-parameter set is remembered, a missing one never is", () => {
    const patched = rememberTelegramLaunchCheck(bridgeSource());
    expect(patched.match(/let launchParamsFound = !1;/g)).toHaveLength(1);
    // Yes once: no second lookup. No (an exception): still `return !1` without touching the flag.
    expect(patched).toContain('return launchParamsFound || (Se(), launchParamsFound = !0);');
    expect(patched).toMatch(/launchParamsFound = !0\);\n\s+\} catch \{\n\s+return !1;/);
  });

  it('fails loudly when the package no longer has that code (an upgrade must be looked at)', () => {
    expect(() => rememberTelegramLaunchCheck('export function isTMA() { return true; }')).toThrow(/@telegram-apps\/bridge changed/);
  });
});

describe('checkTelegramWebviewDirectly', () => {
  // The package's checks: valibot's `is(looseObject({ TelegramWebviewProxy: looseObject({ postEvent: function() }) }), window)`
  // and the same for `external.notify`. Same answers, without copying every property of `window`.
  const checks = () =>
    new Function(`${WEBVIEW_CHECKS_SOURCE}\nreturn { H, hasExternalNotify };`)() as {
      H: (value: unknown) => boolean;
      hasExternalNotify: (value: unknown) => boolean;
    };

  it('says whether a window has a webview proxy with postEvent, as the schema did', () => {
    const { H } = checks();
    expect(H({ TelegramWebviewProxy: { postEvent: () => undefined } })).toBe(true);
    expect(H({ TelegramWebviewProxy: { postEvent: 'no' } })).toBe(false);
    expect(H({ TelegramWebviewProxy: () => undefined })).toBe(false);
    expect(H({ TelegramWebviewProxy: null })).toBe(false);
    expect(H({})).toBe(false);
    expect(H(null)).toBe(false);
    expect(H(undefined)).toBe(false);
  });

  it('says whether a window has external.notify, as the schema did', () => {
    const { hasExternalNotify } = checks();
    expect(hasExternalNotify({ external: { notify: () => undefined } })).toBe(true);
    expect(hasExternalNotify({ external: {} })).toBe(false);
    expect(hasExternalNotify({})).toBe(false);
    expect(hasExternalNotify(null)).toBe(false);
  });

  it('never reads the other properties of the window (the schema copied them all)', () => {
    const { H, hasExternalNotify } = checks();
    const read: string[] = [];
    const win = new Proxy({ TelegramWebviewProxy: { postEvent: () => undefined }, other: 1 }, {
      get: (target, key) => (read.push(String(key)), Reflect.get(target, key)),
    });
    expect(H(win)).toBe(true);
    expect(hasExternalNotify(win)).toBe(false);
    expect(read).not.toContain('other');
  });

  it('patches the installed @telegram-apps/bridge: postEvent and isTMA use the direct checks', () => {
    const patched = checkTelegramWebviewDirectly(bridgeSource());
    expect(patched).not.toContain('u({ TelegramWebviewProxy: u({ postEvent: N() }) })');
    expect(patched).not.toContain('y(u({ external: u({ notify: N() }) }), r)');
    expect(patched).toContain('if (hasExternalNotify(r)) {');
    expect(patched.match(/function H\(/g)).toHaveLength(1);
  });

  it('fails loudly when the package no longer has that code (an upgrade must be looked at)', () => {
    expect(() => checkTelegramWebviewDirectly('function H(e) { return true; }')).toThrow(/@telegram-apps\/bridge changed/);
  });
});

const transformersSource = () => readFileSync(new URL('../../node_modules/@telegram-apps/transformers/dist/index.js', import.meta.url), 'utf8');

describe('parseTelegramLaunchParamsOnce', () => {
  // The wrappers over a counting stand-in for the package's parse (throws on "bad", like the schema).
  const wrappers = () => {
    const calls: string[] = [];
    const parse = (query: unknown) => {
      calls.push(String(query));
      if (String(query).includes('bad')) throw new Error('invalid');
      return { tgWebAppVersion: '6.7', tgWebAppData: { auth_date: new Date(0) } };
    };
    const is = (query: unknown) => typeof query !== 'string';
    const make = new Function('_e', 'De', `${launchParamsOnceSource('_e', 'De')}\nreturn { parse: parseLaunchParamsQueryOnce, is: isLaunchParamsQueryOnce };`);
    return { calls, ...(make(parse, is) as { parse: (q: unknown) => unknown; is: (q: unknown) => boolean }) };
  };

  it('checks and parses one launch-parameter string once; every caller gets its own copy', () => {
    const { calls, parse, is } = wrappers();
    expect(is('tgWebAppVersion=6.7')).toBe(true);
    const first = parse('tgWebAppVersion=6.7') as { tgWebAppData: { auth_date: Date } };
    const second = parse('tgWebAppVersion=6.7') as { tgWebAppData: { auth_date: Date } };
    expect(calls).toEqual(['tgWebAppVersion=6.7']);
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    expect(second.tgWebAppData.auth_date).toBeInstanceOf(Date);
    // Another string is parsed (and then remembered instead).
    parse('tgWebAppVersion=7.0');
    expect(calls).toHaveLength(2);
  });

  it('never remembers a failure, and leaves non-string input to the package', () => {
    const { calls, parse, is } = wrappers();
    expect(is('bad')).toBe(false);
    expect(() => parse('bad')).toThrow('invalid');
    expect(calls).toEqual(['bad', 'bad']);
    expect(is(new URLSearchParams('a=1'))).toBe(true);
    expect(calls).toHaveLength(2);
  });

  it('patches the installed @telegram-apps/transformers: both exports go through the wrappers', () => {
    const patched = parseTelegramLaunchParamsOnce(transformersSource());
    expect(patched).toMatch(/isLaunchParamsQueryOnce as isLaunchParamsQuery,/);
    expect(patched).toMatch(/parseLaunchParamsQueryOnce as parseLaunchParamsQuery,/);
    expect(patched).not.toMatch(/\bDe as isLaunchParamsQuery\b|\b_e as parseLaunchParamsQuery\b/);
    expect(patched.match(/function parseLaunchParamsQueryOnce/g)).toHaveLength(1);
  });

  it('fails loudly when the package no longer has that code (an upgrade must be looked at)', () => {
    expect(() => parseTelegramLaunchParamsOnce('export { a as isLaunchParamsQuery };')).toThrow(/@telegram-apps\/transformers changed/);
  });
});

describe('compileHints', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("puts V8's hint on the first line of the entry and the named chunks only, and keeps a source map in line", () => {
    dir = mkdtempSync(join(tmpdir(), 'compile-hints-'));
    mkdirSync(join(dir, 'assets'));
    const files = { 'assets/index-a.js': 'const a=1;', 'assets/wallet-screen-b.js': 'const b=2;', 'assets/faq-c.js': 'const c=3;' };
    for (const [file, code] of Object.entries(files)) writeFileSync(join(dir, file), code);
    writeFileSync(join(dir, 'assets/index-a.js.map'), JSON.stringify({ version: 3, mappings: 'AAAA' }));
    const chunk = (fileName: string, name: string, isEntry: boolean, sourcemapFileName: string | null = null) => ({
      type: 'chunk',
      fileName,
      name,
      isEntry,
      sourcemapFileName,
    });
    const bundle = {
      a: chunk('assets/index-a.js', 'index', true, 'assets/index-a.js.map'),
      b: chunk('assets/wallet-screen-b.js', 'wallet-screen', false),
      c: chunk('assets/faq-c.js', 'faq', false),
    } as unknown as OutputBundle;

    const plugin = compileHints(['wallet-screen']);
    (plugin.writeBundle as (options: { dir: string }, bundle: OutputBundle) => void)({ dir }, bundle);

    expect(readFileSync(join(dir, 'assets/index-a.js'), 'utf8')).toBe(`${COMPILE_HINT}const a=1;`);
    expect(readFileSync(join(dir, 'assets/wallet-screen-b.js'), 'utf8')).toBe(`${COMPILE_HINT}const b=2;`);
    expect(readFileSync(join(dir, 'assets/faq-c.js'), 'utf8')).toBe('const c=3;');
    expect(JSON.parse(readFileSync(join(dir, 'assets/index-a.js.map'), 'utf8')).mappings).toBe(';AAAA');
  });
});
