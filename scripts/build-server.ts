/**
 * `npm run build:server`: the API server as compiled JavaScript for production (`npm run start:prod` runs
 * `node dist-server/main.js`, no TypeScript loader at run time). esbuild bundles server/ and the shared contract
 * (the `@/` alias comes from tsconfig.json) into one ES module; npm packages stay external, loaded from
 * node_modules as usual. The SQL migrations (and the sandbox's, server/sandbox/migrations) are copied beside it (server/db/migrate.ts finds them next to the code).
 * With `initdbTemplate` (the npm script's default) it also writes `pglite-initdb.tar.gz`: the embedded database's
 * freshly initialised cluster, so that a first start on an empty folder copies it instead of running initdb (~750 MB
 * for a few seconds; server/db/pglite.ts `writeInitdbTemplate`).
 */
import { cpSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { writeInitdbTemplate } from '../server/db/pglite';
import { SERVER_ENTRIES } from './support/server-entries';

const root = resolve(import.meta.dirname, '..');
export const SERVER_BUILD_DIR = resolve(root, 'dist-server');

/** Builds the server into `outDir` (default dist-server/); returns the size of what it wrote. */
export async function buildServer(outDir = SERVER_BUILD_DIR, { initdbTemplate = false }: { initdbTemplate?: boolean } = {}): Promise<{ bytes: number }> {
  rmSync(outDir, { recursive: true, force: true });
  const result = await build({
    entryPoints: Object.fromEntries(Object.entries(SERVER_ENTRIES).map(([name, file]) => [name, resolve(root, file)])),
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: resolve(root, 'server/tsconfig.json'),
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
  });
  cpSync(resolve(root, 'server/db/migrations'), resolve(outDir, 'migrations'), { recursive: true });
  cpSync(resolve(root, 'server/sandbox/migrations'), resolve(outDir, 'sandbox-migrations'), { recursive: true });
  if (initdbTemplate) await writeInitdbTemplate(resolve(outDir, 'pglite-initdb.tar.gz'));
  return { bytes: Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // `tsx scripts/build-server.ts [outDir]` (default dist-server/; the Node matrix builds elsewhere).
  const { bytes } = await buildServer(process.argv[2] ? resolve(process.argv[2]) : SERVER_BUILD_DIR, { initdbTemplate: true });
  console.log(`dist-server/ (${Object.keys(SERVER_ENTRIES).map((name) => `${name}.js`).join(', ')}): ${(bytes / 1024).toFixed(0)} KiB with source maps, migrations and the embedded database's initdb template copied`);
}
