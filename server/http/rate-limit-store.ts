/**
 * Counters of the per-IP rate limits (@fastify/rate-limit) shared by every server process (issue #33): with N
 * processes behind a balancer, a limit counted per process allowed N times itself. On PostgreSQL the counters live in
 * the UNLOGGED `rate_limits` table (migration 0200: `key`, `points` used in the window that ends at `expire`, ms since
 * the epoch); the embedded database is one process, so there the plugin's own in-process store stays.
 *
 * Counted in batches (issue #34: one upsert per API request was a hot read's second statement). Each process keeps,
 * per key, the database's total as of its last write (`known`) and its own counts since (`pending`):
 * - while `known + pending` stays below half the limit, a count is only added to `pending`, and every key's pending
 *   counts are written together, in ONE statement, every FLUSH_EVERY_MS (its answer refreshes `known`);
 * - from half the limit on, and for every limit under BATCH_FROM_LIMIT (the route limits: sign-in codes, error
 *   reports), each count is written at once and decided on the database's total, exactly as a per-request store.
 * Tolerance: a process does not see what the others counted in memory and have not written yet (at most one flush
 * interval of their counts, each process below half the limit), so a key gets through at most that much over its limit:
 * for an address spread over the processes, about its own rate × FLUSH_EVERY_MS; in the worst case, a burst over N
 * processes within one interval, the limit + (N − 1) × half the limit. The small limits are exact. An address over
 * its limit is refused from memory until its window ends (no write per refused request). While the database is
 * unreachable a process keeps counting in memory (its pending counts are kept and written once it answers again)
 * instead of failing requests.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { arrayLiteral, type Db } from '../db/db';

/** The table (migration 0200_rate_limits.sql). */
const RATE_LIMIT_TABLE = 'rate_limits';
/** How often each process writes the counts it batched. */
const FLUSH_EVERY_MS = 200;
/** Limits smaller than this (per window) are counted in the database on every request. */
export const BATCH_FROM_LIMIT = 100;

/** What @fastify/rate-limit really hands `child()`: the route's merged limit settings (typed there as the route's options). */
interface ChildSettings {
  routeInfo?: { method?: string | string[]; url?: string };
  groupId?: string;
}

interface Counter {
  /** The database's count for the window as of this process's last write (0: none yet, or the window ended). */
  known: number;
  /** When that window ends (ms since the epoch; 0: not known). */
  expire: number;
  /** Counted here since, not written yet. */
  pending: number;
  /** Counted here and on their way to the database (in a write not answered yet). */
  inFlight: number;
  windowMs: number;
}

type Counted = { current: number; ttl: number };

/** One upsert for many keys (sorted, so two processes' batches lock rows in the same order). */
const UPSERT = `INSERT INTO ${RATE_LIMIT_TABLE} AS r (key, points, expire)
  SELECT * FROM unnest($1::varchar[], $2::integer[], $3::bigint[])
  ON CONFLICT (key) DO UPDATE SET
    points = CASE WHEN r.expire <= $4 THEN excluded.points ELSE r.points + excluded.points END,
    expire = CASE WHEN r.expire <= $4 THEN excluded.expire ELSE r.expire END
  RETURNING key, points, expire`;

/** The counters of one process, over the database they are shared through. */
export class SharedRateCounters {
  private readonly counters = new Map<string, Counter>();
  private readonly dirty = new Set<string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request of `key` (a limit of `max` per `windowMs`): the count in its window and the time left. */
  count(key: string, windowMs: number, max: number): Counted | Promise<Counted> {
    const now = this.now();
    let counter = this.counters.get(key);
    if (!counter) this.counters.set(key, (counter = { known: 0, expire: 0, pending: 0, inFlight: 0, windowMs }));
    if (counter.expire !== 0 && counter.expire <= now) {
      counter.known = 0;
      counter.expire = 0;
    }
    // What the database holds plus what this process counted since: `known` may or may not include the counts still on
    // their way (a write answered out of order), so the total lies between these two.
    const atLeast = counter.known + counter.pending;
    const atMost = atLeast + counter.inFlight;
    // Over the limit: refused from memory, not counted (until the window ends, or while the database is away).
    if (atLeast >= max) return { current: atLeast + 1, ttl: counter.expire ? counter.expire - now : windowMs };
    counter.pending += 1;
    if (max >= BATCH_FROM_LIMIT && atMost + 1 <= max / 2) {
      this.dirty.add(key);
      this.timer ??= setTimeout(() => void this.flush(), FLUSH_EVERY_MS).unref();
      return { current: atMost + 1, ttl: counter.expire ? counter.expire - now : windowMs };
    }
    this.dirty.delete(key);
    const written = counter;
    // Decided on the database's total right after this count (on a failed write: this process's own count).
    return this.write([key]).then((totals) => {
      const at = this.now();
      const current = totals.get(key) ?? written.known + written.inFlight + written.pending;
      return { current, ttl: written.expire > at ? written.expire - at : windowMs };
    });
  }

  /** Writes every batched count now (the timer's work; also when the server closes). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const keys = [...this.dirty];
    this.dirty.clear();
    if (keys.length) await this.write(keys);
    this.forgetEnded();
  }

  /** Closes: the timer stops and what was batched is written. */
  close(): Promise<void> {
    return this.flush();
  }

  /**
   * Adds the pending counts of `keys` to the database's and takes its totals back. On a failure the counts stay
   * pending here (written with a later batch) and the decision is this process's own count. Answers each written
   * key's total in the database.
   */
  private async write(keys: string[]): Promise<Map<string, number>> {
    const now = this.now();
    const batch = keys
      .map((key) => ({ key, counter: this.counters.get(key)! }))
      .filter(({ counter }) => counter.pending > 0)
      .sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0))
      .map(({ key, counter }) => {
        const points = counter.pending;
        counter.pending = 0;
        counter.inFlight += points;
        return { key, counter, points };
      });
    const totals = new Map<string, number>();
    if (!batch.length) return totals;
    try {
      const rows = await this.db.query<{ key: string; points: number; expire: string | number }>(UPSERT, [
        arrayLiteral(batch.map((item) => item.key)),
        arrayLiteral(batch.map((item) => String(item.points))),
        arrayLiteral(batch.map((item) => String(now + item.counter.windowMs))),
        now,
      ]);
      const byKey = new Map(batch.map((item) => [item.key, item.counter]));
      for (const { counter, points } of batch) counter.inFlight -= points;
      for (const row of rows) {
        const counter = byKey.get(row.key);
        if (!counter) continue;
        totals.set(row.key, row.points);
        const expire = Number(row.expire);
        // Two writes of one key may answer out of order: within a window the larger total is the later one.
        counter.known = expire === counter.expire ? Math.max(counter.known, row.points) : row.points;
        counter.expire = expire;
      }
    } catch {
      for (const { key, counter, points } of batch) {
        counter.inFlight -= points;
        counter.pending += points;
        this.dirty.add(key);
      }
      this.timer ??= setTimeout(() => void this.flush(), FLUSH_EVERY_MS).unref();
    }
    return totals;
  }

  /** Drops the counters whose window has ended and that have nothing to write (memory stays bounded by one window's keys). */
  private forgetEnded(): void {
    const now = this.now();
    for (const [key, counter] of this.counters) {
      if (counter.pending === 0 && counter.inFlight === 0 && (counter.expire === 0 || counter.expire <= now)) this.counters.delete(key);
    }
  }
}

/**
 * The `store` option of @fastify/rate-limit (a class it instantiates) keeping the counters in PostgreSQL through
 * `counters`. `prefix` separates a route's own limit from the global one (`child`, one per route with its own
 * `config.rateLimit`).
 */
export const postgresRateLimitStore = (counters: SharedRateCounters): FastifyRateLimitStoreCtor => {
  const make = (prefix: string): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow, max) {
      const counted = counters.count(`${prefix}:${timeWindow}:${max}:${key}`, timeWindow, max);
      if (!(counted instanceof Promise)) return callback(null, counted);
      counted.then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
    child(routeOptions) {
      const { groupId, routeInfo } = routeOptions as unknown as ChildSettings;
      const route = groupId ?? `${[routeInfo?.method ?? ''].flat().join(',')} ${routeInfo?.url ?? ''}`;
      return make(`${prefix}/${route}`);
    },
  });
  return class {
    constructor() {
      return make('api');
    }
  } as unknown as FastifyRateLimitStoreCtor;
};
