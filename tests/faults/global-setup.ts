/**
 * The fault runs' servers are the compiled server, as production runs it (`node dist-server/main.js`, docs/deploy.md):
 * built once here into .tmp/faults-server, and named by TEST_SERVER_BUILD for startServerProcess and serverCommand
 * (scripts/load/server-process.ts), which then run it instead of the TypeScript sources under tsx. Besides being the
 * shape production runs, a process starts with half the CPU (no TypeScript loader compiling the server at each start).
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildServer } from '../../scripts/build-server';

const dir = resolve(import.meta.dirname, '../../.tmp/faults-server');

export async function setup(): Promise<void> {
  await buildServer(dir);
  process.env.TEST_SERVER_BUILD = dir;
}

export function teardown(): void {
  rmSync(dir, { recursive: true, force: true });
}
