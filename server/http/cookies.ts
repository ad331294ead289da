/**
 * The one cookie the server sets (the operator console's session renewal, docs/ops.md "Signing in"): read from the
 * Cookie header and written as Set-Cookie. Hand-written for one cookie of a fixed shape (a base64url value): the
 * `cookie` package's current line declares Node >= 22.
 */
import type { IncomingHttpHeaders } from 'node:http';

/** The value of cookie `name` ('' when absent or not a base64url token). */
export const readCookie = (request: { headers: IncomingHttpHeaders }, name: string): string => {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return '';
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    return /^[A-Za-z0-9_-]{1,200}$/.test(value) ? value : '';
  }
  return '';
};

export interface CookieOptions {
  path: string;
  /** 0 clears the cookie. */
  maxAgeSeconds: number;
  /** Secure: sent over HTTPS only (set when the public origin is https). */
  secure: boolean;
}

/** A Set-Cookie value: HttpOnly (never readable by script), SameSite=Strict (never sent by another site's request). */
export const setCookieValue = (name: string, value: string, { path, maxAgeSeconds, secure }: CookieOptions): string =>
  [`${name}=${value}`, `Path=${path}`, `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`, 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])].join('; ');
