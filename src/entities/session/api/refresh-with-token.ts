/** A lazy chunk (durable-session.ts imports it dynamically): the transport and the contract stay off the first screen. */
import { request, type SessionTokens } from '@/shared/api';
import { authRefreshToken } from '@/shared/contract';

/** Rotates `refreshToken` on the server. Rejects with an ApiError when it is refused. */
export function refreshWithToken(refreshToken: string): Promise<SessionTokens> {
  return request(authRefreshToken, { body: { refreshToken } });
}
