/**
 * Counters of the per-IP rate limits (@fastify/rate-limit) shared by every server process (issue #33): with N
 * processes behind a balancer, a limit counted per process allowed N times itself. On PostgreSQL the counters live in
 * the `rate_limits` table through rate-limiter-flexible's PostgreSQL store (one upsert per counted request, atomic
 * across processes); the embedded database is one process, so there the plugin's own in-process store stays.
 *
 * rate-limiter-flexible decides (`points` = the limit, `duration` = the window) and @fastify/rate-limit answers (429
 * in the envelope, `Retry-After`, the x-ratelimit headers). Two of the library's guards come with it: a key over its
 * limit is then refused from this process's memory until its window ends (a flood from one address costs no database
 * write per request), and while the database is unreachable each process counts in memory (the insurance limiter)
 * instead of failing the request on the limiter.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../db/db';

/** The table (migration 0200_rate_limits.sql): the columns rate-limiter-flexible's store writes, in its order. */
export const RATE_LIMIT_TABLE = 'rate_limits';

/** What @fastify/rate-limit really hands `child()`: the route's merged limit settings (typed there as the route's options). */
interface ChildSettings {
  routeInfo?: { method?: string | string[]; url?: string };
  groupId?: string;
}

/** The part of a node-postgres pool rate-limiter-flexible uses, over our Db (so its statements are prepared and traced like ours). */
const storeClient = (db: Db) => ({
  query: async ({ text, values }: { text: string; values?: unknown[] }) => ({ rows: await db.query(text, (values ?? []) as never[]) }),
});

/**
 * The `store` option of @fastify/rate-limit (a class it instantiates) keeping the counters in PostgreSQL. `prefix`
 * separates a route's own limit from the global one (`child`, one per route with its own `config.rateLimit`).
 */
export const postgresRateLimitStore = (db: Db): FastifyRateLimitStoreCtor => {
  const client = storeClient(db);
  const make = (prefix: string): FastifyRateLimitStore => {
    const limiters = new Map<string, RateLimiterPostgres>();
    const limiterFor = (timeWindowMs: number, max: number): RateLimiterPostgres => {
      const id = `${timeWindowMs}:${max}`;
      let limiter = limiters.get(id);
      if (!limiter) {
        const duration = Math.max(1, Math.ceil(timeWindowMs / 1000));
        limiter = new RateLimiterPostgres({
          storeClient: client,
          storeType: 'pool',
          tableName: RATE_LIMIT_TABLE,
          tableCreated: true,
          keyPrefix: `${prefix}:${id}`,
          points: max,
          duration,
          inMemoryBlockOnConsumed: max + 1,
          insuranceLimiter: new RateLimiterMemory({ keyPrefix: `${prefix}:${id}`, points: max, duration }),
        });
        limiters.set(id, limiter);
      }
      return limiter;
    };
    return {
      incr(key, callback, timeWindow, max) {
        limiterFor(timeWindow, max)
          .consume(key)
          .then(
            (res) => callback(null, { current: res.consumedPoints, ttl: res.msBeforeNext }),
            (refusal: unknown) => {
              if (!(refusal instanceof RateLimiterRes)) return callback(refusal instanceof Error ? refusal : new Error(String(refusal)));
              // Over the limit (counted, or blocked in memory, which reports 0 consumed): the plugin refuses above max.
              callback(null, { current: Math.max(refusal.consumedPoints, max + 1), ttl: refusal.msBeforeNext });
            },
          );
      },
      child(routeOptions) {
        const { groupId, routeInfo } = routeOptions as unknown as ChildSettings;
        const route = groupId ?? `${[routeInfo?.method ?? ''].flat().join(',')} ${routeInfo?.url ?? ''}`;
        return make(`${prefix}/${route}`);
      },
    };
  };
  return class {
    constructor() {
      return make('api');
    }
  } as unknown as FastifyRateLimitStoreCtor;
};
