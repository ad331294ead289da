import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { enqueueJob } from '../../server/jobs';
import { createTestApp, signUp, type TestApp } from './harness';

const TOKEN = 'metrics-token-0123456789';

/** The value of one sample line `name{labels} value`, matched on every given label; undefined if absent. */
const sample = (text: string, name: string, labels: Record<string, string> = {}): number | undefined => {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
};

describe('GET /api/metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      extraRoutes: (app) => {
        app.get('/api/test/boom', async () => {
          throw new Error('boom');
        });
      },
    });
  });
  afterAll(() => t?.close());

  const scrape = async (): Promise<string> => {
    const res = await t.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('counts requests and latency by method, route pattern and status (never the raw URL)', async () => {
    const { accessToken } = await signUp(t);
    const auth = { authorization: `Bearer ${accessToken}` };
    for (let i = 0; i < 3; i++) await t.call({ method: 'GET', url: '/api/health' });
    const missing = await t.call({ method: 'GET', url: '/api/cards/crd_does_not_exist_1', headers: auth });
    await t.call({ method: 'GET', url: '/api/cards/crd_does_not_exist_2', headers: auth });
    expect(missing.status).toBe(404);

    const text = await scrape();
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/api/health', status_code: '200' })).toBe(3);
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/api/cards/:id', status_code: '404' })).toBe(2);
    expect(text).not.toContain('crd_does_not_exist');
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/health', status_code: '200' })).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_bucket', { route: '/api/health', le: '+Inf' })).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_sum', { route: '/api/health' })).toBeGreaterThan(0);
  });

  it('counts errors apart: 4xx and 5xx by status and envelope code; unmatched URLs share one label', async () => {
    await t.call({ method: 'GET', url: '/api/wallet' }); // 401 UNAUTHORIZED
    await t.call({ method: 'GET', url: '/api/nothing/here/123' }); // 404 NOT_FOUND, no route
    const boom = await t.call({ method: 'GET', url: '/api/test/boom' });
    expect(boom.status).toBe(500);

    const text = await scrape();
    expect(sample(text, 'http_errors_total', { route: '/api/wallet', status_code: '401', class: '4xx', code: 'UNAUTHORIZED' })).toBe(1);
    expect(sample(text, 'http_errors_total', { route: '(unmatched)', status_code: '404', class: '4xx', code: 'NOT_FOUND' })).toBe(1);
    expect(sample(text, 'http_errors_total', { route: '/api/test/boom', status_code: '500', class: '5xx', code: 'INTERNAL' })).toBe(1);
    expect(text).not.toContain('/api/nothing/here');
    // Successful answers are not errors.
    expect(sample(text, 'http_errors_total', { route: '/api/health' })).toBeUndefined();
  });

  it('reports the job queue depth by status and kind from the jobs table, on each scrape', async () => {
    await enqueueJob(t.db, { kind: 'test.metrics.a', payload: {} });
    await enqueueJob(t.db, { kind: 'test.metrics.a', payload: {} });
    await enqueueJob(t.db, { kind: 'test.metrics.b', payload: {}, delayMs: 60_000 });
    let text = await scrape();
    expect(sample(text, 'jobs_queue_depth', { status: 'queued', kind: 'test.metrics.a' })).toBe(2);
    expect(sample(text, 'jobs_queue_depth', { status: 'queued', kind: 'test.metrics.b' })).toBe(1);

    await t.db.query(`UPDATE jobs SET status = 'failed' WHERE kind = 'test.metrics.b'`);
    await t.db.query(`UPDATE jobs SET status = 'done' WHERE kind = 'test.metrics.a'`);
    text = await scrape();
    expect(sample(text, 'jobs_queue_depth', { status: 'failed', kind: 'test.metrics.b' })).toBe(1);
    expect(sample(text, 'jobs_queue_depth', { status: 'queued', kind: 'test.metrics.b' })).toBeUndefined();
    expect(sample(text, 'jobs_queue_depth', { kind: 'test.metrics.a' })).toBeUndefined(); // done jobs are not queue depth
  });

  it('includes the default process metrics (memory, event loop lag)', async () => {
    const text = await scrape();
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
  });
});

describe('GET /api/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t?.close());

  it('needs the bearer token', async () => {
    const none = await t.call({ method: 'GET', url: '/api/metrics' });
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
    const wrong = await t.call({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    const right = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('http_requests_total');
  });
});

describe('alert rules (deploy/prometheus/alerts.yml)', () => {
  it('every metric an alert uses is one GET /api/metrics exports, with the freshness gauges and the error reports among them', async () => {
    const t = await createTestApp();
    try {
      await t.db.query(`INSERT INTO exchange_market_rates (source, mid_rate, fetched_at, updated_at) VALUES ('cbr', '90', now(), now()) ON CONFLICT (source) DO UPDATE SET fetched_at = now()`);
      await t.db.query(`INSERT INTO tron_watcher_cursors (address, cursor, updated_at, polled_at) VALUES ('TAlertTest', NULL, now(), now()) ON CONFLICT (address) DO UPDATE SET polled_at = now()`);
      await t.call({ method: 'POST', url: '/api/client-errors', payload: { kind: 'error', message: 'probe' }, remoteAddress: '10.200.0.1' });
      const text = (await t.app.inject({ method: 'GET', url: '/api/metrics' })).body;
      const exported = new Set(['up']);
      for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\w+)$/gm)) {
        exported.add(name!);
        if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) exported.add(`${name}${suffix}`);
      }
      expect(sample(text, 'exchange_rate_age_seconds', { source: 'cbr' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'deposit_watcher_age_seconds', { address: 'TAlertTest' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'client_errors_total', { kind: 'error' })).toBe(1);
      const rules = parse(readFileSync(resolve(import.meta.dirname, '../../deploy/prometheus/alerts.yml'), 'utf8')) as { groups: Array<{ rules: Array<{ alert: string; expr: string }> }> };
      const alerts = rules.groups.flatMap((group) => group.rules);
      expect(alerts.map((rule) => rule.alert)).toEqual(expect.arrayContaining(['ApiServerErrors', 'JobsFailed', 'ExchangeRateStale', 'DepositWatcherStale', 'ReconciliationDifference', 'ReconciliationNotRun']));
      const functions = new Set(['sum', 'rate', 'max', 'min', 'by', 'clamp_min', 'histogram_quantile', 'le', 'kind', 'source', 'address', 'class', 'status', 'abs', 'or', 'time', 'check']);
      for (const rule of alerts) {
        // Series names: identifiers followed by a selector, a range or an operator, that are not PromQL functions or labels.
        const names = [...rule.expr.replace(/\{[^}]*\}/g, '{}').matchAll(/\b([a-z_][a-z0-9_]*)\b/g)].map((m) => m[1]!).filter((word) => !functions.has(word));
        expect(names.length, rule.alert).toBeGreaterThan(0);
        for (const name of names) expect(exported, `${rule.alert}: ${name}`).toContain(name);
      }
    } finally {
      await t.close();
    }
  });
});

