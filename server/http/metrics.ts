import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/db';
import { sendError } from './error-handler';
import { DomainError } from './errors';
import { bearerToken } from './headers';

export const METRICS_PATH = '/api/metrics';

/** Label of requests no route matched (unknown API paths, the SPA fallback): never the raw URL. */
const UNMATCHED_ROUTE = '(unmatched)';
/** Job states counted by the queue gauge; `done` only grows, so it is left out. */
const QUEUE_STATUSES = ['queued', 'running', 'failed'] as const;

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry (GET /api/metrics): a module adds its own metrics to it. */
    metrics: Registry;
  }
}

export interface MetricsOptions {
  db: Db;
  /** Bearer token required to scrape; undefined = open. */
  token: string | undefined;
}

const routeLabel = (request: FastifyRequest): string => request.routeOptions.url ?? UNMATCHED_ROUTE;

/** The `error.code` of an envelope answer (`{"success":false,"error":{"code":...}}`), or '' for anything else. */
const envelopeCode = (payload: unknown): string => {
  if (typeof payload !== 'string' || !payload.startsWith('{"success":false')) return '';
  try {
    const code = (JSON.parse(payload) as { error?: { code?: unknown } }).error?.code;
    return typeof code === 'string' && /^[A-Z0-9_]{1,64}$/.test(code) ? code : '';
  } catch {
    return '';
  }
};

const sameToken = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Prometheus metrics of this process at GET /api/metrics (text exposition format): requests, latency and errors by
 * method + route pattern + status, job queue depth (read from the jobs table on each scrape, so it is the same in
 * every process) and the default process metrics (RSS, heap, event loop lag, GC). One registry per app, so several
 * apps in one process (tests) do not collide.
 */
export const registerMetrics = (app: FastifyInstance, options: MetricsOptions): Registry => {
  const register = new Registry();
  collectDefaultMetrics({ register });

  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered', labelNames, registers: [register] });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request received to response sent',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  const errors = new Counter({
    name: 'http_errors_total',
    help: 'HTTP answers with status >= 400, by class (4xx/5xx), status and envelope error code',
    labelNames: ['method', 'route', 'status_code', 'class', 'code'] as const,
    registers: [register],
  });
  const queue = new Gauge({
    name: 'jobs_queue_depth',
    help: 'Background jobs by status (queued, running, failed) and kind, from the jobs table',
    labelNames: ['status', 'kind'] as const,
    registers: [register],
    async collect() {
      const rows = await options.db.query<{ status: string; kind: string; n: number }>(
        `SELECT status, kind, count(*)::int AS n FROM jobs WHERE status IN (${QUEUE_STATUSES.map((s) => `'${s}'`).join(', ')}) GROUP BY status, kind`,
      );
      this.reset(); // a kind whose jobs are gone drops out instead of keeping its last value
      for (const row of rows) this.set({ status: row.status, kind: row.kind }, row.n);
    },
  });
  void queue;
  // The last reconciliation (docs/ops.md "Reconciliation"): read from its table on each scrape, like the queue depth (one
  // read per scrape: the three gauges collect at once).
  type LastReport = { checks: Array<{ check: string; difference: number | null }>; ran_at: Date; ledger_ok: boolean } | undefined;
  let lastReport: { at: number; read: Promise<LastReport> } | null = null;
  const latestReport = (): Promise<LastReport> => {
    if (!lastReport || Date.now() - lastReport.at > 1000) {
      lastReport = {
        at: Date.now(),
        read: options.db
          .query<NonNullable<LastReport>>('SELECT checks, ran_at, ledger_ok FROM reconciliation_reports ORDER BY seq DESC LIMIT 1')
          .then((rows) => rows[0]),
      };
    }
    return lastReport.read;
  };
  new Gauge({
    name: 'reconciliation_difference',
    help: 'The last reconciliation report: outside minus our books per check (usdt in micro-USDT, cards.<cur> and sbp in minor units); absent when the check could not be made',
    labelNames: ['check'] as const,
    registers: [register],
    async collect() {
      const report = await latestReport();
      this.reset();
      for (const check of report?.checks ?? []) if (check.difference !== null) this.set({ check: check.check }, check.difference);
    },
  });
  new Gauge({
    name: 'reconciliation_last_run_timestamp_seconds',
    help: 'When the last reconciliation ran (0: never)',
    registers: [register],
    async collect() {
      const report = await latestReport();
      this.set(report ? report.ran_at.getTime() / 1000 : 0);
    },
  });
  new Gauge({
    name: 'reconciliation_ledger_ok',
    help: "1 when the last reconciliation found the ledger's own audit clean (or none ran yet), 0 when not",
    registers: [register],
    async collect() {
      this.set((await latestReport())?.ledger_ok === false ? 0 : 1);
    },
  });
  // Freshness of what the money depends on (docs/deploy.md "Alerts"): read from the database on each scrape, so every
  // process reports the same figures. `sql` answers rows of (label, age in seconds).
  const ageGauge = (name: string, help: string, label: string, sql: string) =>
    new Gauge({
      name,
      help,
      labelNames: [label],
      registers: [register],
      async collect() {
        const rows = await options.db.query<{ label: string; age: number }>(sql);
        this.reset();
        for (const row of rows) this.set({ [label]: row.label }, row.age);
      },
    });
  ageGauge(
    'exchange_rate_age_seconds',
    'Seconds since the last good market rate was fetched, by rate source (exchanges are refused past RATES_MAX_AGE_SECONDS)',
    'source',
    'SELECT source AS label, extract(epoch FROM now() - fetched_at)::float8 AS age FROM exchange_market_rates WHERE fetched_at IS NOT NULL',
  );
  ageGauge(
    'deposit_watcher_age_seconds',
    'Seconds since the USDT deposit watcher last finished a poll of the deposit address, by address',
    'address',
    'SELECT address AS label, extract(epoch FROM now() - polled_at)::float8 AS age FROM tron_watcher_cursors WHERE polled_at IS NOT NULL',
  );

  const errorCodes = new WeakMap<FastifyRequest, string>();
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode >= 400) errorCodes.set(request, envelopeCode(payload));
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const labels = { method: request.method, route: routeLabel(request), status_code: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode >= 400) {
      errors.inc({ ...labels, class: reply.statusCode >= 500 ? '5xx' : '4xx', code: errorCodes.get(request) ?? '' });
    }
    done();
  });

  app.decorate('metrics', register);
  app.get(METRICS_PATH, { config: { rateLimit: false } }, async (request, reply) => {
    if (options.token) {
      const given = bearerToken(request);
      if (!sameToken(given, options.token)) {
        return sendError(reply, new DomainError('api', 'UNAUTHORIZED', 'A valid metrics token is required.', 401));
      }
    }
    const body = await register.metrics();
    return reply.header('cache-control', 'no-store').type(register.contentType).send(body);
  });
  return register;
};
