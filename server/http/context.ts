import type { Clock } from '../clock';
import type { Db } from '../db/db';

/** Who made a bearer-authenticated request. */
export interface AuthContext {
  userId: string;
  /** The sign-in (auth_sessions.id, the access token's `sid`) the request was made in. */
  sessionId: string;
}

/** What the contract binding (`route()`) needs from the app; set once by buildApp(). */
export interface HttpContext {
  db: Db;
  clock: Clock;
  /** Seconds a claimed but unfinished Idempotency-Key blocks retries (config.idempotencyPendingSeconds). */
  idempotencyPendingSeconds: number;
  /** Verifies an access token; throws DomainError 401 UNAUTHORIZED when it is not valid. */
  authenticate(accessToken: string): Promise<AuthContext>;
}

declare module 'fastify' {
  interface FastifyInstance {
    httpContext: HttpContext;
  }
}
