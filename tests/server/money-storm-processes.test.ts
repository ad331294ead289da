/**
 * A 1000-way storm on money between people and money out (issue #36) through two real server processes
 * (`server/main.ts`) on one PostgreSQL, each serving the API and running the job worker: transfers in USD and RUB,
 * intents sent twice (to either process), payment requests paid by five people at once, USDT and SBP withdrawals
 * (three tries per one email code), all at once, requests alternating between the processes; the two workers then
 * send and settle the withdrawals. No money made or lost, none negative, every acknowledged operation in the database
 * exactly once and nothing else, requests paid once, withdrawals settled or refunded once, the ledger audit at zero.
 * On a real PostgreSQL of its own, in the PGlite run only (tests/server/jobs-postgres.ts, fixed-database-files.ts).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/db';
import { migrate } from '../../server/db/migrate';
import { openPostgres } from '../../server/db/postgres';
import { checkLedger } from '../../server/modules/ledger';
import { writeSandboxSetting } from '../../server/sandbox/settings';
import { LoadClient, type Answer } from '../../scripts/load/http-client';
import { sandboxServerEnv, SANDBOX_TEST_TOKEN, startServerProcess, stopServerProcess, type ServerProcess } from '../../scripts/load/server-process';
import { auditMoneyBetweenPeople } from '../../scripts/load/money-between-people-audit';
import { waitForJobs, WalletWorkload, type LoadUser } from '../../scripts/load/wallet-workload';
import { fundWallet } from './card-helpers';
import { realPostgresDatabase } from './jobs-postgres';

const USERS = 40;

let servers: ServerProcess[] = [];
let db: Db;
let drop: () => Promise<void>;
const client = new LoadClient();
const workload = new WalletWorkload({ client, servers: () => servers.map((s) => s.url), operationDeadlineMs: 120_000 });

beforeAll(async () => {
  const pg = await realPostgresDatabase();
  drop = pg.drop;
  db = await openPostgres({ connectionString: pg.databaseUrl, maxConnections: 4 });
  await migrate(db); // once, before both start
  const env = sandboxServerEnv({
    DATABASE_URL: pg.databaseUrl,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    JOBS_POLL_MS: '20',
    JOBS_BACKOFF_BASE_MS: '20',
    WITHDRAWAL_HOLD_SECONDS: '0',
    WITHDRAWAL_POLL_MS: '50',
    SANDBOX_WITHDRAWAL_DELAY_MS: '0',
  });
  servers = await Promise.all([startServerProcess('A', env), startServerProcess('B', env)]);
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => stopServerProcess(server)));
  client.destroy();
  await db?.close();
  await drop?.();
}, 60_000);

const usd = (amount: number) => ({ amount, currency: 'USD' });
const rub = (amount: number) => ({ amount, currency: 'RUB' });

describe('two server processes on one PostgreSQL: a 1000-way storm of transfers, payment requests and withdrawals', () => {
  it('no money made or lost, none negative, each acknowledged operation once, requests paid once, withdrawals settled or refunded once, the ledger at zero', { timeout: 300_000 }, async () => {
    const users = await workload.signUp(USERS);
    await workload.prepareMoneyBetweenPeople(users);
    const ids: string[] = [];
    for (const user of users) {
      const [row] = await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [user.email]);
      ids.push(row!.id);
      await fundWallet(db, row!.id, 100_00, 'USD');
      await fundWallet(db, row!.id, 20_000_00, 'RUB');
    }
    const codes: string[] = [];
    for (const user of users) {
      expect((await workload.call('code', user, 'POST', '/api/withdrawals/email-code')).status).toBe(200);
      const mail = await workload.call('code', null, 'GET', `/api/dev/mailbox?email=${encodeURIComponent(user.email)}`, undefined, { 'x-sandbox-token': SANDBOX_TEST_TOKEN });
      codes.push(mail.body.data.messages[0].code);
    }
    const options = (await workload.call('options', users[0]!, 'GET', '/api/withdrawals/options')).body.data;
    const requests: Array<{ id: string; requester: number; amount: { amount: number; currency: string } }> = [];
    for (let r = 0; r < 20; r++) {
      const amount = r % 2 ? rub(150_00) : usd(3_00);
      const created = await workload.idempotent('request', users[r]!, 'POST', '/api/payment-requests', { amount, note: `Storm ${r}` });
      expect(created?.status).toBe(200);
      requests.push({ id: created!.body.data.id, requester: r, amount });
    }
    await writeSandboxSetting(db, 'tronSender', { outcome: 'fail', delayMs: 0 }, new Date());
    await writeSandboxSetting(db, 'sbpPayouts', { outcome: 'succeed', delayMs: 0 }, new Date());
    const wallets = async () =>
      (await db.query<{ currency: string; total: number }>(`SELECT currency, sum(balance)::bigint AS total FROM ledger_accounts WHERE kind = 'wallet' AND user_id IN (SELECT jsonb_array_elements_text($1::jsonb)) GROUP BY 1 ORDER BY 1`, [JSON.stringify(ids)])).map(
        (r) => `${r.currency} ${r.total}`,
      );
    const before = await wallets();

    type Kind = 'transfer' | 'replay' | 'request' | 'withdrawal';
    const calls: Array<{ kind: Kind; ref: number; user: LoadUser; run: () => Promise<Answer | null> }> = [];
    const transfer = (i: number) => {
      const sender = i % USERS;
      const recipient = (sender + 1 + (i % (USERS - 1))) % USERS;
      return { sender, body: { payCode: users[recipient]!.payCode, amount: i % 3 === 0 ? rub(100_00 + (i % 7) * 1_13) : usd(1_00 + (i % 9) * 37) } };
    };
    for (let i = 0; i < 700; i++) {
      const { sender, body } = transfer(i);
      calls.push({ kind: 'transfer', ref: i, user: users[sender]!, run: () => workload.idempotent('transfer', users[sender]!, 'POST', '/api/transfers', body) });
    }
    for (let i = 0; i < 40; i++) {
      const { sender, body } = transfer(10_000 + i);
      const key = randomUUID();
      for (let k = 0; k < 2; k++) calls.push({ kind: 'replay', ref: i, user: users[sender]!, run: () => workload.idempotent('replay', users[sender]!, 'POST', '/api/transfers', body, key) });
    }
    for (const [r, request] of requests.entries()) {
      for (let k = 0; k < 5; k++) {
        const payer = users[(request.requester + 1 + k * 7) % USERS]!;
        const body = { payCode: users[request.requester]!.payCode, amount: request.amount, requestId: request.id };
        calls.push({ kind: 'request', ref: r, user: payer, run: () => workload.idempotent('payRequest', payer, 'POST', '/api/transfers', body) });
      }
    }
    for (const [u, user] of users.entries()) {
      const body =
        u % 2
          ? { path: '/api/withdrawals/sbp', payload: { bankId: options.sbp.banks[0].id, amount: 1_000_00, fee: options.sbp.fee, code: codes[u] } }
          : { path: '/api/withdrawals/usdt', payload: { addressId: user.addressId, amount: 20_00, fee: options.usdt.fee, code: codes[u] } };
      for (let k = 0; k < 3; k++) calls.push({ kind: 'withdrawal', ref: u, user, run: () => workload.idempotent('withdraw', user, 'POST', body.path, body.payload) });
    }
    expect(calls).toHaveLength(1000);
    for (let i = calls.length - 1; i > 0; i--) {
      const j = (i * 7919 + 13) % (i + 1);
      [calls[i], calls[j]] = [calls[j]!, calls[i]!];
    }
    const answers = await Promise.all(calls.map(async (call) => ({ ...call, res: await call.run() })));

    expect(workload.unresolved).toEqual([]);
    const allowed = ['INSUFFICIENT_FUNDS', 'PAYMENT_REQUEST_CLOSED', 'CODE_EXPIRED'];
    for (const { kind, res } of answers) expect(res!.status === 200 || allowed.includes(res!.body?.error?.code), `${kind}: ${res!.status} ${JSON.stringify(res!.body)}`).toBe(true);
    for (const [r, request] of requests.entries()) {
      expect(answers.filter((a) => a.kind === 'request' && a.ref === r && a.res!.status === 200), request.id).toHaveLength(1);
    }
    for (let i = 0; i < 40; i++) {
      const [first, second] = answers.filter((a) => a.kind === 'replay' && a.ref === i).map((a) => a.res!.body.data?.id ?? a.res!.body.error.code);
      expect(first).toBe(second);
    }
    for (let u = 0; u < USERS; u++) expect(answers.filter((a) => a.kind === 'withdrawal' && a.ref === u && a.res!.status === 200).length).toBeLessThanOrEqual(1);
    for (const { kind, user, res } of answers) {
      if (res!.status === 200) (kind === 'withdrawal' ? user.acked.withdrawals : user.acked.transfers).push(res!.body.data.id);
    }
    // No answer was a 500 (the requests alternated between the two processes).
    expect([...workload.stats.outcomes.keys()].filter((key) => / 500\b/.test(key))).toEqual([]);

    // Both workers send the withdrawals and settle them: USDT failed on the chain (refunded), SBP paid out.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const [open] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM withdrawals WHERE status IN ('pending', 'sending')`);
      if (open!.n === 0) break;
      if (Date.now() > deadline) throw new Error(`${open!.n} withdrawals still in flight`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await waitForJobs(db, 60_000);
    const outcomes = await db.query<{ method: string; status: string; currency: string; total: number }>(
      `SELECT method, status, currency, sum(amount + fee)::bigint AS total FROM withdrawals GROUP BY 1, 2, 3 ORDER BY 1, 2`,
    );
    expect(outcomes.map((o) => `${o.method} ${o.status}`)).toEqual(['sbp completed', 'usdt failed']);
    const paidOut = outcomes.filter((o) => o.status === 'completed').map((o) => ({ currency: o.currency, total: Number(o.total) }));
    const after = await wallets();
    const withPaidOut = after.map((line) => {
      const [currency, total] = line.split(' ') as [string, string];
      return `${currency} ${Number(total) + paidOut.filter((p) => p.currency === currency).reduce((n, p) => n + p.total, 0)}`;
    });
    expect(withPaidOut).toEqual(before);
    const [negative] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_accounts WHERE kind = 'wallet' AND balance < 0`);
    expect(negative!.n).toBe(0);

    expect(await checkLedger(db)).toMatchObject({ ok: true });
    const audit = await auditMoneyBetweenPeople(db, { transfers: users.flatMap((u) => u.acked.transfers), withdrawals: users.flatMap((u) => u.acked.withdrawals) });
    console.log(audit.lines.map(([label, value]) => `  ${label.padEnd(56)} ${value}`).join('\n'));
    expect(audit.problems).toEqual([]);
  });
});
