/**
 * The operations `npm run bench:statements` counts (scripts/bench/statements.ts prints them; tests/server/statement-budget
 * .test.ts holds them to a budget): how many SQL statements, transactions and round trips ONE operation costs, end to
 * end, split by phase: the HTTP request, each job it leads to (run here one by one, as the worker would), and each
 * issuer event (the sandbox issuer delivers them from its jobs). Deterministic: counts, not timings (issue 13).
 *
 * Setup (not counted): a user signs up and is verified, the wallet is funded in USD, a virtual USD card is issued and
 * settled, the sandbox issuer answers at once. Operations: card top-up (settled by the issuer), exchange USD → RUB,
 * wallet read, cards list. The app runs on the Db wrapped by StatementCounter (statement-counter.ts); only what an
 * operation runs is counted, never a background poller.
 */
import { randomUUID } from 'node:crypto';
import { buildApp } from '../../server/app';
import { systemClock } from '../../server/clock';
import { loadConfig } from '../../server/config';
import { migrate } from '../../server/db/migrate';
import { openDb } from '../../server/db/open';
import { appJobRegistry, runDueJobs } from '../../server/jobs';
import { getSystemAccount, getSystemAccountShard, getWalletAccount, postTransaction } from '../../server/modules/ledger';
import { CARD_LEDGER_SHARDS } from '../../server/modules/cards/money';
import { SandboxCardIssuer } from '../../server/sandbox';
import { injectCall, signUp, type TestApp } from '../../tests/server/harness';
import { createDatabase } from '../load/postgres-cluster';
import { IDLE_CLAIM, StatementCounter, totalOf, type Counts } from './statement-counter';

export interface OperationStatements {
  /** The database the counts come from. */
  kind: 'pglite' | 'postgres';
  /** Per operation, the counts per phase (the idle claim of the last drain left out). */
  operations: Array<{ name: string; phases: Map<string, Counts>; total: Counts; log: Map<string, string[]> }>;
}

/** Runs the setup and each operation once, counted. `adminUrl`: a PostgreSQL cluster (a new database, dropped at the end). */
export const measureOperationStatements = async (adminUrl: string | undefined = undefined): Promise<OperationStatements> => {
  const counter = new StatementCounter();
  counter.jobName = (job) => {
    const op = (job.payload as { op?: string } | null)?.op;
    return `job ${String(job.kind)}${op ? ` (${op})` : ''}`;
  };
  // Issuer events are a phase of their own: the sandbox's handler is wrapped where the cards module sets it (restored
  // at the end).
  const setEventHandler = SandboxCardIssuer.prototype.setEventHandler;
  SandboxCardIssuer.prototype.setEventHandler = function (this: SandboxCardIssuer, handler) {
    setEventHandler.call(this, (event) => counter.phase(`event ${event.type}`, () => handler(event)));
  };
  const database = adminUrl ? await createDatabase(adminUrl, 'bench_statements') : { url: undefined, drop: async () => {} };
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    STATIC_DIR: 'false',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    LOG_LEVEL: 'silent',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
  });
  const raw = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, memoryTemplate: true });
  await migrate(raw);
  const db = counter.wrap(raw);
  const app = await buildApp({ config, db, clock: systemClock });
  const t = {
    app,
    db,
    config,
    call: injectCall(app),
  } as unknown as TestApp;
  const registry = appJobRegistry(app);
  const drain = () => runDueJobs(db, { registry, backoffBaseMs: 0 });
  const ok = (label: string, res: { status: number; body: any }) => {
    if (res.status !== 200) throw new Error(`${label}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };

  try {
    // ── Setup ──
    const signed = await signUp(t);
    ok('verify', await t.call({ method: 'POST', url: '/api/dev/users/verification', payload: { email: signed.email, status: 'verified' } }));
    ok('issuer mode', await t.call({ method: 'POST', url: '/api/dev/card-issuer/mode', payload: { delayMs: 0 } }));
    const headers = { authorization: `Bearer ${signed.accessToken}` };
    await raw.tx(async (q) => {
      const wallet = await getWalletAccount(q, signed.user.id, 'USD');
      const clearing = await getSystemAccount(q, 'usdt_clearing', 'USD');
      const ref = randomUUID().replaceAll('-', '');
      await postTransaction(q, {
        type: 'usdtDeposit',
        userId: signed.user.id,
        idempotencyKey: `bench-fund:${ref}`,
        details: { network: 'TRON', txHash: ref, usdtAmount: '10000.000000', confirmations: 20 },
        entries: [
          { accountId: wallet.id, amount: 1_000_000 },
          { accountId: clearing.id, amount: -1_000_000 },
        ],
      });
    });
    // Every shard of the hot system accounts exists, as on a server that has run a while (the first posting to a
    // shard creates it: a cost of that one operation only).
    await raw.tx(async (q) => {
      for (let shard = 0; shard < CARD_LEDGER_SHARDS; shard++) {
        await getSystemAccountShard(q, 'fee_revenue', 'USD', shard);
        await getSystemAccountShard(q, 'card_issuer_funding', 'USD', shard);
      }
    });
    const products = ok('products', await t.call({ method: 'GET', url: '/api/cards/products?form=virtual&currency=USD', headers }));
    const product = products.items.find((p: any) => p.available);
    if (!product) throw new Error('no virtual USD card product');
    const initialDeposit = Math.max(product.minimalDeposit.amount, product.depositRange.min.amount);
    const card = ok('issue', await t.call({ method: 'POST', url: '/api/cards', headers: { ...headers, 'idempotency-key': randomUUID() }, payload: { productId: product.id, initialDeposit } }));
    await drain();
    const issued = ok('card', await t.call({ method: 'GET', url: `/api/cards/${card.id}`, headers }));
    if (issued.status !== 'active') throw new Error(`card not active after issue: ${issued.status}`);
    const rates = ok('rates', await t.call({ method: 'GET', url: '/api/config/exchange-rates', headers }));
    const quoteId = rates.rates.find((r: any) => r.from === 'USD' && r.to === 'RUB').quoteId;
    // One of each first, uncounted: caches and lazily created rows (e.g. the RUB wallet account) are warm, as under load.
    ok('warm top-up', await t.call({ method: 'POST', url: `/api/cards/${card.id}/topup`, headers: { ...headers, 'idempotency-key': randomUUID() }, payload: { amount: product.depositRange.min.amount } }));
    ok('warm exchange', await t.call({ method: 'POST', url: '/api/wallet/exchange', headers: { ...headers, 'idempotency-key': randomUUID() }, payload: { from: 'USD', to: 'RUB', amount: 1_000, quoteId } }));
    ok('warm wallet', await t.call({ method: 'GET', url: '/api/wallet', headers }));
    ok('warm cards', await t.call({ method: 'GET', url: '/api/cards', headers }));
    await drain();

    // ── Counted operations ──
    const operations: Array<[string, () => Promise<void>]> = [
      [
        'card top-up',
        async () => {
          const res = await t.call({ method: 'POST', url: `/api/cards/${card.id}/topup`, headers: { ...headers, 'idempotency-key': randomUUID() }, payload: { amount: product.depositRange.min.amount } });
          ok('top-up', res);
          if (res.body.data.transfer.status !== 'pending') throw new Error(`top-up answered ${res.body.data.transfer.status}`);
        },
      ],
      [
        'exchange',
        async () => {
          ok('exchange', await t.call({ method: 'POST', url: '/api/wallet/exchange', headers: { ...headers, 'idempotency-key': randomUUID() }, payload: { from: 'USD', to: 'RUB', amount: 1_000, quoteId } }));
        },
      ],
      ['wallet read', async () => void ok('wallet', await t.call({ method: 'GET', url: '/api/wallet', headers }))],
      ['cards list', async () => void ok('cards', await t.call({ method: 'GET', url: '/api/cards', headers }))],
    ];
    const results: OperationStatements['operations'] = [];
    for (const [name, run] of operations) {
      const phases = await counter.measure('HTTP request', async () => {
        await run();
        await new Promise((resolve) => setTimeout(resolve, 20)); // anything the request left running in the background
        await drain();
      });
      const log = new Map(counter.log);
      phases.delete(IDLE_CLAIM); // the drain's last claim finds nothing: a polling worker's idle look
      results.push({ name, phases, total: totalOf(phases), log });
    }
    const top = ok('card after', await t.call({ method: 'GET', url: `/api/cards/${card.id}`, headers }));
    const expected = 2 * product.depositRange.min.amount + initialDeposit;
    if (top.balance.amount !== expected) throw new Error(`card balance ${top.balance.amount}, expected ${expected}: the top-up did not settle`);

    return { kind: raw.kind === 'postgres' ? 'postgres' : 'pglite', operations: results };
  } finally {
    SandboxCardIssuer.prototype.setEventHandler = setEventHandler;
    await app.close();
    await raw.close();
    await database.drop();
  }
};
