/**
 * The production image's runtime stage, rebuilt outside a container (no container engine on these machines; the
 * Dockerfile's `runtime` stage does the same steps): a clean folder holding only the built output (dist/, dist-server/)
 * and package.json + package-lock.json, `npm ci --omit=dev`, then the migrate step and the server in production mode
 * on PostgreSQL, as deploy/compose runs them, and the first operator made by `npm run ops`. It answers /api/health, /api/ready and the app, and stops cleanly on
 * SIGTERM. Under `npm run test:node-matrix` this runs on Node 22 and 24: the image's Node is one of those.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build-server';
import { createDatabase, startPostgresCluster, type PostgresCluster } from '../../scripts/load/postgres-cluster';
import { ROOT } from '../../scripts/load/server-process';
import { PRODUCTION_ENV } from '../server/production-env';

const image = mkdtempSync(join(tmpdir(), 'runtime-stage-'));
let cluster: PostgresCluster;
let server: ChildProcess | undefined;

beforeAll(async () => {
  cluster = await startPostgresCluster({ name: 'runtime-stage' });
}, 120_000);
afterAll(() => {
  server?.kill('SIGKILL');
  cluster?.destroy();
  rmSync(image, { recursive: true, force: true });
});

const sh = (command: string, args: string[], cwd: string) => {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
};

/** Runs `entry` of the image with plain node (the Dockerfile's CMD), in the image folder only. */
const runImage = (entry: string, env: Record<string, string>, args: string[] = []): ChildProcess =>
  spawn(process.execPath, ['--enable-source-maps', entry, ...args], { cwd: image, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });

const outputOf = (child: ChildProcess): Promise<{ code: number | null; output: string }> =>
  new Promise((resolve) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });

describe("the production image's runtime stage", () => {
  it('built output + npm ci --omit=dev: migrates, starts in production mode on PostgreSQL, answers /api/ready and the app, stops on SIGTERM', async () => {
    // The build stage's output (npm run build), written straight into the clean folder.
    sh(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', join(image, 'dist'), '--emptyOutDir', '--logLevel', 'warn'], ROOT);
    await buildServer(join(image, 'dist-server'));
    for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(ROOT, file), join(image, file));
    expect(readdirSync(image).sort()).toEqual(['dist', 'dist-server', 'package-lock.json', 'package.json']);

    sh('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'], image);
    // Production dependencies only: the build and test tools are not there.
    for (const devOnly of ['vite', 'vitest', 'playwright-core', 'steiger', 'happy-dom', 'fast-check']) expect(existsSync(join(image, 'node_modules', devOnly)), devOnly).toBe(false);

    const { url } = await createDatabase(cluster.url, 'runtime');
    const env = {
      ...PRODUCTION_ENV,
      DATABASE_URL: url,
      HOST: '127.0.0.1',
      PORT: '0',
      STATIC_DIR: join(image, 'dist'),
      MIGRATE_ON_START: 'off',
      // Nothing leaves the machine: no rate fetches, no bot, TronGrid and SMTP on closed loopback ports.
      RATES_PROVIDER: 'none',
      BOT_ADAPTER: 'none',
      TRONGRID_API_URL: 'http://127.0.0.1:9',
      TRON_POLL_MS: '600000',
      SMTP_URL: 'smtp://127.0.0.1:9',
      LOG_LEVEL: 'warn',
    };
    const migrated = await outputOf(runImage('dist-server/migrate.js', env));
    expect(migrated.code, migrated.output).toBe(0);
    expect(migrated.output).toMatch(/PostgreSQL \(DATABASE_URL\): applied 0001_users\.sql/);
    // The first admin, as docs/ops.md has the deploy make one (`npm run ops` is this file).
    const admin = await outputOf(runImage('dist-server/ops.js', env, ['create-operator', '--email', 'admin@example.com', '--role', 'admin']));
    expect(admin.code, admin.output).toBe(0);
    expect(admin.output).toMatch(/Operator opr_[\w-]+ created: admin@example\.com \(admin\)/);

    server = runImage('dist-server/main.js', env);
    const output = outputOf(server);
    const port = await new Promise<number>((resolve, reject) => {
      let text = '';
      server!.stdout!.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        const match = /App running at http:\/\/localhost:(\d+)/.exec(text);
        if (match) resolve(Number(match[1]));
      });
      server!.on('exit', () => reject(new Error(`the server exited before listening: ${text}`)));
    });
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ success: true, data: { status: 'ready', database: 'postgres' } });
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    // The operator console beside the app, under its own page and CSP.
    const consolePage = await fetch(`${base}/ops/kyc`);
    expect(consolePage.status).toBe(200);
    expect(await consolePage.text()).toContain('/ops/assets/');
    expect(consolePage.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('permissions-policy')).toContain('camera=()');
    // Production: metrics need their token, the sandbox is off.
    expect((await fetch(`${base}/api/metrics`)).status).toBe(401);
    expect((await fetch(`${base}/api/dev/mailbox?email=a@b.c`)).status).toBe(404);

    server.kill('SIGTERM');
    const stopped = await output;
    expect(stopped.code, stopped.output).toBe(0);
  });
});
