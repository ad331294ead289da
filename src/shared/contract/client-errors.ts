/**
 * Errors in the browser, reported to the server (issue #33, docs/api.md "Client errors"): counted in the metrics
 * (`client_errors_total`) and logged, so a broken release shows up before users write in. No personal data: no
 * token is sent (the call goes without one, signed in or not), the app sends its route without query or fragment,
 * and the server strips what looks like an email, a card number or a token from every text before logging it.
 */
import * as z from 'zod/mini';
import { defineEndpoint, noNul } from './core';

const bounded = (max: number) => z.string().check(z.minLength(1), z.maxLength(max), noNul);

/** Where the error came from: an uncaught error, an unhandled promise rejection, or a screen that failed to render. */
export const ClientErrorKind = z.enum(['error', 'unhandledrejection', 'render']);
export type ClientErrorKind = z.infer<typeof ClientErrorKind>;

export const ClientErrorReport = z.strictObject({
  kind: ClientErrorKind,
  /** The error's message (`Error.message`, or the rejection's text). */
  message: bounded(1_000),
  /** The stack as the browser gives it (script URLs of the app's own assets). */
  stack: z.optional(bounded(8_000)),
  /** The app's route when it happened: a path only (`/cards/abc`), no query, no fragment. */
  route: z.optional(z.string().check(z.maxLength(200), z.regex(/^\/[^?#\s]*$/), noNul)),
  /** The build that ran (the entry script's file name carries its hash). */
  release: z.optional(bounded(100)),
  /** Telegram platform and Bot API version of the client (`ios 8.0`), or `browser`. */
  platform: z.optional(bounded(40)),
});
export type ClientErrorReport = z.infer<typeof ClientErrorReport>;

export const clientErrorsReport = defineEndpoint({
  id: 'clientErrors.report',
  method: 'POST',
  path: '/api/client-errors',
  auth: 'none',
  tag: 'observability',
  summary: 'Reports an error that happened in the app (counted and logged; at most 10 a minute per client address, 429 beyond).',
  body: ClientErrorReport,
  response: z.object({ accepted: z.literal(true) }),
});

/** The client-error endpoints by id (composed in index.ts). */
export const clientErrorsEndpoints = {
  'clientErrors.report': clientErrorsReport,
} as const;
