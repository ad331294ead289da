/**
 * Pre-compression of the built app (issue #13): a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside
 * every compressible file of the build, so the server (server/http/static-files.ts, @fastify/static preCompressed)
 * or a CDN sends compressed bytes without compressing per request. Used by vite.config.ts after `vite build`.
 * The files are compressed at once on libuv's thread pool (zlib's asynchronous calls), so a build uses every core for
 * it: brotli at quality 11 is most of a build's time (`npm test` builds the app for its e2e tests).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|map)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

export interface PrecompressResult {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : [path];
  });

/** Writes `<file>.br` and `<file>.gz` beside every compressible file of `dir` that is at least 1 KiB. */
export async function precompressDirectory(dir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const files = walk(dir).filter((file) => COMPRESSIBLE.test(file) && statSync(file).size >= MIN_BYTES);
  await Promise.all(
    files.map(async (file) => {
      const source = readFileSync(file);
      const [brotli, gzipped] = await Promise.all([
        brotliAsync(source, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
        }),
        gzipAsync(source, { level: 9 }),
      ]);
      writeFileSync(`${file}.br`, brotli);
      writeFileSync(`${file}.gz`, gzipped);
      result.files += 1;
      result.bytes += source.length;
      result.brotliBytes += brotli.length;
      result.gzipBytes += gzipped.length;
    }),
  );
  return result;
}
