import * as z from 'zod/mini';
import { defineEndpoint } from './core';

/**
 * The refresh endpoint of the auth group (auth.ts lists it), in a module of its own: the transport
 * (@/shared/api) uses it on every data screen, and the rest of the auth contract (registration, sign-in,
 * codes) then stays with the screens that use it instead of joining the wallet screen's chunk (bundle budget).
 */
export const authRefreshToken = defineEndpoint({
  id: 'auth.refreshToken',
  method: 'POST',
  path: '/api/auth/refresh-token',
  auth: 'none',
  tag: 'auth',
  summary: 'Rotate the refresh token and get a new access token.',
  body: z.object({ refreshToken: z.string().check(z.minLength(1), z.maxLength(512)) }),
  response: z.object({ accessToken: z.string(), refreshToken: z.string() }),
});

/** This module's group (contract.test.ts: every module that defines endpoints exports one); auth.ts lists it too. */
export const authRefreshEndpoints = { 'auth.refreshToken': authRefreshToken } as const;
