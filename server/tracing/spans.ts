/**
 * The spans the server makes itself (docs/edge.md "Tracing"), through the OpenTelemetry API only: without a started
 * SDK (OTEL_EXPORTER_OTLP_ENDPOINT unset) every call here is the API's no-op. The SDK and Fastify's instrumentation are
 * started by `startTracing` / `registerRequestTracing` (sdk.ts).
 *
 * - SQL statements (`tracedDb`): a CLIENT span per statement with its text (parameters are never recorded: no
 *   personal data), a span around each transaction. Only as children of a request or a job: the worker's idle polls and
 *   the housekeeping make no traces of their own.
 * - Jobs: a PRODUCER span where a request (or a job) enqueues one, a CONSUMER span (its own trace) while one runs.
 */
import { context, SpanKind, SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';
import type { Db, Queryable, Row, SqlParam } from '../db/db';

const tracer = trace.getTracer('tg-wallet-api');

/** Runs `fn` in a span made active for it (children attach to it); the span ends with `fn`, an error recorded on it. */
const inSpan = async <T>(name: string, options: { kind: SpanKind; attributes?: Attributes }, fn: (span: Span) => Promise<T>): Promise<T> =>
  tracer.startActiveSpan(name, options, async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      span.end();
    }
  });

const hasParent = (): boolean => trace.getSpan(context.active()) !== undefined;

/** SELECT, INSERT, WITH, ... (the first word of the statement, for the span name). */
const operationOf = (sql: string): string => /^\s*(?:--[^\n]*\n\s*)*([A-Za-z]+)/.exec(sql)?.[1]?.toUpperCase() ?? 'SQL';
/** Statements longer than this are cut in the span (a migration file, a big WITH): the start tells which it is. */
const MAX_QUERY_TEXT = 4_096;

const statementSpan = <T>(sql: string, run: () => Promise<T>): Promise<T> => {
  if (!hasParent()) return run();
  const operation = operationOf(sql);
  return inSpan(
    operation,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        'db.system.name': 'postgresql',
        'db.operation.name': operation,
        'db.query.text': sql.length > MAX_QUERY_TEXT ? `${sql.slice(0, MAX_QUERY_TEXT)}…` : sql,
      },
    },
    run,
  );
};

const tracedQueryable = (target: Queryable): Queryable => ({
  query: <T extends Row>(sql: string, params?: readonly SqlParam[]) => statementSpan(sql, () => target.query<T>(sql, params)),
  exec: (sql: string) => statementSpan(sql, () => target.exec(sql)),
});

/** `db` with every statement a span of the active request or job (tracing on only: startServer wraps it then). */
export const tracedDb = (db: Db): Db => ({
  kind: db.kind,
  ...tracedQueryable(db),
  tx: (fn) => (hasParent() ? inSpan('transaction', { kind: SpanKind.INTERNAL }, () => db.tx((q) => fn(tracedQueryable(q)))) : db.tx((q) => fn(tracedQueryable(q)))),
  withConnection: (fn) => db.withConnection((q) => fn(tracedQueryable(q))),
  close: () => db.close(),
});

const jobAttributes = (kind: string): Attributes => ({ 'messaging.system': 'jobs-table', 'messaging.destination.name': kind });

/** A job added by the active request or job: a PRODUCER span around `enqueue` (its statement a child of it). */
export const jobEnqueueSpan = <T>(kind: string, enqueue: () => Promise<T>): Promise<T> =>
  hasParent() ? inSpan(`enqueue ${kind}`, { kind: SpanKind.PRODUCER, attributes: { ...jobAttributes(kind), 'messaging.operation.type': 'create' } }, enqueue) : enqueue();

/** A job whose insert rides another statement (enqueueJobStatement): a PRODUCER span marking it, ended at once. */
export const markJobEnqueued = (kind: string): void => {
  if (!hasParent()) return;
  tracer.startSpan(`enqueue ${kind}`, { kind: SpanKind.PRODUCER, attributes: { ...jobAttributes(kind), 'messaging.operation.type': 'create' } }).end();
};

/** A job as it runs: a CONSUMER span, the root of its own trace, with the job's statements under it. */
export const jobRunSpan = <T>(job: { id: number; kind: string; attempt: number }, run: () => Promise<T>): Promise<T> =>
  inSpan(
    `process ${job.kind}`,
    { kind: SpanKind.CONSUMER, attributes: { ...jobAttributes(job.kind), 'messaging.operation.type': 'process', 'messaging.message.id': String(job.id), 'job.attempt': job.attempt } },
    run,
  );
