/**
 * The app's errors, sent to the server (issue #33): `POST /api/client-errors` (the contract's `clientErrors.report`),
 * counted there and logged. Loaded lazily once the first screen is painted (app/router/after-first-screen.ts) or when a
 * screen fails to render, so it costs the first screens nothing (docs/frontend.md "Error reports").
 *
 * No personal data: sent without the bearer token or Telegram's init data (a plain fetch, not the API transport), the
 * route without query or fragment, and the server strips what looks like an email, a number or a token. At most
 * MAX_REPORTS per page load and each distinct error once, so a render loop cannot flood anyone.
 */
import type { ClientErrorKind, ClientErrorReport } from '@/shared/contract';

/**
 * `clientErrors.report` of the contract (src/shared/contract/client-errors.ts). Types only are imported from there: at
 * run time the contract lives in the wallet screen's chunk, which a Welcome must not download for its error reports
 * (npm run size, tests/e2e/startup-work). report.test.ts checks these against the contract: path, method and limits.
 */
export const CLIENT_ERRORS_ENDPOINT = { method: 'POST', path: '/api/client-errors' } as const;
const REPORT_LIMITS = { message: 1_000, stack: 8_000, route: 200, release: 100 } as const;


export const MAX_REPORTS = 5;
const LIMITS = REPORT_LIMITS;

const cut = (text: string, max: number): string => (text.length > max ? text.slice(0, max - 1) + '…' : text);

/** What an error is, as text: its message and stack, or the rejection's value. */
const describe = (error: unknown): { message: string; stack?: string } => {
  if (error instanceof Error) return { message: error.message || error.name, ...(error.stack ? { stack: error.stack } : {}) };
  if (typeof error === 'string') return { message: error };
  try {
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: String(error) };
  }
};

/** The build that runs: the entry script's file name (it carries the build's hash). */
const currentRelease = (doc: Document): string | undefined => {
  const src = doc.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src;
  return src ? src.split('/').pop()?.split('?')[0] : undefined;
};

/** The report for `error`, within the contract's limits (the server validates it with the contract's schema). */
export const buildReport = (kind: ClientErrorKind, error: unknown, where: { pathname: string; release?: string }): ClientErrorReport => {
  const { message, stack } = describe(error);
  const route = where.pathname.split(/[?#]/)[0] ?? '/';
  const release = where.release?.replaceAll('\u0000', '');
  return {
    kind,
    message: cut(message.replaceAll('\u0000', '') || 'Unknown error', LIMITS.message),
    ...(stack ? { stack: cut(stack.replaceAll('\u0000', ''), LIMITS.stack) } : {}),
    ...(route.startsWith('/') && !/\s/.test(route) ? { route: cut(route, LIMITS.route) } : {}),
    ...(release ? { release: cut(release, LIMITS.release) } : {}),
  };
};

export interface ErrorReporter {
  report(kind: ClientErrorKind, error: unknown): void;
}

/** A reporter for this page: each distinct error (kind and message) once, at most MAX_REPORTS, sent with `send` (never throws). */
export const createErrorReporter = (send: (report: ClientErrorReport) => Promise<unknown>, where: () => { pathname: string; release?: string }): ErrorReporter => {
  const seen = new Set<string>();
  return {
    report(kind, error) {
      if (seen.size >= MAX_REPORTS) return;
      const report = buildReport(kind, error, where());
      // The same error thrown again (a loop, a timer, the same failure on another line): once.
      const id = `${report.kind}\n${report.message}`;
      if (seen.has(id)) return;
      seen.add(id);
      send(report).catch(() => undefined); // a report that cannot be sent is dropped: never an error of its own
    },
  };
};

/** POSTs a report to the API (same origin unless VITE_API_BASE_URL), with nothing but the report. */
const sendReport = (baseUrl: string) => (report: ClientErrorReport) =>
  fetch(`${baseUrl}${CLIENT_ERRORS_ENDPOINT.path}`, {
    method: CLIENT_ERRORS_ENDPOINT.method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(report),
    keepalive: true,
    credentials: 'omit',
  });

let pageReporter: ErrorReporter | null = null;

/** The page's reporter, listening to uncaught errors and unhandled rejections from now on (once per page). */
export const startErrorReporting = (baseUrl: string): ErrorReporter => {
  if (pageReporter) return pageReporter;
  const reporter = createErrorReporter(sendReport(baseUrl), () => ({ pathname: window.location.pathname, release: currentRelease(document) }));
  window.addEventListener('error', (event) => reporter.report('error', event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => reporter.report('unhandledrejection', event.reason));
  pageReporter = reporter;
  return reporter;
};
