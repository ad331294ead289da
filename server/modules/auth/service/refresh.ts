import type { authLogout, authRefreshToken } from '@/shared/contract/auth';
import type { TokenPair } from '../tokens';
import { deviceOf, type AuthRequest } from './shared';

/** A new token pair for a refresh token (rotation, the duplicate grace window, reuse detection: TokenService.refresh). */
export const refreshTokens = (ctx: AuthRequest<typeof authRefreshToken>): Promise<TokenPair> => ctx.tokens.refresh(ctx.body.refreshToken, deviceOf(ctx));

/** Sign-out: ends the session of this refresh token (idempotent, never says whether it existed). */
export const logout = async ({ tokens, body }: AuthRequest<typeof authLogout>): Promise<{ signedOut: true }> => {
  await tokens.revoke(body.refreshToken);
  return { signedOut: true };
};
