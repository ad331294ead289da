import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Db } from '../db/db';
import { API_HEADERS } from './headers';
import { postgresRateLimitStore, SharedRateCounters } from './rate-limit-store';
import { isApiPath, isConsolePath } from './static-files';

/** Telegram clients that embed the Mini App in a frame (web.telegram.org/k and /a, and the other *.telegram.org web clients). */
const TELEGRAM_FRAME_ANCESTORS = ['https://web.telegram.org', 'https://*.telegram.org'];
/** Where Telegram user photos (`photo_url` of the init data) come from. */
const TELEGRAM_IMAGE_SOURCES = ['https://t.me', 'https://*.telegram.org'];

const serializeCsp = (directives: Record<string, string[]>): string =>
  Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');

/**
 * CSP of the built app (index.html, /assets, SPA routes). Scripts only from our origin (the build has no inline
 * script). Styles need 'unsafe-inline': index.html has an inline <style> (no white flash before the bundle), sonner
 * injects its <style> at runtime and the Telegram SDK adds a <style id="telegram-custom-styles">.
 */
const appCsp = (apiOrigins: string[] = []): string =>
  serializeCsp({
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...TELEGRAM_IMAGE_SOURCES],
    'connect-src': ["'self'", ...apiOrigins],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'", ...TELEGRAM_FRAME_ANCESTORS],
  });

/** A page of our own files (the console, the Swagger UI): scripts, styles and the API from this origin, inline styles, data: images. */
const OWN_PAGE_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

/**
 * CSP of the operator console (/ops/, docs/ops.md): our own scripts, styles and the API, nothing else; never framed
 * by anyone (the Mini App's Telegram frame ancestors do not apply), so no page can overlay it (clickjacking).
 */
const CONSOLE_CSP = serializeCsp({ ...OWN_PAGE_DIRECTIVES, 'frame-ancestors': ["'none'"] });

/** CSP of API answers (JSON): nothing to load, never framed. Routes serving HTML under /api set their own. */
export const API_CSP = serializeCsp({
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
});

/** CSP of the Swagger UI page /api/docs (its scripts and styles are files; the UI sets inline styles, data: icons). */
export const DOCS_CSP = serializeCsp({ ...OWN_PAGE_DIRECTIVES, 'frame-ancestors': ["'self'"] });

/**
 * Permissions-Policy of every answer (docs/deploy.md "Launch"): the browser features the app never uses are off for it
 * and anything it frames; clipboard writing stays (copying card details and the deposit address). Telegram's QR scanner,
 * biometry and location are Telegram's own (the bridge), not the page's camera or geolocation.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'bluetooth=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
  'clipboard-write=(self)',
].join(', ');

/**
 * The headers helmet sets on every answer with our options (no X-Frame-Options: it would block Telegram Web;
 * frame-ancestors decides; no COEP; the CSP is set per kind of answer), taken once from helmet itself (its middleware
 * run on a response that records them): one hook then sets them on each answer, without helmet's chain per request.
 */
const HELMET_HEADERS: Readonly<Record<string, string>> = (() => {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet({ frameguard: false, crossOriginEmbedderPolicy: false, contentSecurityPolicy: false })(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    () => {},
  );
  return headers;
})();

/** Every answer's security headers: helmet's, the CSP of its kind, the Permissions-Policy. */
export const securityHeaders = (csp: string): Readonly<Record<string, string>> => ({
  ...HELMET_HEADERS,
  'content-security-policy': csp,
  'permissions-policy': PERMISSIONS_POLICY,
});

export interface SecurityOptions {
  appOrigins: string[];
  /** Other origins the built app calls the API on (API_PUBLIC_ORIGIN), for connect-src. */
  apiOrigins?: string[];
  /** Requests per minute per client IP across the whole API (the DB-backed auth limits come on top). */
  globalRateLimitPerMinute?: number;
  /** On PostgreSQL the limits are counted in the database, across every process (rate-limit-store.ts); PGlite: in this process. */
  db?: Db;
}

/**
 * Helmet's headers (HELMET_HEADERS), a content security policy per kind of answer (the app, the API; /api/docs and the sandbox SBP page set their own), CORS for the configured app
 * origins only, and a generous global rate limit.
 */
export const registerSecurity = async (app: FastifyInstance, options: SecurityOptions): Promise<void> => {
  const forApi = securityHeaders(API_CSP);
  const forConsole = securityHeaders(CONSOLE_CSP);
  const forApp = securityHeaders(appCsp(options.apiOrigins));
  // onRequest, so that a route (HTML page under /api) or a scoped onSend hook (Swagger UI) can still replace the CSP.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiPath(request.url) ? forApi : isConsolePath(request.url) ? forConsole : forApp);
    done();
  });
  if (options.appOrigins.length) {
    await app.register(cors, {
      origin: options.appOrigins,
      methods: ['GET', 'POST', 'PATCH'],
      allowedHeaders: [API_HEADERS.authorization, 'Content-Type', API_HEADERS.idempotencyKey, API_HEADERS.telegramInitData, API_HEADERS.telegramClient, API_HEADERS.requestId],
      exposedHeaders: [API_HEADERS.requestId, API_HEADERS.retryAfter, API_HEADERS.idempotencyReplayed],
      maxAge: 600,
    });
  }
  const shared = options.db?.kind === 'postgres' ? new SharedRateCounters(options.db) : undefined;
  // What was counted in memory is written before the database is closed (buildApp's caller closes it after the app).
  if (shared) app.addHook('onClose', () => shared.close());
  await app.register(rateLimit, {
    global: true,
    max: options.globalRateLimitPerMinute ?? 600,
    timeWindow: '1 minute',
    ...(shared ? { store: postgresRateLimitStore(shared) } : {}),
    // The API's limit, for the API: the app's own files (index.html, hashed assets, the SPA fallback) are read from
    // disk, pre-compressed, and one load of the app asks for ~30 of them. Counted here, a mobile carrier's NAT (many
    // users behind one address) got index.html refused, a JSON 429 as the page, after ~20 loads a minute. Told apart
    // by the route that answers, not the URL as sent: /%61pi/… and /x/../api/… reach the API's routes too.
    allowList: (request) => !isApiPath(request.routeOptions.url ?? request.url),
  });
};
