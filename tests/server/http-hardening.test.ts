/**
 * Every request gets a clear answer (GitHub issue "Trust"): NUL characters refused at the contract for every endpoint,
 * requests Node or the router refuse answered in the envelope with the security headers, bodies over the limit answered
 * 413 to ordinary clients, stalled requests timed out, X-Request-Id checked, absolute URLs from PUBLIC_ORIGIN only,
 * TRUST_PROXY by hops, and the sandbox's secrets (mailbox, activation codes) for their owners only.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, ErrorEnvelope, type EndpointId } from '@/shared/contract';
import { appJobRegistry, runDueJobs } from '../../server/jobs';
import { BASE_SECURITY_HEADERS } from '../../server/http/client-errors';
import { NUL_MESSAGE } from '../../server/http/validation';
import { createCard, setIssuerMode } from './card-helpers';
import { createTestApp, sandboxHeaders, type TestApp } from './harness';
import { depositUsdt, verifiedUser, type TestUser } from './wallet-support';

let t: TestApp;
let user: TestUser;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  user = await verifiedUser(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t?.close());

// ── A raw HTTP/1.1 exchange ────────────────────────────────────────────────────────────────────────

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The server closed the connection (always true here: every request says Connection: close or is refused). */
  closed: boolean;
}

const parseRaw = (text: string, closed: boolean): RawAnswer => {
  const end = text.indexOf('\r\n\r\n');
  const head = end === -1 ? text : text.slice(0, end);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body: end === -1 ? '' : text.slice(end + 4), closed };
};

/** Sends `chunks` as they are and resolves with whatever the server answered once it closes the connection. */
const rawExchange = (chunks: Array<string | Buffer>): Promise<RawAnswer> =>
  new Promise((resolvePromise, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (d) => received.push(d));
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error)));
    socket.on('close', () => resolvePromise(parseRaw(Buffer.concat(received).toString('latin1'), true)));
    for (const chunk of chunks) socket.write(chunk);
  });

const rawRequest = (requestLine: string, headers: string[] = [], body = '') =>
  rawExchange([`${requestLine}\r\nHost: 127.0.0.1\r\n${headers.map((h) => `${h}\r\n`).join('')}Connection: close\r\n\r\n${body}`]);

const expectEnvelopeAnswer = (answer: RawAnswer, status: number, code?: string) => {
  expect(answer.status, answer.body.slice(0, 300)).toBe(status);
  const body = JSON.parse(answer.body);
  expect(ErrorEnvelope.safeParse(body).success, answer.body).toBe(true);
  if (code) expect(body.error.code).toBe(code);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) expect(answer.headers[name], name).toBe(value);
  return body;
};

// ── NUL (U+0000) for every endpoint of the contract ─────────────────────────────────────────────────

type Shape = Record<string, unknown>;
const shapeOf = (schema: unknown): Shape => (schema as { shape?: Shape } | undefined)?.shape ?? {};
const NUL = 'a\u0000b';

describe('NUL (U+0000) is refused with 400 in the envelope, for every endpoint and every part', () => {
  const ids = Object.keys(endpoints) as EndpointId[];
  it('covers the whole registry', () => expect(ids.length).toBeGreaterThanOrEqual(27));

  it.each(ids)('%s', async (id) => {
    const def = endpoints[id] as { method: string; path: string; params?: unknown; query?: unknown; body?: unknown };
    const base = { ...user.headers, 'idempotency-key': randomUUID() };
    const paramNames = Object.keys(shapeOf(def.params));
    const fill = (params: Record<string, string>) => def.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? 'x'));
    const cases: Array<{ part: string; key: string; url: string; payload?: object }> = [];
    // Path parameters: each one holds NUL (sent as %00), the others are fine.
    for (const name of paramNames) cases.push({ part: 'params', key: name, url: fill({ [name]: NUL }) });
    for (const name of Object.keys(shapeOf(def.query))) cases.push({ part: 'query', key: name, url: `${fill({})}?${name}=a%00b` });
    for (const name of Object.keys(shapeOf(def.body))) cases.push({ part: 'body', key: name, url: fill({}), payload: { [name]: NUL } });
    // A nested string and an object key hold NUL too.
    if (def.body) cases.push({ part: 'body', key: 'nested.0', url: fill({}), payload: { nested: [NUL] } });
    if (def.body) cases.push({ part: 'body', key: 'a\\u0000b', url: fill({}), payload: { [NUL]: 1 } });

    for (const c of cases) {
      const res = await t.call({ method: def.method as 'GET', url: c.url, headers: { ...base, 'idempotency-key': randomUUID() }, ...(c.payload ? { payload: c.payload } : {}) });
      const where = `${id} ${c.part}.${c.key} → ${res.status} ${JSON.stringify(res.body)}`;
      expect(res.status, where).toBe(400);
      expect(res.body, where).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR', service: 'api' } });
      expect(res.body.error.fields[c.key], where).toBe(NUL_MESSAGE);
    }

    // The headers the server reads (bearer token, Idempotency-Key, X-Request-Id, Telegram init data): Node refuses
    // NUL in any header before routing; the answer is still the envelope with the security headers.
    const path = fill({});
    for (const header of ['Authorization: Bearer a\u0000b', 'Idempotency-Key: abcdefgh\u0000ijk', 'X-Request-Id: a\u0000b', 'X-Telegram-Init-Data: a\u0000b']) {
      expectEnvelopeAnswer(await rawRequest(`${def.method} ${path} HTTP/1.1`, [header]), 400, 'BAD_REQUEST');
    }
  });
});

describe('NUL on the routes outside the contract (sandbox SBP page, webhook, static files) is refused the same way', () => {
  it.each([
    ['GET', '/api/dev/sbp/pay/a%00b'],
    ['POST', '/api/dev/sbp/pay/a%00b/pay'],
    ['GET', '/api/health?x=a%00b'],
    ['GET', '/some%00page'],
  ])('%s %s → 400 VALIDATION_ERROR', async (method, url) => {
    const res = await t.call({ method: method as 'GET', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, ...(method === 'POST' ? { payload: '' } : {}) });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    expect(Object.values(res.body.error.fields)).toEqual([NUL_MESSAGE]);
  });
});

// ── Requests refused before routing ─────────────────────────────────────────────────────────────────

describe('requests refused before a route runs answer the envelope with the usual security headers', () => {
  it('the fixed security headers are exactly what helmet sends on an ordinary API answer', async () => {
    const ok = await rawRequest('GET /api/health HTTP/1.1');
    expect(ok.status).toBe(200);
    const dynamic = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'x-request-id', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']);
    const fixed = Object.fromEntries(Object.entries(ok.headers).filter(([name]) => !dynamic.has(name)));
    expect(fixed).toEqual(BASE_SECURITY_HEADERS);
  });

  it('malformed percent-escape in the path → 400 BAD_URL', async () => {
    const body = expectEnvelopeAnswer(await rawRequest('GET /api/cards/%E0%A4%A HTTP/1.1', [`Authorization: Bearer ${user.token}`]), 400, 'BAD_URL');
    expect(body.error.message).not.toContain('%E0');
  });

  it('a path parameter over the router limit → 414 URI_TOO_LONG', async () => {
    expectEnvelopeAnswer(await rawRequest(`GET /api/cards/${'a'.repeat(500)} HTTP/1.1`, [`Authorization: Bearer ${user.token}`]), 414, 'URI_TOO_LONG');
  });

  it('an over-long URL and oversized headers → 431 HEADERS_TOO_LARGE', async () => {
    expectEnvelopeAnswer(await rawRequest(`GET /api/health?${'q'.repeat(20_000)} HTTP/1.1`), 431, 'HEADERS_TOO_LARGE');
    expectEnvelopeAnswer(await rawRequest(`GET /api/cards/${'a'.repeat(20_000)} HTTP/1.1`), 431, 'HEADERS_TOO_LARGE');
    expectEnvelopeAnswer(await rawRequest('GET /api/health HTTP/1.1', [`X-Big: ${'b'.repeat(20_000)}`]), 431, 'HEADERS_TOO_LARGE');
  });

  it('broken HTTP → 400 BAD_REQUEST', async () => {
    expectEnvelopeAnswer(await rawExchange(['GET /api/health HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n']), 400, 'BAD_REQUEST');
  });
});

// ── Bodies over the limit reach ordinary clients as 413 ──────────────────────────────────────────────

describe('a body over the limit: fetch and node:http both receive 413 PAYLOAD_TOO_LARGE, every time', () => {
  const REPEAT = 15;
  const url = () => `http://127.0.0.1:${port}/api/auth/send-code`;
  const bodyOf = (size: number) => JSON.stringify({ email: 'a@example.com', purpose: 'signup', pad: 'x'.repeat(size) });

  const viaNodeHttp = (body: string, chunked: boolean) =>
    new Promise<{ status: number; text: string }>((resolvePromise, reject) => {
      const req = http.request(
        url(),
        { method: 'POST', headers: { 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': Buffer.byteLength(body) }) } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (text += d));
          res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      if (chunked) for (let offset = 0; offset < body.length; offset += 16_384) req.write(body.slice(offset, offset + 16_384));
      req.end(chunked ? undefined : body);
    });

  it.each([100_000, 3_000_000])('%i bytes', async (size) => {
    const body = bodyOf(size);
    const outcomes: string[] = [];
    for (let i = 0; i < REPEAT; i++) {
      for (const send of [
        async () => {
          const res = await fetch(url(), { method: 'POST', headers: { 'content-type': 'application/json' }, body });
          return { status: res.status, text: await res.text() };
        },
        () => viaNodeHttp(body, false),
        () => viaNodeHttp(body, true),
      ]) {
        try {
          const { status, text } = await send();
          outcomes.push(status === 413 && JSON.parse(text).error.code === 'PAYLOAD_TOO_LARGE' ? 'ok' : `${status} ${text.slice(0, 100)}`);
        } catch (error) {
          outcomes.push(`failed: ${(error as NodeJS.ErrnoException).cause ?? (error as Error).message}`);
        }
      }
    }
    expect(outcomes.filter((o) => o !== 'ok')).toEqual([]);
  });
});

// ── Issue #31 item 8: many clients at once, each sending 5 MB ────────────────────────────────────────

describe('a 5 MB body from 21 clients at once: each reads the 413 envelope (the rest of the body is read and discarded)', () => {
  /** The clients run in a process of their own, as real clients do (in this process they share the server's event loop). */
  const clientsAtOnce = (kind: 'node' | 'chunked' | 'fetch'): Promise<string[]> =>
    new Promise((resolveOutcomes, reject) => {
      const child = spawn(process.execPath, [join(import.meta.dirname, 'fakes/big-body-clients.mjs'), `http://127.0.0.1:${port}/api/auth/send-code`, '21', '5000000', kind], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
      child.on('error', reject);
      child.on('exit', () => resolveOutcomes(JSON.parse(out) as string[]));
    });

  it.each([
    ['node:http (Connection: close), declared length', 'node'],
    ['node:http (Connection: close), chunked', 'chunked'],
    ['fetch', 'fetch'],
  ] as const)('%s', async (_, kind) => {
    const outcomes = await clientsAtOnce(kind);
    expect(outcomes).toHaveLength(21);
    // The issue's bar: at least 20 of 21 (before: 5 of 21 with node:http, 11 with fetch, 15 chunked).
    expect(outcomes.filter((o) => o === 'ok').length, JSON.stringify(outcomes)).toBeGreaterThanOrEqual(20);
  });

  it('a body over BODY_DISCARD_MAX_BYTES is cut off: the discarding is bounded', async () => {
    const bounded = await createTestApp({ env: { BODY_DISCARD_MAX_BYTES: '100000' } });
    try {
      await bounded.app.listen({ port: 0, host: '127.0.0.1' });
      const boundedPort = (bounded.app.server.address() as net.AddressInfo).port;
      const closedAfter = await new Promise<number>((resolvePromise) => {
        const socket = net.connect(boundedPort, '127.0.0.1');
        let sent = 0;
        socket.on('error', () => undefined);
        socket.on('close', () => resolvePromise(sent));
        socket.write(`POST /api/auth/send-code HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50000000\r\n\r\n`);
        const pump = () => {
          while (sent < 50_000_000 && !socket.destroyed) {
            sent += 65_536;
            if (!socket.write(Buffer.alloc(65_536, 120))) return void socket.once('drain', pump);
          }
        };
        pump();
      });
      expect(closedAfter).toBeLessThan(50_000_000);
    } finally {
      await bounded.close();
    }
  });
});

// ── Issue #31 item 8: whatever the path, the envelope ────────────────────────────────────────────────

describe('a path of any length is answered in the envelope (static files served too)', () => {
  const dist = mkdtempSync(join(tmpdir(), 'dist-paths-'));
  let withApp: TestApp;
  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    withApp = await createTestApp({ env: { STATIC_DIR: dist } });
  });
  afterAll(async () => {
    await withApp?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    { name: 'a 6 000-character page path', url: `/${'a'.repeat(6_000)}` },
    { name: 'a 6 000-character API path', url: `/api/${'a'.repeat(6_000)}` },
    { name: '6 000 characters of short segments', url: `/x/${'a/'.repeat(3_000)}` },
    { name: 'one 300-character segment', url: `/${'a'.repeat(300)}` },
  ])('$name → 414 URI_TOO_LONG in the envelope with the security headers', async ({ url }) => {
    const status = 414;
    const res = await withApp.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(status);
    expect(ErrorEnvelope.safeParse(res.json()).success, res.body.slice(0, 200)).toBe(true);
    expect(res.json().error.code).toBe('URI_TOO_LONG');
    expect(res.body.length).toBeLessThan(1_000); // the path is not echoed back whole
    for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) {
      if (name !== 'content-security-policy') expect(res.headers[name], name).toBe(value);
    }
  });

  it('an ordinary page path still gets the app', async () => {
    const res = await withApp.app.inject({ method: 'GET', url: '/wallet' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>app</title>');
  });
});

// ── Timeouts ─────────────────────────────────────────────────────────────────────────────────────────

describe('a stalled request gets an answer or a close within the configured timeouts', () => {
  let slow: TestApp;
  let slowPort: number;
  beforeAll(async () => {
    slow = await createTestApp({ env: { REQUEST_TIMEOUT_MS: '800', HEADERS_TIMEOUT_MS: '400', CONNECTION_TIMEOUT_MS: '5000' } });
    await slow.app.listen({ port: 0, host: '127.0.0.1' });
    slowPort = (slow.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => slow?.close());

  const stall = (data: string) =>
    new Promise<RawAnswer>((resolvePromise) => {
      const socket = net.connect(slowPort, '127.0.0.1');
      const received: Buffer[] = [];
      socket.on('data', (d) => received.push(d));
      socket.on('error', () => undefined);
      socket.on('close', () => resolvePromise(parseRaw(Buffer.concat(received).toString('latin1'), true)));
      socket.write(data); // ...and never sends the rest.
    });

  it('headers, then half the body, then nothing: 408 REQUEST_TIMEOUT in the envelope and the connection closed', async () => {
    const answer = await stall('POST /api/auth/send-code HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":"a@exa');
    expect(answer.closed).toBe(true);
    expectEnvelopeAnswer(answer, 408, 'REQUEST_TIMEOUT');
  });

  it('half the headers, then nothing: 408 and closed', async () => {
    const answer = await stall('GET /api/health HTTP/1.1\r\nHost: x\r\nX-Partial: ');
    expect(answer.closed).toBe(true);
    expectEnvelopeAnswer(answer, 408, 'REQUEST_TIMEOUT');
  });

  it('the timeouts come from the configuration', () => {
    expect(slow.config.timeouts).toMatchObject({ requestMs: 800, headersMs: 400, connectionMs: 5000 });
    expect(slow.app.server.requestTimeout).toBe(800);
    expect(slow.app.server.headersTimeout).toBe(400);
    expect(slow.app.server.timeout).toBe(5000);
  });
});

// ── Issue #31 item 7: a request that arrived whole is never a 408; real overload is a 503 ─────────────

describe('a request that arrived whole is answered, however long our own work held the event loop', () => {
  let busy: TestApp;
  let busyPort: number;
  beforeAll(async () => {
    busy = await createTestApp({
      env: { REQUEST_TIMEOUT_MS: '800', HEADERS_TIMEOUT_MS: '400' },
      extraRoutes: (app) => {
        // Our own work holding the event loop (a burst of requests, the embedded database's statements).
        app.get('/api/test/hold-the-loop', async () => {
          const until = Date.now() + 1_500;
          while (Date.now() < until) {
            // busy
          }
          return { success: true, data: {} };
        });
      },
    });
    await busy.app.listen({ port: 0, host: '127.0.0.1' });
    busyPort = (busy.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => busy?.close());

  it('headers, then the loop is held past REQUEST_TIMEOUT_MS while the body arrives: 200, not 408', async () => {
    const body = JSON.stringify({ email: `whole-${randomUUID()}@example.com`, purpose: 'signup' });
    const socket = net.connect(busyPort, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (d) => received.push(d));
    const closed = new Promise<void>((resolveClosed) => socket.on('close', () => resolveClosed()));
    socket.write(`POST /api/auth/send-code HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`);
    await new Promise((r) => setTimeout(r, 100)); // the headers are read: the request's clock runs
    const held = fetch(`http://127.0.0.1:${busyPort}/api/test/hold-the-loop`);
    await new Promise((r) => setTimeout(r, 200)); // the loop is held now
    socket.write(body); // the body arrives whole while the server is busy
    await held;
    await closed;
    const answer = parseRaw(Buffer.concat(received).toString('latin1'), true);
    expect(answer.status, answer.body).toBe(200);
  });

  it('a request that really stalls is still 408 (the slow-client protection stands)', async () => {
    const socket = net.connect(busyPort, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (d) => received.push(d));
    socket.on('error', () => undefined);
    const closed = new Promise<void>((resolveClosed) => socket.on('close', () => resolveClosed()));
    socket.write('POST /api/auth/send-code HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":');
    await closed;
    expectEnvelopeAnswer(parseRaw(Buffer.concat(received).toString('latin1'), true), 408, 'REQUEST_TIMEOUT');
  });
});

describe('real overload: past MAX_IN_FLIGHT_REQUESTS, 503 SERVICE_OVERLOADED with Retry-After in the envelope', () => {
  it('two requests in flight of two: the third is turned away at once; health is always answered; then it serves again', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolveGate) => (release = resolveGate));
    const full = await createTestApp({
      env: { MAX_IN_FLIGHT_REQUESTS: '2', OVERLOAD_RETRY_AFTER_SECONDS: '3' },
      extraRoutes: (app) => {
        app.get('/api/test/slow', async () => {
          await gate;
          return { success: true, data: {} };
        });
      },
    });
    try {
      const slow = [full.app.inject({ method: 'GET', url: '/api/test/slow' }), full.app.inject({ method: 'GET', url: '/api/test/slow' })];
      await new Promise((r) => setTimeout(r, 50));
      const turnedAway = await full.call({ method: 'GET', url: '/api/ready' });
      expect(turnedAway.status).toBe(503);
      expect(turnedAway.body).toMatchObject({ success: false, error: { code: 'SERVICE_OVERLOADED', service: 'api' } });
      expect(turnedAway.headers['retry-after']).toBe('3');
      expect(turnedAway.headers['x-content-type-options']).toBe('nosniff');
      expect((await full.call({ method: 'GET', url: '/api/health' })).status).toBe(200);
      release();
      expect((await Promise.all(slow)).map((r) => r.statusCode)).toEqual([200, 200]);
      expect((await full.call({ method: 'GET', url: '/api/ready' })).status).toBe(200);
    } finally {
      release();
      await full.close();
    }
  });
});

// ── X-Request-Id ─────────────────────────────────────────────────────────────────────────────────────

describe('X-Request-Id is kept only when it is a short token', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  it.each([
    ['markup', '<script>alert(1)</script>'],
    ['10,000 characters', 'a'.repeat(10_000)],
    ['129 characters', 'a'.repeat(129)],
    ['spaces', 'a b'],
    ['quotes and braces', '"}{"'],
  ])('%s → a fresh UUID (echoed and logged)', async (_, value) => {
    const res = await t.call({ method: 'GET', url: '/api/health', headers: { 'x-request-id': value } });
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it('a sane token is kept, up to 128 characters', async () => {
    for (const value of ['abc-123', 'trace.span:01=+~_', 'k'.repeat(128)]) {
      const res = await t.call({ method: 'GET', url: '/api/health', headers: { 'x-request-id': value } });
      expect(res.headers['x-request-id']).toBe(value);
    }
  });
});

// ── Absolute URLs from PUBLIC_ORIGIN only ────────────────────────────────────────────────────────────

describe('absolute URLs are built from PUBLIC_ORIGIN, never from Host or X-Forwarded-*', () => {
  it('the server never reads the request host or protocol', () => {
    const root = resolve(import.meta.dirname, '../../server');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith('.ts')) files.push(path);
      }
    };
    walk(root);
    const uses = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ file, line: i + 1, text: line }))
        .filter(({ text }) => /\b(request|req)\.(host|hostname|protocol)\b|headers\.host\b|headers\[['"](host|x-forwarded-host|x-forwarded-proto)['"]\]/.test(text)),
    );
    expect(uses).toEqual([]);
  });

  it('a hostile Host / X-Forwarded-Host changes neither the payment URL, the callback URL nor the return-URL allow-list', async () => {
    const app = await createTestApp({ env: { PUBLIC_ORIGIN: 'https://wallet.example.com', TRUST_PROXY: '1' } });
    try {
      await app.call({ method: 'POST', url: '/api/dev/sbp/settings', payload: { failCreate: false } });
      const payer = await verifiedUser(app);
      const hostile = { host: 'evil.example', 'x-forwarded-host': 'evil2.example', 'x-forwarded-proto': 'http' };
      const create = (body: object) =>
        app.call({ method: 'POST', url: '/api/wallet/sbp', headers: { ...payer.headers, ...hostile, 'idempotency-key': randomUUID() }, payload: body });

      const created = await create({ amount: 10_000 });
      expect(created.status).toBe(200);
      expect(created.body.data.paymentUrl).toMatch(/^https:\/\/wallet\.example\.com\/api\/dev\/sbp\/pay\//);
      const [invoice] = await app.db.query<{ notification_url: string; success_url: string; fail_url: string }>(
        'SELECT notification_url, success_url, fail_url FROM sandbox_sbp_invoices WHERE invoice_id = $1',
        [created.body.data.invoiceId],
      );
      expect(invoice!.notification_url).toBe('https://wallet.example.com/api/webhooks/sbp');
      expect(invoice!.success_url).toMatch(/^https:\/\/wallet\.example\.com\/payment-success\?/);
      expect(invoice!.fail_url).toMatch(/^https:\/\/wallet\.example\.com\/payment-failed\?/);

      for (const returnUrl of ['https://evil.example/wallet', 'http://evil2.example/wallet']) {
        const refused = await create({ amount: 10_000, returnUrl });
        expect(refused.status).toBe(422);
        expect(refused.body.error.code).toBe('RETURN_URL_NOT_ALLOWED');
      }
      expect((await create({ amount: 10_000, returnUrl: 'https://wallet.example.com/wallet' })).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

// ── TRUST_PROXY ─────────────────────────────────────────────────────────────────────────────────────

describe('TRUST_PROXY trusts hops, not whatever X-Forwarded-For says', () => {
  it.each(['1', 'true', '10.9.9.9', '10.9.0.0/16'])('TRUST_PROXY=%s: a spoofed leftmost X-Forwarded-For does not change the rate-limit key', async (trust) => {
    const app = await createTestApp({ env: { TRUST_PROXY: trust } });
    try {
      const remaining: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await app.call({
          method: 'GET',
          url: '/api/health',
          remoteAddress: '10.9.9.9', // the proxy
          headers: { 'x-forwarded-for': `198.51.100.${i + 1}, 203.0.113.7` }, // client-written entry, then what the proxy appended
        });
        remaining.push(Number(res.headers['x-ratelimit-remaining']));
      }
      expect(remaining).toEqual([remaining[0]!, remaining[0]! - 1, remaining[0]! - 2, remaining[0]! - 3]);
      // Another real client behind the same proxy has its own budget.
      const other = await app.call({ method: 'GET', url: '/api/health', remoteAddress: '10.9.9.9', headers: { 'x-forwarded-for': '203.0.113.8' } });
      expect(Number(other.headers['x-ratelimit-remaining'])).toBe(remaining[0]);
    } finally {
      await app.close();
    }
  });

  it('an untrusted peer cannot pick its address with X-Forwarded-For', async () => {
    const app = await createTestApp({ env: { TRUST_PROXY: '10.9.9.9' } });
    try {
      const remaining: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await app.call({ method: 'GET', url: '/api/health', remoteAddress: '192.0.2.50', headers: { 'x-forwarded-for': `198.51.100.${i + 1}` } });
        remaining.push(Number(res.headers['x-ratelimit-remaining']));
      }
      expect(remaining).toEqual([remaining[0]!, remaining[0]! - 1, remaining[0]! - 2]);
    } finally {
      await app.close();
    }
  });
});

// ── Sandbox secrets ─────────────────────────────────────────────────────────────────────────────────

describe('the sandbox hands out secrets only to their owners', () => {
  it('the mailbox answers only with SANDBOX_TOKEN', async () => {
    const url = `/api/dev/mailbox?email=${encodeURIComponent(user.email)}`;
    for (const headers of [{}, { 'x-sandbox-token': 'wrong-token-wrong-token' }, { 'x-sandbox-token': `${t.config.sandboxToken}x` }]) {
      const res = await t.call({ method: 'GET', url, headers });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
      expect(JSON.stringify(res.body)).not.toMatch(/\b\d{6}\b/);
    }
    // A signed-in user is not the operator either: their bearer token does not open anyone's mailbox.
    expect((await t.call({ method: 'GET', url, headers: user.headers })).status).toBe(401);
    const ok = await t.call({ method: 'GET', url, headers: sandboxHeaders(t) });
    expect(ok.status).toBe(200);
    expect(ok.body.data.messages[0].code).toMatch(/^\d{6}$/);
  });

  it("a physical card's activation code goes only to the card's owner", async () => {
    await setIssuerMode(t, { delayMs: 0 });
    await depositUsdt(t, user, 300);
    const created = await createCard(t, { ...user, id: user.userId }, { productId: 'prd_visa_physical_usd', initialDeposit: 50_00 });
    expect(created.status).toBe(200);
    await runDueJobs(t.db, { registry: appJobRegistry(t.app), backoffBaseMs: 0 });
    const url = `/api/dev/cards/${created.body.data.id}/activation-code`;

    const anonymous = await t.call({ method: 'GET', url });
    expect(anonymous.status).toBe(401);
    const stranger = await verifiedUser(t);
    const foreign = await t.call({ method: 'GET', url, headers: stranger.headers });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ success: false, error: { code: 'CARD_NOT_FOUND' } });
    const unknown = await t.call({ method: 'GET', url: `/api/dev/cards/${created.body.data.id.slice(0, 4)}${'0'.repeat(20)}/activation-code`, headers: stranger.headers });
    expect(foreign.body).toEqual(unknown.body);

    const own = await t.call({ method: 'GET', url, headers: user.headers });
    expect(own.status).toBe(200);
    expect(own.body.data.activationCode).toMatch(/\S/);
  });
});
