import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../scripts/precompress';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressDirectory', () => {
  it('writes brotli and gzip copies of compressible files of 1 KiB and more, identical once decompressed', async () => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, 'assets'));
    const js = `export const words = ${JSON.stringify('wallet '.repeat(400))};\n`;
    writeFileSync(join(dir, 'index.html'), `<!doctype html>${'<p>card</p>'.repeat(200)}`);
    writeFileSync(join(dir, 'assets', 'app-abc.js'), js);
    writeFileSync(join(dir, 'assets', 'tiny-abc.css'), 'a{}');
    writeFileSync(join(dir, 'assets', 'logo-abc.png'), Buffer.alloc(4096, 7));

    const result = await precompressDirectory(dir);

    expect(result.files).toBe(2);
    expect(brotliDecompressSync(readFileSync(join(dir, 'assets', 'app-abc.js.br'))).toString()).toBe(js);
    expect(gunzipSync(readFileSync(join(dir, 'assets', 'app-abc.js.gz'))).toString()).toBe(js);
    expect(existsSync(join(dir, 'index.html.br'))).toBe(true);
    expect(existsSync(join(dir, 'assets', 'tiny-abc.css.br'))).toBe(false); // too small to be worth it
    expect(existsSync(join(dir, 'assets', 'logo-abc.png.gz'))).toBe(false); // not a text format
    expect(result.brotliBytes).toBeLessThan(result.gzipBytes);
    expect(result.gzipBytes).toBeLessThan(result.bytes);
  });
});
