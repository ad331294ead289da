/**
 * The rate limits' counters shared through the database, counted in batches (server/http/rate-limit-store.ts, issue
 * #34): below half a limit a process counts in memory and writes every key's counts in one statement per flush; from
 * half on, and for small limits, every count is written and decided on the database's total. Counter sets on one
 * database stand for server processes. On PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Row, SqlParam } from '../../server/db/db';
import { BATCH_FROM_LIMIT, SharedRateCounters } from '../../server/http/rate-limit-store';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const WINDOW = 60_000;
let keyCounter = 0;
const freshKey = () => `batching-test:${Date.now()}:${keyCounter++}`;

/** The database, counting the statements sent through it (failing them while `down`, answering `delayMs` late). */
const counting = (db: Db) => {
  const state = { statements: 0, down: false, delayMs: 0 };
  const wrapped = {
    kind: db.kind,
    query: async <T extends Row = Row>(sql: string, params?: readonly SqlParam[]): Promise<T[]> => {
      state.statements += 1;
      if (state.down) throw new Error('connection refused');
      const rows = await db.query<T>(sql, params);
      if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
      return rows;
    },
  } as unknown as Db;
  return { db: wrapped, state };
};

const allowed = async (counters: SharedRateCounters, key: string, max: number): Promise<boolean> => (await counters.count(key, WINDOW, max)).current <= max;

const stored = async (key: string): Promise<number> =>
  (await t.db.query<{ points: number }>('SELECT points FROM rate_limits WHERE key = $1', [key]))[0]?.points ?? 0;

describe('rate-limit counters in batches', () => {
  it('below half the limit: counted in memory, every key written in ONE statement per flush', async () => {
    const { db, state } = counting(t.db);
    const counters = new SharedRateCounters(db);
    const keys = [freshKey(), freshKey(), freshKey()];
    for (let i = 0; i < 100; i++) for (const key of keys) expect(await allowed(counters, key, 600)).toBe(true);
    expect(state.statements).toBe(0);
    await counters.flush();
    expect(state.statements).toBe(1);
    for (const key of keys) expect(await stored(key)).toBe(100);
  });

  it('two processes: one key gets the limit, and at most the other process\'s unwritten counts (under half the limit) more; then refused from memory without a write', async () => {
    const a = counting(t.db);
    const b = counting(t.db);
    const processes = [new SharedRateCounters(a.db), new SharedRateCounters(b.db)];
    const key = freshKey();
    const max = 600;
    let through = 0;
    for (let i = 0; i < max * 2; i++) {
      if (await allowed(processes[i % 2]!, key, max)) through += 1;
      if (i % 97 === 0) await processes[(i >> 1) % 2]!.flush(); // the timers fire at their own moments
    }
    expect(through).toBeGreaterThanOrEqual(max);
    expect(through).toBeLessThanOrEqual(max + max / 2);
    await Promise.all(processes.map((p) => p.flush()));
    expect(await stored(key)).toBeGreaterThanOrEqual(through);
    const written = a.state.statements + b.state.statements;
    expect(await allowed(processes[0]!, key, max)).toBe(false);
    expect(await allowed(processes[1]!, key, max)).toBe(false);
    expect(a.state.statements + b.state.statements).toBe(written);
  });

  it('the worst case, a burst over four processes within one flush: at most the limit + 3 × half of it (here each process lets half through)', async () => {
    const processes = Array.from({ length: 4 }, () => new SharedRateCounters(t.db));
    const key = freshKey();
    const max = 200;
    let through = 0;
    for (let i = 0; i < max * 4; i++) if (await allowed(processes[i % 4]!, key, max)) through += 1;
    expect(through).toBeGreaterThanOrEqual(max);
    expect(through).toBeLessThanOrEqual(max + 3 * (max / 2));
  });

  it(`a limit under ${BATCH_FROM_LIMIT} is written on every count, across processes exactly`, async () => {
    const a = counting(t.db);
    const processes = [new SharedRateCounters(a.db), new SharedRateCounters(t.db)];
    const key = freshKey();
    const statuses: boolean[] = [];
    for (let i = 0; i < 20; i++) statuses.push(await allowed(processes[i % 2]!, key, 10));
    expect(statuses.filter(Boolean)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual(Array(10).fill(false));
    expect(a.state.statements).toBe(6); // its five counts and its first refusal, each written; then refused from memory
  });

  it('counts on their way to the database still count: one process lets exactly the limit through while its writes are slow', async () => {
    const { db, state } = counting(t.db);
    state.delayMs = 30;
    const counters = new SharedRateCounters(db);
    const key = freshKey();
    const max = 600;
    const decisions: Array<Promise<boolean>> = [];
    for (let i = 0; i < max + 50; i++) {
      decisions.push(Promise.resolve(counters.count(key, WINDOW, max)).then((c) => c.current <= max));
      if (i % 100 === 0) void counters.flush(); // a batch on its way while counting goes on
      if (i % 7 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    const through = (await Promise.all(decisions)).filter(Boolean).length;
    expect(through).toBe(max);
  });

  it('a counter whose first write is on its way is not forgotten by a flush (no error, no count lost)', async () => {
    const { db, state } = counting(t.db);
    state.delayMs = 30;
    const counters = new SharedRateCounters(db);
    const key = freshKey();
    const pending = Promise.resolve(counters.count(key, WINDOW, 10)); // under 100: written at once
    await counters.flush();
    await expect(pending).resolves.toMatchObject({ current: 1 });
    expect(await allowed(counters, key, 10)).toBe(true);
    expect(await stored(key)).toBe(2);
  });

  it('a window that ended starts again at zero', async () => {
    let now = Date.now();
    const counters = new SharedRateCounters(t.db, () => now);
    const key = freshKey();
    for (let i = 0; i < 10; i++) await counters.count(key, WINDOW, 10);
    expect(await allowed(counters, key, 10)).toBe(false);
    now += WINDOW + 1;
    expect(await allowed(counters, key, 10)).toBe(true);
    expect(await stored(key)).toBe(1);
  });

  it('while the database is unreachable a process counts in memory, and writes those counts once it answers', async () => {
    const { db, state } = counting(t.db);
    const counters = new SharedRateCounters(db);
    const key = freshKey();
    state.down = true;
    let through = 0;
    for (let i = 0; i < 150; i++) if (await allowed(counters, key, 100)) through += 1;
    expect(through).toBe(100); // decided on its own count
    state.down = false;
    await counters.flush();
    expect(await stored(key)).toBe(100);
  });
});
