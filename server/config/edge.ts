/**
 * The HTTP edge (docs/edge.md "What is bounded"): what one request may cost the server before a route sees it — how
 * much of an unwanted body is read and discarded so the client gets its answer, and how many requests are worked on
 * at once before the rest are turned away with 503 instead of queueing without end.
 */
import { defineSection } from './section';
import { v } from './vars';

export interface EdgeSettings {
  /**
   * An answer written while the request body is still arriving (413 over the body limit, 415): the rest of the body is
   * read and discarded up to this many bytes before the connection is closed, so the client reads its answer instead
   * of a reset (BODY_DISCARD_MAX_BYTES).
   */
  bodyDiscardMaxBytes: number;
  /** Requests worked on at once (health and metrics not counted); one more is answered 503 SERVICE_OVERLOADED (MAX_IN_FLIGHT_REQUESTS). */
  maxInFlightRequests: number;
  /** Retry-After of that 503 (OVERLOAD_RETRY_AFTER_SECONDS). */
  overloadRetryAfterSeconds: number;
}

export const edgeSection = defineSection(
  {
    BODY_DISCARD_MAX_BYTES: v.int(16 * 1024 * 1024, 0, 1024 * 1024 * 1024, {
      doc: 'a body refused while it still arrives (413 over the 64 KB limit, 415) is read and discarded up to this many bytes before the connection closes, so the client reads the answer instead of a reset; a longer one is cut off; `0` = close at once',
    }),
    MAX_IN_FLIGHT_REQUESTS: v.int(1000, 1, 100_000, {
      doc: 'requests this process works on at once (`/api/health` and `/api/metrics` not counted); one more is answered 503 `SERVICE_OVERLOADED` with Retry-After at once, instead of waiting in a queue without end',
    }),
    OVERLOAD_RETRY_AFTER_SECONDS: v.int(1, 1, 600, { doc: 'Retry-After of the 503 `SERVICE_OVERLOADED` answer' }),
  },
  (values): EdgeSettings => ({
    bodyDiscardMaxBytes: values.BODY_DISCARD_MAX_BYTES,
    maxInFlightRequests: values.MAX_IN_FLIGHT_REQUESTS,
    overloadRetryAfterSeconds: values.OVERLOAD_RETRY_AFTER_SECONDS,
  }),
);
