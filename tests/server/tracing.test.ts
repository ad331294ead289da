/**
 * OpenTelemetry traces (issue #33): a real server process with OTEL_EXPORTER_OTLP_ENDPOINT pointing at a loopback OTLP
 * receiver (this file's: OTLP/HTTP, protobuf) sends one trace per request, with the request id on its span, its SQL
 * statements and the jobs it enqueues as child spans; a job's run is a trace of its own. On PGlite and PostgreSQL.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoadClient } from '../../scripts/load/http-client';
import { sandboxServerEnv, startServerProcess, stopServerProcess, type ServerProcess } from '../../scripts/load/server-process';
import { WalletWorkload } from '../../scripts/load/wallet-workload';
import { createTestDatabase } from './harness';

// ── The receiver: OTLP/HTTP protobuf, decoded with the few fields of opentelemetry/proto/trace/v1 this test reads ──

type Field = { no: number; wire: number; value: bigint | Buffer };
const fields = (buf: Buffer): Field[] => {
  const out: Field[] = [];
  let at = 0;
  const varint = (): bigint => {
    let result = 0n;
    for (let shift = 0n; ; shift += 7n) {
      const byte = buf[at++]!;
      result |= BigInt(byte & 0x7f) << shift;
      if (!(byte & 0x80)) return result;
    }
  };
  while (at < buf.length) {
    const tag = Number(varint());
    const no = tag >> 3;
    const wire = tag & 7;
    if (wire === 0) out.push({ no, wire, value: varint() });
    else if (wire === 1) out.push({ no, wire, value: buf.subarray(at, (at += 8)) });
    else if (wire === 5) out.push({ no, wire, value: buf.subarray(at, (at += 4)) });
    else if (wire === 2) {
      const length = Number(varint());
      out.push({ no, wire, value: buf.subarray(at, (at += length)) });
    } else throw new Error(`unexpected wire type ${wire}`);
  }
  return out;
};
const sub = (fs: Field[], no: number) => fs.filter((f) => f.no === no).map((f) => f.value as Buffer);
const text = (fs: Field[], no: number) => sub(fs, no)[0]?.toString('utf8');
const hex = (fs: Field[], no: number) => sub(fs, no)[0]?.toString('hex') ?? '';

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, string | number | boolean>;
  service: string;
}

const decodeExport = (body: Buffer): ReceivedSpan[] => {
  const spans: ReceivedSpan[] = [];
  for (const resourceSpans of sub(fields(body), 1)) {
    const rs = fields(resourceSpans);
    const resourceAttributes = attributesOf(fields(sub(rs, 1)[0] ?? Buffer.alloc(0)), 1);
    for (const scopeSpans of sub(rs, 2)) {
      for (const raw of sub(fields(scopeSpans), 2)) {
        const span = fields(raw);
        spans.push({
          traceId: hex(span, 1),
          spanId: hex(span, 2),
          parentSpanId: hex(span, 4),
          name: text(span, 5) ?? '',
          kind: Number(span.find((f) => f.no === 6)?.value ?? 0),
          attributes: attributesOf(span, 9),
          service: String(resourceAttributes['service.name'] ?? ''),
        });
      }
    }
  }
  return spans;
};
/** The KeyValue list in field `no` (9 of a Span, 1 of a Resource): string, bool or int values. */
const attributesOf = (owner: Field[], no: number): Record<string, string | number | boolean> => {
  const out: Record<string, string | number | boolean> = {};
  for (const kv of sub(owner, no)) {
    const pair = fields(kv);
    const value = fields(sub(pair, 2)[0] ?? Buffer.alloc(0))[0];
    if (!value) continue;
    out[text(pair, 1) ?? ''] = value.no === 1 ? (value.value as Buffer).toString('utf8') : value.no === 2 ? value.value === 1n : Number(value.value as bigint);
  }
  return out;
};

const received: ReceivedSpan[] = [];
let receiver: Server;
let receiverUrl: string;
let server: ServerProcess;
let drop: () => Promise<void>;
const client = new LoadClient(2);

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces' && request.headers['content-type'] === 'application/x-protobuf') received.push(...decodeExport(Buffer.concat(chunks)));
      response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  receiverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const database = await createTestDatabase();
  drop = database.drop;
  server = await startServerProcess(
    'traced',
    sandboxServerEnv({
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : { DATA_DIR: 'memory://' }),
      OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl,
      OTEL_SERVICE_NAME: 'wallet-under-test',
      OTEL_BSP_SCHEDULE_DELAY: '100', // the SDK's batch delay (default 5 s)
    }),
  );
}, 120_000);

afterAll(async () => {
  if (server) await stopServerProcess(server);
  client.destroy();
  await new Promise((resolve) => receiver?.close(resolve));
  await drop?.();
});

const spansUntil = async (done: (spans: ReceivedSpan[]) => boolean, timeoutMs = 20_000): Promise<ReceivedSpan[]> => {
  const deadline = Date.now() + timeoutMs;
  while (!done(received)) {
    if (Date.now() > deadline) throw new Error(`spans not received in ${timeoutMs} ms; got: ${received.map((s) => s.name).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return received;
};

describe('OpenTelemetry traces to an OTLP receiver', () => {
  it('one trace per request: its span named by route with the request id, its statements and the jobs it enqueues as children; the job runs in a trace of its own', async () => {
    const workload = new WalletWorkload({ client, servers: () => [server.url] });
    const [user] = await workload.signUp(1);
    await workload.usdtDeposit(user!, 100);

    const requestId = 'trace-test-card-issue-1';
    const products = await client.request(server.url, 0, 'GET', '/api/cards/products?form=virtual&currency=USD', undefined, { authorization: `Bearer ${user!.token}` });
    const product = (products.body.data.items as any[]).find((p) => p.available);
    const issued = await client.request(
      server.url,
      0,
      'POST',
      '/api/cards',
      { productId: product.id, initialDeposit: Math.max(product.minimalDeposit.amount, product.depositRange.min.amount) },
      { authorization: `Bearer ${user!.token}`, 'idempotency-key': `trace-${Date.now()}`, 'x-request-id': requestId },
    );
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);

    const spans = await spansUntil((all) => {
      const root = all.find((s) => s.attributes['request.id'] === requestId);
      return !!root && all.some((s) => s.name.startsWith('process ') && s.name.includes('card'));
    });
    const root = spans.find((s) => s.attributes['request.id'] === requestId)!;
    expect(root).toMatchObject({ name: 'POST /api/cards', parentSpanId: '', service: 'wallet-under-test' });
    expect(root.attributes['http.route']).toBe('/api/cards');
    const trace = spans.filter((s) => s.traceId === root.traceId);
    // Every span of the trace hangs under the request's span.
    const ids = new Set(trace.map((s) => s.spanId));
    for (const span of trace) if (span !== root) expect(ids.has(span.parentSpanId), `${span.name} has its parent in the trace`).toBe(true);
    const statements = trace.filter((s) => s.attributes['db.system.name'] === 'postgresql');
    expect(statements.length).toBeGreaterThan(2);
    expect(statements.some((s) => /INSERT INTO cards|cards/i.test(String(s.attributes['db.query.text'])))).toBe(true);
    const enqueued = trace.filter((s) => s.name.startsWith('enqueue '));
    expect(enqueued.length).toBeGreaterThan(0);
    expect(enqueued[0]!.attributes['messaging.destination.name']).toMatch(/^card/);
    // The job runs later, in a trace of its own (a CONSUMER span, kind 5), with its own statements.
    const run = spans.find((s) => s.name === `process ${enqueued[0]!.attributes['messaging.destination.name']}`)!;
    expect(run).toBeDefined();
    expect(run.kind).toBe(5);
    expect(run.traceId).not.toBe(root.traceId);
    // No parameter values reach a span: the email of the user appears nowhere.
    expect(JSON.stringify(spans)).not.toContain(user!.email);
  });

  it('an incoming W3C traceparent continues the caller\'s trace', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    await client.request(server.url, 0, 'GET', '/api/ready', undefined, { traceparent: `00-${traceId}-00f067aa0ba902b7-01` });
    const spans = await spansUntil((all) => all.some((s) => s.traceId === traceId && s.name === 'GET /api/ready'));
    const ready = spans.find((s) => s.traceId === traceId && s.name === 'GET /api/ready')!;
    expect(ready.parentSpanId).toBe('00f067aa0ba902b7');
    expect(spans.some((s) => s.traceId === traceId && s.name === 'SELECT' && s.parentSpanId !== '')).toBe(true);
  });
});
