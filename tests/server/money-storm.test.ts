/**
 * A 1000-way storm on money between people and money out (issue #36): transfers in both currencies (some from wallets
 * too small for them), replays of the same intent, payment requests paid by five people at once, and USDT and SBP
 * withdrawals (three tries per user with one email code), all at once on one server; then the withdrawal jobs settle
 * them (USDT confirmed on the sandbox chain, SBP payouts declined and refunded). No money is made or lost, no balance
 * goes negative, each request is paid exactly once, each withdrawal is reserved once and settled or refunded once, and
 * the ledger audit is at zero. On PGlite under `test:server`, on a real PostgreSQL (real row locks) under
 * `test:server:pg`; tests/server/money-storm-processes.test.ts runs a storm through two server processes.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appJobRegistry, runDueJobs } from '../../server/jobs';
import { checkLedger } from '../../server/modules/ledger';
import { writeSandboxSetting } from '../../server/sandbox/settings';
import { auditMoneyBetweenPeople } from '../../scripts/load/money-between-people-audit';
import { fundWallet, newUser, spreadClientIps, walletBalance, type TestUser } from './card-helpers';
import { createTestApp, latestCode, type TestApp } from './harness';

const USERS = 40;
/** Users from this index on hold 5 USD: their USD transfers and USDT withdrawals meet INSUFFICIENT_FUNDS. */
const POOR_FROM = 30;
const ADDRESS = 'TCNtTa1rveKkovHR2ebABu4K66U6ocUCZX';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { WITHDRAWAL_HOLD_SECONDS: '0', WITHDRAWAL_POLL_MS: '10', SANDBOX_WITHDRAWAL_DELAY_MS: '0' } });
  spreadClientIps(t);
}, 60_000);
afterAll(() => t?.close());

type Answer = Awaited<ReturnType<TestApp['call']>>;
/** A money-moving call as the app makes it: the same Idempotency-Key again while the first try still runs. */
const post = async (user: TestUser, url: string, payload: object, key: string = randomUUID()): Promise<Answer> => {
  for (;;) {
    const res = await t.call({ method: 'POST', url, headers: { ...user.headers, 'idempotency-key': key }, payload });
    if (res.body?.error?.code !== 'IDEMPOTENCY_IN_PROGRESS') return res;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};
const usd = (amount: number) => ({ amount, currency: 'USD' });
const rub = (amount: number) => ({ amount, currency: 'RUB' });
const totals = async (users: TestUser[]) => {
  const sum = async (currency: 'USD' | 'RUB') => (await Promise.all(users.map((u) => walletBalance(t.db, u.id, currency)))).reduce((a, b) => a + b, 0);
  return { USD: await sum('USD'), RUB: await sum('RUB') };
};

describe('1000-way storm of transfers, payment requests and withdrawals', () => {
  it('no money made or lost, none negative, requests paid once, withdrawals settled or refunded once, the ledger at zero', { timeout: 300_000 }, async () => {
    const users: TestUser[] = [];
    for (let i = 0; i < USERS; i += 10) users.push(...(await Promise.all(Array.from({ length: 10 }, () => newUser(t)))));
    const payCodes: string[] = [];
    const addressIds: string[] = [];
    const codes: string[] = [];
    for (const [i, user] of users.entries()) {
      await fundWallet(t.db, user.id, i >= POOR_FROM ? 5_00 : 100_00, 'USD');
      await fundWallet(t.db, user.id, 20_000_00, 'RUB');
      payCodes.push((await t.call({ method: 'GET', url: '/api/transfers/profile', headers: user.headers })).body.data.payCode);
      const added = await t.call({ method: 'POST', url: '/api/withdrawals/addresses', headers: user.headers, payload: { address: ADDRESS, label: `Wallet ${i}` } });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      addressIds.push(added.body.data.id);
      expect((await t.call({ method: 'POST', url: '/api/withdrawals/email-code', headers: user.headers })).status).toBe(200);
      codes.push((await latestCode(t, user.email))!);
    }
    const options = (await t.call({ method: 'GET', url: '/api/withdrawals/options', headers: users[0]!.headers })).body.data;
    const bankId = options.sbp.banks[0].id as string;
    const requests: Array<{ id: string; requester: number; amount: { amount: number; currency: string } }> = [];
    for (let r = 0; r < 20; r++) {
      const amount = r % 2 ? rub(150_00) : usd(3_00);
      const created = await post(users[r]!, '/api/payment-requests', { amount, note: `Storm ${r}` });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      requests.push({ id: created.body.data.id, requester: r, amount });
    }
    await writeSandboxSetting(t.db, 'tronSender', { outcome: 'confirm', delayMs: 0 }, t.clock.now());
    await writeSandboxSetting(t.db, 'sbpPayouts', { outcome: 'fail', delayMs: 0 }, t.clock.now());
    const before = await totals(users);

    const transfer = (i: number) => {
      const sender = i % USERS;
      const recipient = (sender + 1 + (i % (USERS - 1))) % USERS;
      const amount = i % 3 === 0 ? rub(100_00 + (i % 7) * 1_13) : usd(1_00 + (i % 9) * 37);
      return { sender, body: { payCode: payCodes[recipient], amount, note: `storm #${i}` } };
    };
    const replays = Array.from({ length: 40 }, (_, i) => ({ ...transfer(10_000 + i), key: randomUUID() }));
    const calls: Array<{ kind: 'transfer' | 'replay' | 'request' | 'withdrawal'; ref: number; run: () => Promise<Answer> }> = [
      ...Array.from({ length: 700 }, (_, i) => {
        const { sender, body } = transfer(i);
        return { kind: 'transfer' as const, ref: i, run: () => post(users[sender]!, '/api/transfers', body) };
      }),
      ...replays.flatMap((replay, i) =>
        [0, 1].map(() => ({ kind: 'replay' as const, ref: i, run: () => post(users[replay.sender]!, '/api/transfers', replay.body, replay.key) })),
      ),
      ...requests.flatMap((request, r) =>
        Array.from({ length: 5 }, (_, k) => {
          const payer = (request.requester + 1 + k * 7) % USERS;
          return {
            kind: 'request' as const,
            ref: r,
            run: () => post(users[payer]!, '/api/transfers', { payCode: payCodes[request.requester], amount: request.amount, requestId: request.id }),
          };
        }),
      ),
      ...users.flatMap((user, u) =>
        [0, 1, 2].map(() => ({
          kind: 'withdrawal' as const,
          ref: u,
          run: () =>
            u % 2
              ? post(user, '/api/withdrawals/sbp', { bankId, amount: 1_000_00, fee: options.sbp.fee, code: codes[u] })
              : post(user, '/api/withdrawals/usdt', { addressId: addressIds[u], amount: 20_00, fee: options.usdt.fee, code: codes[u] }),
        })),
      ),
    ];
    expect(calls).toHaveLength(1000);
    // Interleaved (a fixed shuffle), then all at once.
    for (let i = calls.length - 1; i > 0; i--) {
      const j = (i * 7919 + 13) % (i + 1);
      [calls[i], calls[j]] = [calls[j]!, calls[i]!];
    }
    const answers = await Promise.all(calls.map(async (call) => ({ ...call, res: await call.run() })));

    const allowed = ['INSUFFICIENT_FUNDS', 'PAYMENT_REQUEST_CLOSED', 'CODE_EXPIRED'];
    for (const { kind, res } of answers) expect(res.status === 200 || allowed.includes(res.body?.error?.code), `${kind}: ${res.status} ${JSON.stringify(res.body)}`).toBe(true);
    // Each request: exactly one payer got through.
    for (const [r, request] of requests.entries()) {
      expect(answers.filter((a) => a.kind === 'request' && a.ref === r && a.res.status === 200), request.id).toHaveLength(1);
    }
    // The two sends of one intent: one transfer.
    for (let i = 0; i < replays.length; i++) {
      const ids = answers.filter((a) => a.kind === 'replay' && a.ref === i).map((a) => a.res.body.data?.id ?? a.res.body.error.code);
      expect(ids[0]).toBe(ids[1]);
    }
    // One code, three tries: at most one withdrawal per user; the poor users' USDT ones refused.
    const withdrawn = answers.filter((a) => a.kind === 'withdrawal' && a.res.status === 200);
    for (let u = 0; u < USERS; u++) expect(withdrawn.filter((a) => a.ref === u).length).toBeLessThanOrEqual(1);
    expect(answers.some((a) => a.res.body?.error?.code === 'INSUFFICIENT_FUNDS')).toBe(true);

    // The jobs send the withdrawals and settle them.
    for (let i = 0; i < 300; i++) {
      await runDueJobs(t.db, { registry: appJobRegistry(t.app) });
      const [open] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM withdrawals WHERE status IN ('pending', 'sending')`);
      if (open!.n === 0) break;
      t.clock.advance(1);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const outcomes = await t.db.query<{ method: string; status: string; currency: string; total: number }>(
      `SELECT method, status, currency, sum(amount + fee)::bigint AS total FROM withdrawals GROUP BY 1, 2, 3 ORDER BY 1, 2`,
    );
    expect(outcomes.map((o) => `${o.method} ${o.status}`)).toEqual(['sbp failed', 'usdt completed']);
    const out = (currency: string) => outcomes.filter((o) => o.status === 'completed' && o.currency === currency).reduce((n, o) => n + Number(o.total), 0);

    const after = await totals(users);
    expect({ USD: after.USD + out('USD'), RUB: after.RUB + out('RUB') }).toEqual(before);
    for (const user of users) {
      expect(await walletBalance(t.db, user.id, 'USD')).toBeGreaterThanOrEqual(0);
      expect(await walletBalance(t.db, user.id, 'RUB')).toBeGreaterThanOrEqual(0);
    }
    expect(await checkLedger(t.db)).toMatchObject({ ok: true });
    const acked = (kinds: string[]) => answers.filter((a) => kinds.includes(a.kind) && a.res.status === 200).map((a) => a.res.body.data.id as string);
    const audit = await auditMoneyBetweenPeople(t.db, { transfers: acked(['transfer', 'replay', 'request']), withdrawals: acked(['withdrawal']) });
    console.log(audit.lines.map(([label, value]) => `  ${label.padEnd(56)} ${value}`).join('\n'));
    expect(audit.problems).toEqual([]);
  });
});
