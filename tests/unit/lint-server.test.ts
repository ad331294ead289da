// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintServer } from '../../scripts/lint-server';

/**
 * The server's import rules (scripts/lint-server.ts, a step of `npm run lint`): a fixture tree laid out like server/
 * with one planted violation of each rule fails with each one named; the real server/ passes.
 */
const root = resolve(import.meta.dirname, '../..');
const fixture = resolve(root, 'tests/fixtures/lint-server');

describe('server import rules', () => {
  it('finds every planted violation, and nothing else', () => {
    const found = lintServer(fixture).map(({ rule, file, specifier }) => `${file}: ${rule}: ${specifier}`);
    expect(found.sort()).toEqual(
      [
        'modules/b/index.ts: server/public-api: ../a/inner',
        'modules/b/index.ts: server/public-api: ../../adapters/mail/smtp',
        'modules/b/seed.ts: server/sandbox-from-composition: ../../sandbox',
        'modules/b/view.ts: server/shared-kernel-only: react',
        'modules/b/view.ts: server/shared-kernel-only: @/shared/ui',
        'modules/b/view.ts: server/shared-kernel-only: ../../../../../src/shared/money',
        'sandbox/index.ts: server/public-api: ../modules/a/inner',
      ].sort(),
    );
  });

  it('the real server/ keeps the rules', () => {
    expect(lintServer(resolve(root, 'server'))).toEqual([]);
  });

  it('the command fails on a violation (exit 1, the rule named)', { timeout: 60_000 }, () => {
    const planted = spawnSync(process.execPath, ['--import', 'tsx', resolve(root, 'scripts/lint-server.ts'), fixture], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(planted.status, planted.stderr).toBe(1);
    expect(planted.stderr).toContain('server/public-api');
  });
});
