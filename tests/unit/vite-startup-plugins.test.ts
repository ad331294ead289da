import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OutputBundle } from 'rolldown';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints, rememberTelegramLaunchCheck } from '../../scripts/vite-startup-plugins';

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
