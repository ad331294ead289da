import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

const dist = mkdtempSync(join(tmpdir(), 'dist-'));
let t: TestApp;
beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  // What the build writes beside each compressible file (vite.config.ts, scripts/precompress.ts).
  writeFileSync(join(dist, 'index.html.br'), brotliCompressSync('<!doctype html><title>app</title>'));
  writeFileSync(join(dist, 'index.html.gz'), gzipSync('<!doctype html><title>app</title>'));
  writeFileSync(join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log(1)'));
  writeFileSync(join(dist, 'assets', 'app-abc123.js.gz'), gzipSync('console.log(1)'));
  writeFileSync(join(dist, 'assets', 'plain-abc123.css'), 'a{}');
  t = await createTestApp({ env: { STATIC_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('static app', () => {
  it("the app's files do not count against the API's per-IP limit; the API keeps it", async () => {
    // One app load is ~30 files (index.html, the entry, the screen's chunks, CSS, translations) and a mobile carrier's
    // NAT puts many users behind one address: the API's 600 a minute per IP refused index.html itself (a JSON 429 as
    // the page) after ~20 loads a minute from one address.
    const remoteAddress = '203.0.113.77';
    for (let i = 0; i < 220; i += 1) {
      for (const url of ['/', '/wallet', '/assets/app-abc123.js']) {
        const res = await t.app.inject({ method: 'GET', url, remoteAddress });
        expect(res.statusCode, `${url}, request ${i}`).toBe(200);
      }
    }
    // An API route the limit counts (the health probes are never limited): without a token, 401 until the limit.
    let limited = 0;
    for (let i = 0; i < 601; i += 1) {
      const res = await t.app.inject({ method: 'GET', url: '/api/config', remoteAddress });
      if (res.statusCode === 429) limited += 1;
    }
    expect(limited).toBe(1);
    // Told apart by the route that answers, not by the URL as sent: an encoded or dotted path to the API is the API.
    for (const url of ['/%61pi/config', '/x/../api/config']) {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.78' });
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toMatchObject({ success: false, error: { service: 'api' } });
    }
    let encodedLimited = 0;
    for (let i = 0; i < 601; i += 1) {
      const res = await t.app.inject({ method: 'GET', url: i % 2 ? '/%61pi/config' : '/x/../api/config', remoteAddress: '203.0.113.79' });
      if (res.statusCode === 429) encodedLimited += 1;
    }
    expect(encodedLimited).toBe(1);
  });

  it('serves index.html at / and as SPA fallback for app routes, revalidated', async () => {
    for (const url of ['/', '/wallet', '/cards/123']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>app</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('index.html asked for by name is never cached either (with or without compression)', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await t.app.inject({ method: 'GET', url: '/index.html', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['cache-control']).not.toMatch(/immutable|max-age=[1-9]/);
    }
  });

  it('hashed assets are immutable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the pre-compressed file the browser accepts (brotli first, then gzip), varying on Accept-Encoding', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');

    const gz = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log(1)');

    const identity = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe('console.log(1)');

    // A file the build did not compress is sent as it is.
    const plain = await t.app.inject({ method: 'GET', url: '/assets/plain-abc123.css', headers: { 'accept-encoding': 'br, gzip' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('a{}');
  });

  it('the SPA fallback (index.html) is compressed too and never cached', async () => {
    for (const url of ['/', '/wallet']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<title>app</title>');
    }
  });

  it('unknown API routes still answer the JSON envelope', async () => {
    const res = await t.call({ method: 'GET', url: '/api/missing' });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });
});
