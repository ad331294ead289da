import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { createTestApp, signUp, type TestApp } from './harness';

const APP_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https://t.me https://*.telegram.org; " +
  "connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; " +
  "frame-ancestors 'self' https://web.telegram.org https://*.telegram.org";
const API_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; " +
  "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'";

/** Parses a CSP header into directive → sources. */
const directives = (header: unknown): Record<string, string[]> => {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
};

describe('security headers', () => {
  let staticDir: string;
  let t: TestApp;

  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'csp-static-'));
    mkdirSync(join(staticDir, 'assets'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>App</title><script type="module" src="/assets/app.js"></script>');
    writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log(1);');
    t = await createTestApp({ env: { STATIC_DIR: staticDir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('the app (index, SPA routes, assets) may be framed by Telegram web clients only, and loads only what it needs', async () => {
    for (const url of ['/', '/wallet', '/cards/crd_123', '/assets/app.js']) {
      const res = await t.call({ method: 'GET', url });
      expect(res.status, url).toBe(200);
      expect(res.headers['content-security-policy'], url).toBe(APP_CSP);
      expect(res.headers['x-frame-options'], url).toBeUndefined();
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
    const csp = directives((await t.call({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(csp['frame-ancestors']).toEqual(["'self'", 'https://web.telegram.org', 'https://*.telegram.org']);
    expect(csp['script-src']).toEqual(["'self'"]); // no inline or remote script
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(Object.values(csp).flat()).not.toContain("'unsafe-eval'");
    expect(Object.values(csp).flat()).not.toContain('*');
    expect(csp['img-src']).not.toContain('https:');
  });

  it('API answers, authenticated or refused, load nothing and are never framed', async () => {
    const refused = await t.call({ method: 'GET', url: '/api/wallet' });
    expect(refused.status).toBe(401);
    expect(refused.headers['content-security-policy']).toBe(API_CSP);
    expect(refused.headers['x-frame-options']).toBeUndefined();

    const { accessToken } = await signUp(t);
    const wallet = await t.call({ method: 'GET', url: '/api/wallet', headers: { authorization: `Bearer ${accessToken}` } });
    expect(wallet.status).toBe(200);
    expect(wallet.headers['content-security-policy']).toBe(API_CSP);

    const unknown = await t.call({ method: 'GET', url: '/api/no-such-thing' });
    expect(unknown.status).toBe(404);
    expect(unknown.headers['content-security-policy']).toBe(API_CSP);
  });

  it('the Swagger UI page /api/docs has its own policy (its files, inline styles, data: icons; not framed by others)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe(DOCS_CSP);
    const initializer = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    expect(initializer.headers['content-security-policy']).toBe(DOCS_CSP);
    // The docs policy stays on the docs: the app and the API keep theirs.
    expect((await t.call({ method: 'GET', url: '/api/openapi.json' })).headers['content-security-policy']).toBe(API_CSP);
    expect((await t.call({ method: 'GET', url: '/' })).headers['content-security-policy']).toBe(APP_CSP);
  });

  it('API_PUBLIC_ORIGIN (the API on another origin) is allowed in connect-src, nothing else changes', async () => {
    const other = await createTestApp({ env: { STATIC_DIR: staticDir, API_PUBLIC_ORIGIN: 'https://api.example.com' } });
    try {
      const csp = directives((await other.call({ method: 'GET', url: '/' })).headers['content-security-policy']);
      expect(csp['connect-src']).toEqual(["'self'", 'https://api.example.com']);
      expect(csp['script-src']).toEqual(["'self'"]);
    } finally {
      await other.close();
    }
  });

  it('every answer (the app, its files, the API) carries a Permissions-Policy that turns off the features the app never uses', async () => {
    for (const url of ['/', '/wallet', '/assets/app.js', '/api/health', '/api/config']) {
      const { headers } = await t.call({ method: 'GET', url });
      const policy = Object.fromEntries(String(headers['permissions-policy']).split(', ').map((entry) => entry.split('=')));
      expect(policy, url).toMatchObject({ camera: '()', microphone: '()', geolocation: '()', payment: '()', usb: '()', 'clipboard-write': '(self)' });
    }
  });

  it('API_PUBLIC_ORIGIN must be origins', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: 'memory://', JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig({ ...base, API_PUBLIC_ORIGIN: 'https://a.example.com, https://b.example.com/' }).apiPublicOrigins).toEqual([
      'https://a.example.com',
      'https://b.example.com',
    ]);
    expect(() => loadConfig({ ...base, API_PUBLIC_ORIGIN: 'https://a.example.com/api' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, API_PUBLIC_ORIGIN: "https://a.example.com 'unsafe-eval'" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, API_PUBLIC_ORIGIN: 'javascript:alert(1)' })).toThrow(ConfigError);
  });
});
