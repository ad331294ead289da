/** What every app-lock use case gets: the module's dependencies and the request, one context (docs/server.md "Modules"). */
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/db';
import type { AnyEndpoint, RequestContext } from '../../../http/route';
import type { FairHashPool } from '../hash-pool';
import type { HashLimits } from '../hash-limits';
import type { Caller } from '../store';

export interface AppLockDeps {
  db: Db;
  clock: Clock;
  /** HMAC key mixed into every passcode hash (derived from JWT_SECRET). */
  pepper: Buffer;
  /** Where the slow hashes run: bounded, each user's calls behind their own (hash-pool.ts). */
  pool: FairHashPool;
  /** Slow-hash calls per user and per client address (hash-limits.ts). */
  limits: HashLimits;
}

export type AppLockRequest<E extends AnyEndpoint> = RequestContext<E, AppLockDeps>;

/** The caller of a request: its user, session and address. */
export const callerOf = ({ user, ip }: { user: { userId: string; sessionId: string }; ip: string }): Caller => ({
  userId: user.userId,
  sessionId: user.sessionId,
  ip,
});

/** Counts one slow-hash call of the caller (per user and per address); throws 429 over the limits. */
export const takeHashCall = ({ limits, clock }: Pick<AppLockDeps, 'limits' | 'clock'>, caller: Caller): void =>
  limits.take(caller.userId, caller.ip, clock.now().getTime());
