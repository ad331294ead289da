import * as z from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineEndpoint } from '@/shared/contract/core';
import { DomainError } from '../../server/http/errors';
import { startMaintenance } from '../../server/maintenance';
import { route } from '../../server/http/route';
import { createTestApp, signUp, type TestApp } from './harness';

/** Test-only endpoints registered by this file. */
const transferFields = {
  method: 'POST',
  auth: 'bearer',
  idempotent: true,
  tag: 'test',
  summary: 'test',
  params: z.object({ account: z.string() }),
  body: z.object({ amount: z.int(), note: z.optional(z.string()) }),
  response: z.object({ transferId: z.number(), amount: z.int() }),
} as const;
const transfer = defineEndpoint({ ...transferFields, id: 'test.transfer', path: '/api/test/transfer/{account}' });
/** The same transfer, its key claimed and completed inside the handler's own database transaction. */
const txTransfer = defineEndpoint({ ...transferFields, id: 'test.txTransfer', path: '/api/test/tx-transfer/{account}' });
const broken = defineEndpoint({
  id: 'test.broken',
  method: 'GET',
  path: '/api/test/broken',
  auth: 'none',
  tag: 'test',
  summary: 'test',
  response: z.object({ ok: z.boolean() }),
});

let t: TestApp;
let executions = 0;
let token: string;
beforeAll(async () => {
  t = await createTestApp({
    extraRoutes: (app) => {
      route(app, transfer, ({ body, params }) => {
        executions++;
        if (body.amount < 0) throw new DomainError('wallet', 'INSUFFICIENT_FUNDS', 'Not enough money', 422);
        if (params.account === 'slow') return new Promise((resolve) => setTimeout(() => resolve({ transferId: executions, amount: body.amount }), 200));
        return { transferId: executions, amount: body.amount };
      });
      route(app, broken, () => ({ ok: 'yes' }) as unknown as { ok: boolean });
      route(
        app,
        txTransfer,
        ({ body, params, idempotency }) =>
          t.db.tx(async (q) => {
            if (params.account === 'forgetful') return { transferId: 0, amount: body.amount }; // never claims: a bug
            const replay = await idempotency!.claim(q);
            if (replay) return replay;
            const [effect] = await q.query<{ id: number }>('INSERT INTO test_tx_effects (amount) VALUES ($1) RETURNING id', [body.amount]);
            if (body.amount < 0) throw new DomainError('wallet', 'INSUFFICIENT_FUNDS', 'Not enough money', 422);
            if (params.account === 'slow') await new Promise((resolve) => setTimeout(resolve, 200));
            if (params.account === 'broken') return idempotency!.complete(q, { transferId: 'x', amount: body.amount } as unknown as { transferId: number; amount: number });
            return idempotency!.complete(q, { transferId: effect!.id, amount: body.amount });
          }),
        { idempotency: 'in-transaction' },
      );
    },
  });
  token = (await signUp(t)).accessToken;
  await t.db.exec('CREATE TABLE test_tx_effects (id serial PRIMARY KEY, amount int NOT NULL)');
});
afterAll(() => t.close());

const send = (key: string | undefined, body: unknown, account = 'main', bearer = token) =>
  t.call({
    method: 'POST',
    url: `/api/test/transfer/${account}`,
    payload: body as object,
    headers: { authorization: `Bearer ${bearer}`, ...(key ? { 'idempotency-key': key } : {}) },
  });

describe('Idempotency-Key', () => {
  it('is required on idempotent endpoints', async () => {
    const res = await send(undefined, { amount: 1 });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect((await send('bad key!', { amount: 1 })).body.error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
  });

  it('a replay returns the first answer without running the handler again', async () => {
    const before = executions;
    const first = await send('key-replay-0001', { amount: 5, note: 'a' });
    expect(first.status).toBe(200);
    const again = await send('key-replay-0001', { note: 'a', amount: 5 }); // same request, other key order
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(executions).toBe(before + 1);
  });

  it('the same key with a different body → IDEMPOTENCY_KEY_REUSED', async () => {
    await send('key-reused-0001', { amount: 5 });
    const res = await send('key-reused-0001', { amount: 6 });
    expect(res.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(res.status).toBe(422);
  });

  it('keys are per user', async () => {
    const other = (await signUp(t)).accessToken;
    const mine = await send('key-per-user-01', { amount: 7 });
    const theirs = await send('key-per-user-01', { amount: 7 }, 'main', other);
    expect(theirs.body.data.transferId).not.toBe(mine.body.data.transferId);
  });

  it('a failed request releases the key, so a retry runs again', async () => {
    const failed = await send('key-failure-001', { amount: -1 });
    expect(failed.status).toBe(422);
    const rows = await t.db.query('SELECT 1 FROM idempotency_keys WHERE key = $1', ['key-failure-001']);
    expect(rows).toHaveLength(0);
  });

  it('a concurrent duplicate while the first is running → IDEMPOTENCY_IN_PROGRESS', async () => {
    const [a, b] = await Promise.all([send('key-inflight-01', { amount: 1 }, 'slow'), new Promise((r) => setTimeout(r, 50)).then(() => send('key-inflight-01', { amount: 1 }, 'slow'))]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(409);
    expect(b.body.error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
  });

  it('bearer auth comes first', async () => {
    expect((await send('key-noauth-0001', { amount: 1 }, 'main', 'nope')).status).toBe(401);
  });
});

describe('response contract', () => {
  it('a handler answer that breaks the contract → 500 INTERNAL in the envelope', async () => {
    const res = await t.call({ method: 'GET', url: '/api/test/broken' });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, error: { service: 'api', code: 'INTERNAL', message: expect.any(String) } });
  });
});

describe('claims left by a dead process, and the purge', () => {
  it('a claim whose process died blocks retries with 409 IDEMPOTENCY_IN_PROGRESS, then is taken over after IDEMPOTENCY_PENDING_SECONDS', async () => {
    expect((await send('key-abandoned-01', { amount: 9 })).status).toBe(200);
    // As if the process died after claiming the key and before storing its answer.
    await t.db.query(`UPDATE idempotency_keys SET state = 'pending', status_code = NULL, response = NULL WHERE key = $1`, ['key-abandoned-01']);
    const before = executions;
    const blocked = await send('key-abandoned-01', { amount: 9 });
    expect(blocked.status).toBe(409);
    expect(blocked.body.error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
    expect(blocked.headers['retry-after']).toBe('1');
    t.clock.advance(t.config.idempotencyPendingSeconds + 1);
    const takenOver = await send('key-abandoned-01', { amount: 9 });
    expect(takenOver.status).toBe(200);
    expect(executions).toBe(before + 1); // the handler ran again: money handlers find their own result by the key
    expect((await send('key-abandoned-01', { amount: 9 })).headers['idempotency-replayed']).toBe('true');
  });

  it('maintenance purges records older than IDEMPOTENCY_RETENTION_HOURS and keeps younger ones', async () => {
    expect((await send('key-purge-old-01', { amount: 3 })).status).toBe(200);
    t.clock.advance(t.config.idempotencyRetentionHours * 3600 + 60);
    const fresh = (await signUp(t)).accessToken; // the first token expired meanwhile
    expect((await send('key-purge-new-01', { amount: 4 }, 'main', fresh)).status).toBe(200);
    const count = async (key: string) => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM idempotency_keys WHERE key = $1', [key]))[0]!.n;
    const maintenance = startMaintenance(t.db, t.clock, { retentionHours: t.config.idempotencyRetentionHours, firstAfterMs: 3_600_000 }, t.app.log);
    try {
      await maintenance.runOnce();
    } finally {
      await maintenance.stop();
    }
    expect(await count('key-purge-old-01')).toBe(0);
    expect(await count('key-purge-new-01')).toBe(1);
  });
});

describe('Idempotency-Key inside the handler\'s transaction (route option idempotency: in-transaction)', () => {
  let txToken: string;
  beforeAll(async () => {
    txToken = (await signUp(t)).accessToken; // the earlier tests moved the clock past the first token's life
  });
  const sendTx = (key: string, body: unknown, account = 'main') =>
    t.call({
      method: 'POST',
      url: `/api/test/tx-transfer/${account}`,
      payload: body as object,
      headers: { authorization: `Bearer ${txToken}`, 'idempotency-key': key },
    });
  const effects = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM test_tx_effects'))[0]!.n;
  const stored = (key: string) =>
    t.db.query<{ state: string; response: unknown }>('SELECT state, response FROM idempotency_keys WHERE key = $1', [key]);

  it('claims, acts and stores the answer in one transaction; a replay answers it without acting again', async () => {
    const before = await effects();
    const first = await sendTx('tx-replay-0001', { amount: 5, note: 'a' });
    expect(first.status).toBe(200);
    expect(await stored('tx-replay-0001')).toEqual([{ state: 'done', response: first.body.data }]);
    const again = await sendTx('tx-replay-0001', { note: 'a', amount: 5 });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(first.headers['idempotency-replayed']).toBeUndefined();
    expect(await effects()).toBe(before + 1);
  });

  it('the same key with a different body → IDEMPOTENCY_KEY_REUSED, nothing done', async () => {
    await sendTx('tx-reused-0001', { amount: 5 });
    const before = await effects();
    const res = await sendTx('tx-reused-0001', { amount: 6 });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await effects()).toBe(before);
  });

  it('a failed transaction leaves neither its effect nor a claim: a retry with the key runs afresh', async () => {
    const before = await effects();
    const failed = await sendTx('tx-failure-0001', { amount: -1 });
    expect(failed.status).toBe(422);
    expect(await stored('tx-failure-0001')).toEqual([]);
    expect(await effects()).toBe(before);
  });

  it('concurrent requests with one key act once; the later one waits and replays the first answer', async () => {
    const before = await effects();
    const [a, b] = await Promise.all([
      sendTx('tx-inflight-001', { amount: 1 }, 'slow'),
      new Promise((r) => setTimeout(r, 50)).then(() => sendTx('tx-inflight-001', { amount: 1 }, 'slow')),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body).toEqual(a.body);
    expect(b.headers['idempotency-replayed']).toBe('true');
    expect(await effects()).toBe(before + 1);
  });

  it('an answer that breaks the contract → 500, and the transaction (effect and claim) is rolled back', async () => {
    const before = await effects();
    const res = await sendTx('tx-broken-00001', { amount: 2 }, 'broken');
    expect(res.status).toBe(500);
    expect(res.body.error.code).toBe('INTERNAL');
    expect(await stored('tx-broken-00001')).toEqual([]);
    expect(await effects()).toBe(before);
  });

  it('a handler that never claims its key is a bug → 500 INTERNAL, not an unguarded success', async () => {
    const res = await sendTx('tx-forgetful-01', { amount: 2 }, 'forgetful');
    expect(res.status).toBe(500);
    expect(res.body.error.code).toBe('INTERNAL');
  });

  it('takes over a claim left pending by a dead process after IDEMPOTENCY_PENDING_SECONDS', async () => {
    expect((await sendTx('tx-abandoned-01', { amount: 9 })).status).toBe(200);
    await t.db.query(`UPDATE idempotency_keys SET state = 'pending', status_code = NULL, response = NULL WHERE key = $1`, ['tx-abandoned-01']);
    const blocked = await sendTx('tx-abandoned-01', { amount: 9 });
    expect(blocked.status).toBe(409);
    expect(blocked.body.error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
    t.clock.advance(t.config.idempotencyPendingSeconds + 1);
    const before = await effects();
    const takenOver = await sendTx('tx-abandoned-01', { amount: 9 });
    expect(takenOver.status).toBe(200);
    expect(await effects()).toBe(before + 1);
    expect(await stored('tx-abandoned-01')).toEqual([{ state: 'done', response: takenOver.body.data }]);
  });
});
