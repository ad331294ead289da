import type { Clock } from '../clock';
import type { Db } from '../db/db';

/** Who made a bearer-authenticated request. */
export interface AuthContext {
  userId: string;
  /** The sign-in (auth_sessions.id, the access token's `sid`) the request was made in. */
  sessionId: string;
  /**
   * The account was verified when this request's session was checked (read in the same lookup). The verification guard
   * takes it instead of reading the user again (requireVerifiedUser's `verifiedAtAuth`); false says nothing: the guard
   * reads and decides (under verification, failed, or a sandbox verification that has just come due).
   */
  verified: boolean;
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
