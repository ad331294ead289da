/** server/jobs: transactional enqueue, retries with backoff, failure hooks, leases, crashes, concurrent workers. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/db';
import { migrate } from '../../server/db/migrate';
import { openPostgres } from '../../server/db/postgres';
import {
  enqueueJob,
  enqueueJobStatement,
  getJob,
  JobRegistry,
  listJobs,
  PermanentJobError,
  RetryAfterError,
  runDueJobs,
  startWorker,
  workerOptionsFromEnv,
  type WorkerOptions,
} from '../../server/jobs';
import { checkLedger, getSystemAccount, getWalletAccount, postTransaction } from '../../server/modules/ledger';
import { createTestApp, signUp, type TestApp } from './harness';
import { waitFor, walletBalance } from './card-helpers';
import { realPostgresDatabase } from './jobs-postgres';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.exec('CREATE TABLE test_job_effects (job_id bigint NOT NULL, note text)');
});
afterAll(() => t.close());

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('enqueue', () => {
  it('a job enqueued in a rolled-back transaction never runs; a committed one does', async () => {
    const registry = new JobRegistry();
    let runs = 0;
    registry.register('test.rollback', () => {
      runs++;
    });
    await expect(
      t.db.tx(async (q) => {
        await enqueueJob(q, { kind: 'test.rollback', payload: { n: 1 } });
        throw new Error('the caller failed');
      }),
    ).rejects.toThrow('the caller failed');
    expect(await runDueJobs(t.db, { registry })).toBe(0);
    expect(runs).toBe(0);
    expect(await listJobs(t.db, { kind: 'test.rollback' })).toEqual([]);

    const { id } = await t.db.tx((q) => enqueueJob(q, { kind: 'test.rollback', payload: { n: 2 } }));
    expect(await runDueJobs(t.db, { registry })).toBe(1);
    expect(runs).toBe(1);
    expect(await getJob(t.db, id)).toMatchObject({ status: 'done', attempts: 1, lockedBy: null, payload: { n: 2 } });
  });

  it('a job riding in another statement (enqueueJobStatement) is enqueued with it, and rolled back with it', async () => {
    const registry = new JobRegistry();
    const ran: number[] = [];
    registry.register('test.alongside', (payload) => void ran.push((payload as { n: number }).n));
    const withEffect = (n: number) => {
      const job = enqueueJobStatement({ kind: 'test.alongside', payload: { n } })(2);
      return { sql: `WITH job AS (${job.sql}) INSERT INTO test_job_effects (job_id, note) VALUES ($1, 'alongside')`, params: [n, ...job.params] };
    };
    await expect(
      t.db.tx(async (q) => {
        const { sql, params } = withEffect(1);
        await q.query(sql, params);
        throw new Error('the caller failed');
      }),
    ).rejects.toThrow('the caller failed');
    await t.db.tx(async (q) => {
      const { sql, params } = withEffect(2);
      await q.query(sql, params);
    });
    expect(await runDueJobs(t.db, { registry })).toBe(1);
    expect(ran).toEqual([2]);
    expect(() => enqueueJobStatement({ kind: 'test.alongside', maxAttempts: 0 })).toThrow('maxAttempts');
  });

  it('a dedupe key makes a second enqueue return the first job', async () => {
    const key = `dedupe-${randomUUID()}`;
    const first = await t.db.tx((q) => enqueueJob(q, { kind: 'test.dedupe', dedupeKey: key }));
    const second = await t.db.tx((q) => enqueueJob(q, { kind: 'test.dedupe', dedupeKey: key, payload: { other: true } }));
    expect(first.created).toBe(true);
    expect(second).toEqual({ id: first.id, created: false });
    expect((await listJobs(t.db, { kind: 'test.dedupe' })).length).toBe(1);
  });

  it('waits for runAt / delayMs, and kinds without a handler here stay queued', async () => {
    const registry = new JobRegistry();
    registry.register('test.later', () => {});
    const { id } = await t.db.tx((q) => enqueueJob(q, { kind: 'test.later', delayMs: 60_000 }));
    await t.db.tx((q) => enqueueJob(q, { kind: 'test.nobody-handles-this' }));
    expect(await runDueJobs(t.db, { registry })).toBe(0);
    expect((await getJob(t.db, id))?.status).toBe('queued');
    expect((await listJobs(t.db, { kind: 'test.nobody-handles-this' }))[0]?.status).toBe('queued');
  });
});

describe('claim order', () => {
  it('a backlog runs oldest first, and an expired lease is taken back in its place in that order', async () => {
    const registry = new JobRegistry();
    const ran: number[] = [];
    registry.register('test.order', (payload) => {
      ran.push((payload as { n: number }).n);
    });
    const past = (seconds: number) => new Date(Date.now() - seconds * 1000);
    const ids: number[] = [];
    // Enqueued newest first, so the ids run against the order the jobs are due in.
    for (const [n, ageSeconds] of [[5, 10], [4, 20], [2, 40], [1, 50]] as const) {
      ids.push((await t.db.tx((q) => enqueueJob(q, { kind: 'test.order', payload: { n }, runAt: past(ageSeconds) }))).id);
    }
    // Job 3 was claimed by a worker that died: running, its lease long expired, due between 2 and 4.
    const { id: orphan } = await t.db.tx((q) => enqueueJob(q, { kind: 'test.order', payload: { n: 3 }, runAt: past(30) }));
    await t.db.query(`UPDATE jobs SET status = 'running', attempts = 1, locked_by = 'dead', locked_until = now() - interval '1 minute' WHERE id = $1`, [orphan]);
    expect(await runDueJobs(t.db, { registry })).toBe(5);
    expect(ran).toEqual([1, 2, 3, 4, 5]);
    expect((await getJob(t.db, orphan))?.attempts).toBe(2);
  });
});

describe('retries and failure', () => {
  it('retries a failing handler with backoff until it succeeds', async () => {
    const registry = new JobRegistry();
    const seen: number[] = [];
    registry.register('test.flaky', (_payload, ctx) => {
      seen.push(ctx.attempt);
      if (ctx.attempt < 3) throw new Error(`boom ${ctx.attempt}`);
    });
    const { id } = await t.db.tx((q) => enqueueJob(q, { kind: 'test.flaky', maxAttempts: 5 }));

    // With a real backoff the retry waits: after one failure nothing is due.
    expect(await runDueJobs(t.db, { registry, backoffBaseMs: 60_000 })).toBe(1);
    const waiting = await getJob(t.db, id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, lastError: 'Error: boom 1', lockedBy: null });
    expect(waiting!.runAt.getTime() - waiting!.updatedAt.getTime()).toBeGreaterThan(40_000); // 60 s ± 20 %
    expect(await runDueJobs(t.db, { registry })).toBe(0);

    await t.db.query('UPDATE jobs SET run_at = now() WHERE id = $1', [id]);
    expect(await runDueJobs(t.db, { registry, backoffBaseMs: 0 })).toBe(2);
    expect(seen).toEqual([1, 2, 3]);
    expect(await getJob(t.db, id)).toMatchObject({ status: 'done', attempts: 3, lastError: 'Error: boom 2' });
  });

  it("an outside service's Retry-After is obeyed up to the longest backoff, never for days (issue #31 item 2)", async () => {
    const registry = new JobRegistry();
    registry.register('test.retryAfter', () => {
      throw new RetryAfterError('429: retry after 99999999 s', 99_999_999_000);
    });
    const { id } = await t.db.tx((q) => enqueueJob(q, { kind: 'test.retryAfter', maxAttempts: 5 }));
    expect(await runDueJobs(t.db, { registry, backoffMaxMs: 120_000 })).toBe(1);
    const waiting = await getJob(t.db, id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    const waitMs = waiting!.runAt.getTime() - waiting!.updatedAt.getTime();
    expect(waitMs).toBeGreaterThan(110_000);
    expect(waitMs).toBeLessThanOrEqual(120_000 + 1_000);
  });

  it('after max attempts the job fails and its failure hook runs in the same transaction', async () => {
    const registry = new JobRegistry();
    let runs = 0;
    registry.register(
      'test.doomed',
      () => {
        runs++;
        throw new Error('always broken');
      },
      {
        onFailure: async (q, payload: { note: string }, ctx) => {
          await q.query('INSERT INTO test_job_effects (job_id, note) VALUES ($1, $2)', [ctx.jobId, `${payload.note}: ${ctx.error}`]);
        },
      },
    );
    const { id } = await t.db.tx((q) => enqueueJob(q, { kind: 'test.doomed', payload: { note: 'refund' }, maxAttempts: 3 }));
    await runDueJobs(t.db, { registry, backoffBaseMs: 0 });
    expect(runs).toBe(3);
    expect(await getJob(t.db, id)).toMatchObject({ status: 'failed', attempts: 3, lastError: 'Error: always broken' });
    expect(await t.db.query('SELECT note FROM test_job_effects WHERE job_id = $1', [id])).toEqual([{ note: 'refund: Error: always broken' }]);
  });

  it('a PermanentJobError skips the retries; a failing hook is retried (hook only) until it succeeds', async () => {
    const registry = new JobRegistry();
    let runs = 0;
    let hookCalls = 0;
    registry.register(
      'test.permanent',
      () => {
        runs++;
        throw new PermanentJobError('no point retrying');
      },
      {
        onFailure: async (q, _payload, ctx) => {
          hookCalls++;
          await q.query('INSERT INTO test_job_effects (job_id, note) VALUES ($1, $2)', [ctx.jobId, `hook ${hookCalls}`]);
          if (hookCalls === 1) throw new Error('hook could not reach the database');
        },
      },
    );
    const { id } = await t.db.tx((q) => enqueueJob(q, { kind: 'test.permanent', maxAttempts: 5 }));
    await runDueJobs(t.db, { registry, backoffBaseMs: 0 });
    expect(runs).toBe(1);
    expect(hookCalls).toBe(2);
    // The first hook's writes were rolled back with it; the job is failed once, by the second.
    expect(await t.db.query('SELECT note FROM test_job_effects WHERE job_id = $1', [id])).toEqual([{ note: 'hook 2' }]);
    expect((await getJob(t.db, id))?.status).toBe('failed');
  });
});

describe('leases', () => {
  it('a worker killed mid-job: the lease expires, another worker redoes the job once, and the money moves once', async () => {
    const user = await signUp(t);
    const registry = new JobRegistry();
    let calls = 0;
    const paid = deferred();
    registry.register('test.pay', async (payload: { ref: string; userId: string; amount: number }, ctx) => {
      calls++;
      // Idempotent: the ledger transaction's key comes from the payload.
      await ctx.db.tx(async (q) => {
        const wallet = await getWalletAccount(q, payload.userId, 'USD');
        const promo = await getSystemAccount(q, 'promo_expense', 'USD');
        await postTransaction(q, {
          type: 'promoBonus',
          userId: payload.userId,
          idempotencyKey: `test-pay:${payload.ref}`,
          details: { referralId: 'ref_test', referralName: 'Test R.' },
          entries: [
            { accountId: wallet.id, amount: payload.amount },
            { accountId: promo.id, amount: -payload.amount },
          ],
        });
      });
      if (calls === 1) {
        paid.resolve();
        await new Promise(() => {}); // the process dies here: the money moved, the job is never marked done
      }
    });
    const ref = randomUUID();
    const { id } = await t.db.tx((q) => enqueueJob(q, { kind: 'test.pay', payload: { ref, userId: user.user.id, amount: 1234 } }));

    const doomed = startWorker(t.db, { registry, pollMs: 10, leaseMs: 400, workerId: 'doomed' });
    await paid.promise;
    doomed.kill();
    expect(await getJob(t.db, id)).toMatchObject({ status: 'running', lockedBy: 'doomed', attempts: 1 });

    const survivor = startWorker(t.db, { registry, pollMs: 10, leaseMs: 400, workerId: 'survivor' });
    try {
      const job = await waitFor(() => getJob(t.db, id), (j) => j?.status === 'done', 10_000, 'the job to be redone');
      expect(job?.attempts).toBe(2);
      expect(calls).toBe(2);
      expect(await walletBalance(t.db, user.user.id)).toBe(1234);
      expect(await t.db.query('SELECT id FROM ledger_transactions WHERE idempotency_key = $1', [`test-pay:${ref}`])).toHaveLength(1);
      expect((await checkLedger(t.db)).ok).toBe(true);
    } finally {
      await survivor.stop();
    }
  });

  it('a graceful stop waits for running jobs, then releases the leases of the rest for another process', async () => {
    const registry = new JobRegistry();
    const started = deferred();
    let finish!: () => void;
    registry.register('test.slow', async () => {
      started.resolve();
      await new Promise<void>((resolve) => (finish = resolve));
    });
    const { id } = await t.db.tx((q) => enqueueJob(q, { kind: 'test.slow' }));
    const worker = startWorker(t.db, { registry, pollMs: 10, stopGraceMs: 50, workerId: 'stopping' });
    await started.promise;
    await worker.stop();
    expect(await getJob(t.db, id)).toMatchObject({ status: 'queued', lockedBy: null, lockedUntil: null, attempts: 0 });
    finish(); // the abandoned handler ends after the stop: it must not mark the job done
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await getJob(t.db, id))?.status).toBe('queued');

    registry.register('test.slow', () => {});
    expect(await runDueJobs(t.db, { registry })).toBe(1);
    expect(await getJob(t.db, id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('reads worker settings from the environment', () => {
    expect(workerOptionsFromEnv({})).toEqual({ enabled: true });
    expect(workerOptionsFromEnv({ JOBS_WORKER: 'off', JOBS_POLL_MS: '50', JOBS_LEASE_MS: '1000', JOBS_CONCURRENCY: '2', JOBS_BACKOFF_BASE_MS: '10' })).toEqual({
      enabled: false,
      pollMs: 50,
      leaseMs: 1000,
      concurrency: 2,
      backoffBaseMs: 10,
    });
    expect(() => workerOptionsFromEnv({ JOBS_POLL_MS: 'fast' })).toThrow(/JOBS_POLL_MS/);
  });
});

describe('queue upkeep', () => {
  /** The test database with its exec() watched: what a worker asks of it (the statements run for real). */
  const watchingExec = (statements: string[]): Db => ({
    kind: t.db.kind,
    query: (sql, params) => t.db.query(sql, params),
    tx: (fn) => t.db.tx(fn),
    withConnection: (fn) => t.db.withConnection(fn),
    close: () => t.db.close(),
    exec: async (sql) => {
      statements.push(sql);
      await t.db.exec(sql);
    },
  });

  /**
   * `count` jobs of `kind` run to the end by a worker on the watched database with `options`; the statements the worker
   * asked exec() for, and what it logged as a warning or an error.
   */
  const drained = async (kind: string, count: number, options: WorkerOptions) => {
    const registry = new JobRegistry();
    registry.register(kind, () => {});
    const statements: string[] = [];
    const warnings: unknown[] = [];
    await t.db.tx(async (q) => {
      for (let i = 0; i < count; i++) await enqueueJob(q, { kind, payload: { i } });
    });
    const log = { debug() {}, info() {}, warn: (...args: unknown[]) => warnings.push(args), error: (...args: unknown[]) => warnings.push(args) };
    const worker = startWorker(watchingExec(statements), { registry, pollMs: 5, log, workerId: kind, ...options });
    try {
      await waitFor(
        () => t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE kind = $1 AND status = 'done'`, [kind]),
        (rows) => rows[0]?.n === count,
        20_000,
        `all ${kind} jobs done`,
      );
    } finally {
      await worker.stop(); // waits for a vacuum under way
    }
    return { statements, warnings };
  };

  it('a worker vacuums the jobs table after every vacuumEveryJobs claims (dead queue entries would slow every claim), and the database accepts it', async () => {
    const { statements, warnings } = await drained('test.upkeep', 30, { concurrency: 2, vacuumEveryJobs: 10 });
    expect(statements).toContain('VACUUM (ANALYZE, SKIP_LOCKED) jobs');
    expect(warnings).toEqual([]);
  });

  it('a worker with vacuumEveryJobs 0 never vacuums', async () => {
    const { statements } = await drained('test.no-upkeep', 20, { vacuumEveryJobs: 0 });
    expect(statements).toEqual([]);
  });
});

describe('two workers on a real PostgreSQL (two connection pools, as two processes have)', () => {
  let databaseUrl: string;
  let drop: () => Promise<void>;
  let dbs: Db[] = [];
  beforeAll(async () => {
    ({ databaseUrl, drop } = await realPostgresDatabase());
    dbs = [await openPostgres({ connectionString: databaseUrl, maxConnections: 6 }), await openPostgres({ connectionString: databaseUrl, maxConnections: 6 })];
    await migrate(dbs[0]!);
    await dbs[0]!.exec('CREATE TABLE job_runs (job_id bigint NOT NULL, worker text NOT NULL)');
  });
  afterAll(async () => {
    for (const db of dbs) await db.close();
    await drop?.();
  });

  it('drain one table together and never run a job twice', async () => {
    const JOBS = 400;
    const registry = new JobRegistry();
    registry.register('test.count', async (_payload, ctx) => {
      await ctx.db.query('INSERT INTO job_runs (job_id, worker) VALUES ($1, $2)', [ctx.jobId, ctx.workerId]);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
    });
    await dbs[0]!.tx(async (q) => {
      for (let i = 0; i < JOBS; i++) await enqueueJob(q, { kind: 'test.count', payload: { i } });
    });
    const workers = dbs.map((db, i) => startWorker(db, { registry, concurrency: 4, pollMs: 5, workerId: `w${i + 1}` }));
    try {
      await waitFor(
        () => dbs[0]!.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE kind = 'test.count' AND status = 'done'`),
        (rows) => rows[0]?.n === JOBS,
        60_000,
        'all jobs done',
      );
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    const [runs] = await dbs[0]!.query<{ total: number; distinct_jobs: number }>(
      'SELECT count(*)::int AS total, count(DISTINCT job_id)::int AS distinct_jobs FROM job_runs',
    );
    expect(runs).toEqual({ total: JOBS, distinct_jobs: JOBS });
    const perWorker = await dbs[0]!.query<{ worker: string; n: number }>('SELECT worker, count(*)::int AS n FROM job_runs GROUP BY worker ORDER BY worker');
    expect(perWorker.map((row) => row.worker)).toEqual(['w1', 'w2']);
    expect(perWorker.every((row) => row.n > 0)).toBe(true);
    const [attempts] = await dbs[0]!.query<{ max: number }>(`SELECT max(attempts)::int AS max FROM jobs WHERE kind = 'test.count'`);
    expect(attempts?.max).toBe(1);
  });
});
