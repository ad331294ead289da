/**
 * The production server is compiled JavaScript (`npm run build:server`, `npm run start:prod`): built with esbuild,
 * started with plain `node` (no TypeScript loader), it migrates, answers and stops cleanly. The operator's commands
 * beside it run the same way (`npm run ops` is `node dist-server/ops.js`).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build-server';

const root = resolve(import.meta.dirname, '../..');
// Inside the repository, so that the bundle's external packages resolve from its node_modules.
const outDir = resolve(root, '.tmp', `server-build-${process.pid}`);
let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(outDir, { recursive: true, force: true });
});

const waitForPort = (proc: ChildProcess): Promise<number> =>
  new Promise((resolvePort, reject) => {
    let output = '';
    proc.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /App running at http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolvePort(Number(match[1]));
    });
    proc.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    proc.on('exit', (code) => reject(new Error(`server exited with ${code} before listening:\n${output}`)));
  });

describe('compiled server', () => {
  beforeAll(async () => {
    mkdirSync(resolve(root, '.tmp'), { recursive: true });
    const { bytes } = await buildServer(outDir);
    expect(bytes).toBeGreaterThan(0);
  }, 120_000);

  it('runs under plain node: health, readiness, the error envelope and a clean stop on SIGTERM', async () => {
    child = spawn(process.execPath, [resolve(outDir, 'main.js')], {
      cwd: root,
      env: { PATH: process.env.PATH, DATA_DIR: 'memory://', PORT: '0', STATIC_DIR: 'false', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const port = await waitForPort(child);

    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`); // the migrated database answers
    expect(ready.status).toBe(200);
    const config = await fetch(`http://127.0.0.1:${port}/api/config`);
    expect(config.status).toBe(401);
    expect(await config.json()).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });

    const exited = new Promise<number | null>((done) => child!.on('exit', (code) => done(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('npm run ops -- create-operator runs under plain node: makes the operator once, refuses a second and a bad command line', () => {
    const dataDir = resolve(outDir, 'ops-db');
    const ops = (...args: string[]) =>
      spawnSync(process.execPath, [resolve(outDir, 'ops.js'), ...args], { cwd: root, encoding: 'utf8', env: { PATH: process.env.PATH, DATA_DIR: dataDir } });
    const created = ops('create-operator', '--email', 'Ada@Example.com', '--role', 'admin', '--name', 'Ada Lovelace');
    expect(created.status, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/Operator opr_\w+ created: ada@example\.com \(admin\)\./);
    const again = ops('create-operator', '--email', 'ada@example.com', '--role', 'support');
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/exists/i);
    const wrong = ops('create-operator', '--email', 'ada@example.com', '--role', 'root');
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('--role: one or more of support, compliance, admin');
    expect(ops().status).toBe(2);
  }, 60_000);
});
