/**
 * scripts/run-parallel.ts (npm test's side-by-side steps): a failed command's output comes last, after every passing
 * one, with a line naming it, so the end of the log shows the failure even when the failing command finished first.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const runParallel = (...commands: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/run-parallel.ts', ...commands], { cwd: ROOT, encoding: 'utf8' });

describe('run-parallel', () => {
  it('prints a failed command after the passing ones (even when it failed first), names it last, exits with its code', () => {
    const result = runParallel('echo quick-failure; exit 3', 'sleep 0.5; echo slow-success');
    expect(result.status).toBe(3);
    const out = result.stdout;
    expect(out.indexOf('slow-success')).toBeGreaterThan(-1);
    expect(out.indexOf('quick-failure')).toBeGreaterThan(out.indexOf('slow-success'));
    expect(out.trimEnd().split('\n').at(-1)).toBe('run-parallel: failed: echo quick-failure; exit 3 (exit 3)');
  });

  it('every command passing: each output once, exit 0, no failure line', () => {
    const result = runParallel('echo one', 'echo two');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('one');
    expect(result.stdout).toContain('two');
    expect(result.stdout).not.toContain('run-parallel: failed');
  });
});
