import type { GuardName, OperatorRole } from '@/shared/contract/core';
import type { Clock } from '../clock';
import type { Db } from '../db/db';

/**
 * A bearer request whose session is checked with the handler's first query (`route(..., { session: 'with-first-query' })`):
 * the token's signature and claims are already verified; the session row is read in the same statement as the read.
 */
export interface DeferredSessionCheck {
  /** Who the token names; `verified` is false until the session row is read (the verification guard then reads). */
  claims: AuthContext;
  /** The database for the handler: its first query carries the session check. */
  db: Db;
  /** The check's outcome, read on its own if no query carried it: the AuthContext, or throws 401 UNAUTHORIZED. */
  settle(): Promise<AuthContext>;
}

/** The app lock as the request's session had it (read with the session row; server/modules/auth/session-lock.ts). */
export interface AppLockState {
  /** The account has an app lock. */
  enabled: boolean;
  /** This session is locked: only the endpoints marked `whileLocked` answer it (423 APP_LOCKED otherwise). */
  locked: boolean;
  /** The last passcode or biometric unlock, passcode set or sign-in in this session (the step-up guard's freshness). */
  unlockedAt: Date | null;
}

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
  /** The app lock of this session (false/null until the session row is read, on `with-first-query` routes). */
  appLock: AppLockState;
}

/** Who made an operator request (`auth: 'operator'`, the console; docs/ops.md "Operators and roles"). */
export interface OperatorContext {
  operatorId: string;
  /** The operator session (operator_sessions.id, the access token's `sid`). */
  sessionId: string;
  roles: readonly OperatorRole[];
}

/**
 * The guards an endpoint can require (`requires` in the contract, docs/api.md "Guards"), as the modules that own the
 * rules implement them: each refuses the caller by throwing its error (a DomainError in the envelope).
 */
type Guards = Record<GuardName, (auth: AuthContext) => Promise<void>>;

/** What the contract binding (`route()`) needs from the app; set once by buildApp(). */
export interface HttpContext {
  db: Db;
  clock: Clock;
  /** Seconds a claimed but unfinished Idempotency-Key blocks retries (config.idempotencyPendingSeconds). */
  idempotencyPendingSeconds: number;
  /** Verifies an access token; throws DomainError 401 UNAUTHORIZED when it is not valid. */
  authenticate(accessToken: string): Promise<AuthContext>;
  /**
   * The token now (throws 401 when it is not valid); the session with the handler's first query, then `guard` (the
   * endpoint's guards): the query's rows reach the handler only once both passed.
   */
  deferSessionCheck(accessToken: string, guard: (auth: AuthContext) => Promise<void>): Promise<DeferredSessionCheck>;
  /** The implementation of every guard (buildApp, from the modules that own the rules). */
  guards: Guards;
  /**
   * Verifies an operator's access token and its session (the ops module's OperatorTokenService); throws 401 when either
   * is not valid. A user's token is never one (another audience and key).
   */
  authenticateOperator(accessToken: string): Promise<OperatorContext>;
}

declare module 'fastify' {
  interface FastifyInstance {
    httpContext: HttpContext;
  }
}
