/**
 * HTTP client for load runs: keep-alive connections from many loopback source addresses (127.0.1.x), so each
 * simulated client has its own IP like real users and the per-IP limits apply per client, not to the whole run;
 * plus latency statistics per kind of call.
 */
import http from 'node:http';

export interface Answer {
  status: number;
  /** Parsed JSON, or the text when the body is not JSON. */
  body: any;
  ms: number;
}

export class LoadClient {
  private readonly agents: http.Agent[];

  constructor(addresses = 200) {
    this.agents = Array.from(
      { length: addresses },
      (_, i) => new http.Agent({ keepAlive: true, maxSockets: 4, localAddress: `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}` }),
    );
  }

  /** One request from client number `clientIndex`. Rejects on a network error or after `timeoutMs`. */
  request(base: string, clientIndex: number, method: string, path: string, body?: unknown, headers: Record<string, string> = {}, timeoutMs = 30_000): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const url = new URL(path, base);
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        {
          method,
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          agent: this.agents[clientIndex % this.agents.length],
          headers: { ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}), ...headers },
          timeout: timeoutMs,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown = text;
            try {
              parsed = JSON.parse(text);
            } catch {
              // not JSON: keep the text
            }
            resolve({ status: res.statusCode ?? 0, body: parsed, ms: performance.now() - started });
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', reject);
      if (payload) req.write(payload);
      req.end();
    });
  }

  destroy(): void {
    for (const agent of this.agents) agent.destroy();
  }
}

export const percentile = (values: readonly number[], p: number): number => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/** Latencies and answers per kind of call ("wallet", "exchange", …). */
export class LoadStats {
  readonly latencies = new Map<string, number[]>();
  /** "<kind>: ok" or "<kind>: <status> <code>" → count. */
  readonly outcomes = new Map<string, number>();
  requests = 0;

  record(kind: string, answer: Answer): void {
    this.requests++;
    (this.latencies.get(kind) ?? this.latencies.set(kind, []).get(kind)!).push(answer.ms);
    const key = `${kind}: ${answer.status >= 200 && answer.status < 300 ? 'ok' : `${answer.status} ${answer.body?.error?.code ?? ''}`.trim()}`;
    this.outcomes.set(key, (this.outcomes.get(key) ?? 0) + 1);
  }

  recordFailure(kind: string, error: unknown): void {
    const key = `${kind}: network ${(error as Error)?.message ?? String(error)}`.slice(0, 120);
    this.outcomes.set(key, (this.outcomes.get(key) ?? 0) + 1);
  }

  reset(): void {
    this.latencies.clear();
    this.outcomes.clear();
    this.requests = 0;
  }

  /** "p50 1.2 ms, p99 8.0 ms" over the given kinds (all when omitted). */
  summary(kinds?: readonly string[]): { count: number; p50: number; p99: number } {
    const values = [...this.latencies.entries()].filter(([kind]) => !kinds || kinds.includes(kind)).flatMap(([, v]) => v);
    return { count: values.length, p50: percentile(values, 50), p99: percentile(values, 99) };
  }
}
