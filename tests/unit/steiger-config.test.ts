// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Proves `.steiger.json` drives the lint: steiger 0.6 reads only `steiger.config.ts` from the cwd,
 * and that config loads the JSON (or the file named by STEIGER_RULES_FILE). We lint a fixture tree
 * with one sideways import between two features and flip the rule in a temp copy of the JSON.
 */
const root = resolve(__dirname, '../..');
const cli = join(root, 'node_modules/steiger/dist/cli.mjs');
const fixture = 'tests/fixtures/steiger/src';
const rule = 'fsd/forbidden-imports';
const tmp = mkdtempSync(join(tmpdir(), 'steiger-rules-'));

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function lintWith(severity: 'error' | 'warn' | 'off') {
  const team = JSON.parse(readFileSync(join(root, '.steiger.json'), 'utf8')) as { rules?: Record<string, unknown> };
  const rulesFile = join(tmp, `rules-${severity}.json`);
  writeFileSync(rulesFile, JSON.stringify({ ...team, rules: { ...team.rules, [rule]: severity } }, null, 2));
  const run = spawnSync(process.execPath, [cli, fixture], {
    cwd: root,
    env: { ...process.env, STEIGER_RULES_FILE: rulesFile, CI: 'true', NO_COLOR: '1', FORCE_COLOR: '0' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 60_000,
  });
  return { code: run.status, output: `${run.stdout}\n${run.stderr}` };
}

describe('steiger config reads .steiger.json', () => {
  it(`with "${rule}": "error" the sideways import fails the lint and the rule is named`, () => {
    const { code, output } = lintWith('error');
    expect(output).toContain(rule);
    expect(output).toContain('like-post');
    expect(code, output).toBe(1);
  });

  it(`with "${rule}": "warn" it is reported but does not fail`, () => {
    const { code, output } = lintWith('warn');
    expect(output).toContain(rule);
    expect(code, output).toBe(0);
  });

  it(`with "${rule}": "off" the same tree passes`, () => {
    const { code, output } = lintWith('off');
    expect(output).not.toContain(rule);
    expect(code, output).toBe(0);
  });
}, 60_000);
