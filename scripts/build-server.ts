/**
 * `npm run build:server`: the API server as compiled JavaScript for production (`npm run start:prod` runs
 * `node dist-server/main.js`, no TypeScript loader at run time). esbuild bundles server/ and the shared contract
 * (the `@/` alias comes from tsconfig.json) into one ES module; npm packages stay external, loaded from
 * node_modules as usual. The SQL migrations (and the sandbox's, server/sandbox/migrations) are copied beside it (server/db/migrate.ts finds them next to the code).
 */
import { cpSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
export const SERVER_BUILD_DIR = resolve(root, 'dist-server');

/** Builds the server into `outDir` (default dist-server/); returns the size of what it wrote. */
export async function buildServer(outDir = SERVER_BUILD_DIR): Promise<{ bytes: number }> {
  rmSync(outDir, { recursive: true, force: true });
  const result = await build({
    entryPoints: [resolve(root, 'server/main.ts')],
    outfile: resolve(outDir, 'main.js'),
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
  return { bytes: Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { bytes } = await buildServer();
  console.log(`dist-server/main.js: ${(bytes / 1024).toFixed(0)} KiB with its source map, migrations copied`);
}
