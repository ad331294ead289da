/**
 * OpenTelemetry's Node SDK and Fastify's own instrumentation (@fastify/otel), loaded only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set (docs/edge.md "Tracing"). Spans leave in batches over OTLP/HTTP (protobuf) to
 * `<endpoint>/v1/traces`; the SDK reads the other standard variables itself (OTEL_EXPORTER_OTLP_HEADERS for a vendor's
 * key, OTEL_TRACES_SAMPLER / _ARG to sample, OTEL_RESOURCE_ATTRIBUTES). Node 20 note: @opentelemetry/sdk-node 0.3xx
 * needs Node >= 22.15, so the 0.223 line (the last for Node 20, with API 1.9) is pinned; @fastify/otel 0.21 builds on it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Span } from '@opentelemetry/api';
import type { TracingConfig } from '../config';


export interface Tracing {
  /** Sends the spans still buffered and stops the SDK (the server's close() awaits it). */
  shutdown(): Promise<void>;
}

let started: Promise<Tracing> | null = null;

/** Starts the SDK once per process (a second server in the same process shares it); null when tracing is off. */
export const startTracing = (config: TracingConfig): Promise<Tracing> | null => {
  const { endpoint } = config;
  if (!endpoint) return null;
  started ??= (async () => {
    const [{ NodeSDK }, { OTLPTraceExporter }] = await Promise.all([import('@opentelemetry/sdk-node'), import('@opentelemetry/exporter-trace-otlp-proto')]);
    const sdk = new NodeSDK({
      serviceName: config.serviceName,
      traceExporter: new OTLPTraceExporter({ url: `${endpoint}/v1/traces` }),
      // Requests: @fastify/otel (registerRequestTracing); statements and jobs: spans.ts. No module patching.
      instrumentations: [],
    });
    sdk.start();
    return {
      shutdown: async () => {
        started = null;
        await sdk.shutdown();
      },
    };
  })();
  return started;
};

/**
 * One trace per request: @fastify/otel's span for the request (named `<method> <route>`, with the request id as
 * `request.id`; an incoming W3C `traceparent` continues the caller's trace) and its handler, with the statements and
 * enqueued jobs of spans.ts under it. Registered before every route (buildApp), tracing on only.
 */
export const registerRequestTracing = async (app: FastifyInstance): Promise<void> => {
  const { FastifyOtelInstrumentation } = await import('@fastify/otel');
  const instrumentation = new FastifyOtelInstrumentation({
    instrumentHooks: false,
    requestHook: (span: Span, request: FastifyRequest) => {
      span.setAttribute('request.id', request.id);
      span.updateName(`${request.method} ${request.routeOptions.url ?? '(unmatched)'}`);
    },
  });
  await app.register(instrumentation.plugin());
};
