/**
 * A tiny fake API server for unit tests: replaces global `fetch`, routes by method + path, records calls.
 *
 *   const server = createFakeServer();            // vi.stubGlobal('fetch', server.fetch)
 *   server.on('GET', '/api/wallet', () => ok({ balance: 1 }));
 *   server.calls                                  // every request: method, path, query, headers, body
 */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
  url: string;
  signal: AbortSignal | null;
}

export type FakeReply =
  | { status?: number; statusText?: string; json?: unknown; text?: string }
  /** fetch rejects with a TypeError, like a dropped connection. */
  | 'network-error'
  /** Never answers; rejects only when the request's signal aborts. */
  | 'hang';

export type FakeHandler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

export const ok = (data: unknown): FakeReply => ({ status: 200, json: { success: true, data } });
export const fail = (status: number, error: unknown, statusText = 'Error'): FakeReply => ({
  status,
  statusText,
  json: { success: false, error },
});

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
};

export function createFakeServer() {
  const routes = new Map<string, FakeHandler>();
  const calls: FakeRequest[] = [];

  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const request: FakeRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      url: url.href,
      signal: init.signal ?? null,
    };
    calls.push(request);
    const handler = routes.get(`${request.method} ${request.path}`);
    const reply: FakeReply = handler ? await handler(request) : { status: 404, json: { success: false, error: 'no route' } };

    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    if (reply === 'hang') {
      return new Promise<Response>((_, reject) => {
        const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
        if (request.signal?.aborted) abort();
        request.signal?.addEventListener('abort', abort, { once: true });
      });
    }
    const status = reply.status ?? 200;
    const body = reply.text ?? (reply.json === undefined ? null : JSON.stringify(reply.json));
    return new Response(status === 204 ? null : body, {
      status,
      statusText: reply.statusText ?? STATUS_TEXT[status] ?? '',
      headers: { 'Content-Type': 'application/json' },
    });
  };

  return {
    fetch,
    calls,
    on(method: string, path: string, handler: FakeHandler) {
      routes.set(`${method.toUpperCase()} ${path}`, handler);
    },
    callsTo(method: string, path: string): FakeRequest[] {
      return calls.filter((call) => call.method === method.toUpperCase() && call.path === path);
    },
    reset() {
      routes.clear();
      calls.length = 0;
    },
  };
}

export type FakeServer = ReturnType<typeof createFakeServer>;
