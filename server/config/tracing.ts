/** OpenTelemetry traces (docs/edge.md "Tracing"): off unless OTEL_EXPORTER_OTLP_ENDPOINT is set. */
import { defineSection } from './section';
import { Invalid, v, variable } from './vars';

export interface TracingConfig {
  /** OTLP/HTTP base URL (`http://collector:4318`): traces go to `<endpoint>/v1/traces`; undefined = tracing off. */
  endpoint: string | undefined;
  /** The service name on every span (resource attribute service.name). */
  serviceName: string;
}

export const tracingSection = defineSection(
  {
    OTEL_EXPORTER_OTLP_ENDPOINT: variable(
      {
        doc: 'OTLP/HTTP collector base URL (`http://otel-collector:4318`): turns tracing on (one trace per request with its SQL statements and enqueued jobs; jobs traced as they run). The SDK reads the other standard `OTEL_*` variables itself (`OTEL_EXPORTER_OTLP_HEADERS`, `OTEL_TRACES_SAMPLER`, ...); unset = off, nothing loaded',
      },
      (raw) => {
        if (raw === undefined) return undefined;
        let url: URL;
        try {
          url = new URL(raw);
        } catch {
          throw new Invalid(`must be an http(s) URL like http://otel-collector:4318, got "${raw}"`);
        }
        if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Invalid(`must be an http(s) URL like http://otel-collector:4318, got "${raw}"`);
        return raw.replace(/\/+$/, '');
      },
    ),
    OTEL_SERVICE_NAME: v.textOr('tg-wallet-api', { doc: 'service.name of the traces' }),
  },
  (values): TracingConfig => ({ endpoint: values.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: values.OTEL_SERVICE_NAME }),
);
