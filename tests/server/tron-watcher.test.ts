/**
 * The production TRON deposit watcher (TRON_ADAPTER=trongrid, server/adapters/tron/trongrid.ts) against a local fake of
 * TronGrid (tests/server/fakes/trongrid.ts): the one crediting path (server/modules/wallet/usdt-watcher.ts) fed by the
 * TronGrid source — confirmations, cursor, duplicates, reorganisations, rate limits, restarts, concurrent watchers.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  killServerProcess,
  SANDBOX_TEST_TOKEN,
  sandboxServerEnv,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../../scripts/load/server-process';
import { TronGridError, TronGridSource } from '../../server/adapters/tron';
import { loadConfig } from '../../server/config';
import type { Db, Queryable } from '../../server/db/db';
import { openPostgres } from '../../server/db/postgres';
import { accountIds, checkLedger, ensureWalletAccounts } from '../../server/modules/ledger';
import { UsdtDepositWatcher } from '../../server/modules/wallet';
import { FAKE_USDT_CONTRACT, FakeTronGrid, fakeTxId } from './fakes/trongrid';
import { waitFor } from './card-helpers';
import { createTestApp, registrationForm, uniqueEmail, type TestApp } from './harness';
import { realPostgresDatabase } from './jobs-postgres';
import { balances, getWallet, verifiedUser, type TestUser } from './wallet-support';
import { PRODUCTION_ENV } from './production-env';

const DEPOSIT_ADDRESS = 'TDepositAddressForTronGridTests123';
const OTHER_CONTRACT = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const API_KEY = 'test-api-key-0123456789';
const CONFIRMATIONS = 19;

let fake: FakeTronGrid;
let t: TestApp;

const start = async (env: Record<string, string> = {}) => {
  fake = await new FakeTronGrid().start();
  t = await createTestApp({
    env: {
      TRON_ADAPTER: 'trongrid',
      TRONGRID_API_URL: fake.url,
      TRONGRID_API_KEY: API_KEY,
      USDT_DEPOSIT_ADDRESS: DEPOSIT_ADDRESS,
      USDT_CONFIRMATIONS: String(CONFIRMATIONS),
      TRON_POLL_MS: '0',
      ...env,
    },
  });
};

const watcher = () => t.app.walletModules.watcher;

/** Another server process's watcher on the same database: its own TronGrid source, its own state. */
const anotherWatcher = (db: Db = t.db) =>
  new UsdtDepositWatcher({
    db,
    clock: t.clock,
    source: new TronGridSource({ ...t.config.tron.trongrid, clock: t.clock, minConfirmations: CONFIRMATIONS }),
    depositAddress: DEPOSIT_ADDRESS,
    minDepositCents: t.app.walletModules.settings.usdt.minDeposit,
    confirmations: CONFIRMATIONS,
  });

/** `whole` USDT + the user's tag, as TronGrid's string integer of micro-USDT. */
const tagged = async (user: TestUser, whole: number): Promise<string> => {
  const { usdtDepositTag } = await getWallet(t, user);
  return String(whole * 1_000_000 + Number(usdtDepositTag));
};

/** USD cents the transfers credit: micro-USDT rounded down to the cent, each. */
const cents = (...transfers: Array<{ value: string }>): number => transfers.reduce((sum, x) => sum + Math.floor(Number(x.value) / 10_000), 0);

const credited = async () =>
  t.db.query<{ tx_hash: string; user_id: string; credited_cents: number }>('SELECT tx_hash, user_id, credited_cents FROM usdt_deposits ORDER BY created_at, tx_hash');
const parked = async () => t.db.query<{ tx_hash: string; reason: string }>('SELECT tx_hash, reason FROM unmatched_deposits ORDER BY id');
const depositTransactions = async () =>
  Number((await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_transactions WHERE type = 'usdtDeposit'`))[0]!.n);

/** Exactly these tx hashes credited, each once, in the ledger too, and the ledger balanced. */
const expectCreditedExactly = async (txids: string[]) => {
  const rows = await credited();
  expect(rows.map((r) => r.tx_hash).sort()).toEqual([...txids].sort());
  expect(await depositTransactions()).toBe(txids.length);
  expect((await checkLedger(t.db)).ok).toBe(true);
};

/** Confirms every transfer in the fake (the head moves far past their blocks). */
const confirmAll = () => {
  fake.headBlock += 100;
};

describe('TRON deposit watcher on TronGrid', () => {
  beforeEach(async () => start());
  afterEach(async () => {
    await t.close();
    await fake.close();
  });

  it('asks TronGrid for confirmed USDT transfers to the deposit address, oldest first, with the API key', async () => {
    const ann = await verifiedUser(t);
    const transfer = fake.addTransfer({ to: DEPOSIT_ADDRESS, value: await tagged(ann, 100) });
    confirmAll();
    expect(await watcher().poll()).toBe(1);
    const [listing] = fake.listings();
    expect(listing!.path).toBe(`/v1/accounts/${DEPOSIT_ADDRESS}/transactions/trc20`);
    expect(Object.fromEntries(listing!.query)).toMatchObject({
      only_to: 'true',
      only_confirmed: 'true',
      contract_address: FAKE_USDT_CONTRACT,
      order_by: 'block_timestamp,asc',
    });
    expect(listing!.query.has('min_timestamp')).toBe(false); // a fresh cursor reads from the beginning
    expect(fake.requests.every((r) => r.headers['tron-pro-api-key'] === API_KEY)).toBe(true);
    expect(fake.requests.map((r) => r.path)).toContain('/wallet/getnowblock');
    expect(fake.requests.find((r) => r.path === '/wallet/gettransactioninfobyid')!.body).toEqual({ value: transfer.txid });
    await expectCreditedExactly([transfer.txid]);
    expect((await balances(t, ann)).USD).toBe(cents(transfer));

    // The next poll starts at the stored cursor's timestamp and credits nothing again.
    expect(await watcher().poll()).toBe(0);
    expect(fake.listings().at(-1)!.query.get('min_timestamp')).toBe(String(transfer.blockTimestamp));
    await expectCreditedExactly([transfer.txid]);
  });

  it(`credits a matching transfer once after ${CONFIRMATIONS} confirmations, not before`, async () => {
    fake.confirmedLag = 0; // an index that lists transfers as soon as they are in a block: the watcher counts itself
    const ann = await verifiedUser(t);
    const transfer = fake.addTransfer({ to: DEPOSIT_ADDRESS, value: await tagged(ann, 50), block: fake.headBlock });
    expect(await watcher().poll()).toBe(0); // 1 confirmation
    fake.headBlock += CONFIRMATIONS - 2; // 18 confirmations
    expect(await watcher().poll()).toBe(0);
    await expectCreditedExactly([]);
    expect((await balances(t, ann)).USD).toBe(0);

    fake.headBlock += 1; // 19
    expect(await watcher().poll()).toBe(1);
    await expectCreditedExactly([transfer.txid]);
    const [row] = await t.db.query<{ confirmations: number }>('SELECT confirmations FROM usdt_deposits');
    expect(row!.confirmations).toBe(CONFIRMATIONS);
    fake.headBlock += 50;
    expect(await watcher().poll()).toBe(0);
    await expectCreditedExactly([transfer.txid]);
    expect((await balances(t, ann)).USD).toBe(cents(transfer));
  });

  it('a later confirmed transfer waits behind an earlier unconfirmed one (the cursor never passes it)', async () => {
    fake.confirmedLag = 0;
    const ann = await verifiedUser(t);
    const early = fake.addTransfer({ to: DEPOSIT_ADDRESS, value: await tagged(ann, 20), block: fake.headBlock });
    // Listed later (a later timestamp) but claiming an older block: still not credited before `early`.
    const late = fake.addTransfer({ to: DEPOSIT_ADDRESS, value: await tagged(ann, 30), block: fake.headBlock - 100 });
    expect(await watcher().poll()).toBe(0);
    expect(fake.requests.filter((r) => r.path === '/wallet/gettransactioninfobyid')).toHaveLength(1); // stops at the first short one
    fake.headBlock += CONFIRMATIONS;
    expect(await watcher().poll()).toBe(2);
    await expectCreditedExactly([early.txid, late.txid]);
  });

  it('a transfer that disappears before its confirmations (reorganisation) is never credited; one re-included later is credited once', async () => {
    fake.confirmedLag = 0;
    const ann = await verifiedUser(t);
    const bob = await verifiedUser(t);
    const dropped = fake.addTransfer({ to: DEPOSIT_ADDRESS, value: await tagged(ann, 40), block: fake.headBlock });
    const moved = fake.addTransfer({ to: DEPOSIT_ADDRESS, value: await tagged(bob, 60), block: fake.headBlock });
    fake.headBlock += 5;
    expect(await watcher().poll()).toBe(0);

    // The fork they were in is abandoned: `dropped` is gone for good, `moved` is re-included in a later block.
    fake.remove(dropped.txid);
    fake.remove(moved.txid);
    fake.headBlock += 1;
    const reincluded = fake.addTransfer({ txid: moved.txid, from: moved.from, to: DEPOSIT_ADDRESS, value: moved.value, block: fake.headBlock });
    fake.headBlock += CONFIRMATIONS - 2;
    expect(await watcher().poll()).toBe(0); // 18 confirmations in its new block
    fake.headBlock += 1;
    expect(await watcher().poll()).toBe(1);
    fake.headBlock += 100;
    expect(await watcher().poll()).toBe(0);
    await expectCreditedExactly([reincluded.txid]);
    expect((await balances(t, ann)).USD).toBe(0);
    expect((await balances(t, bob)).USD).toBe(cents(reincluded));
    expect(await parked()).toEqual([]);
  });

  it('a transfer listed but in no block any more waits, then is skipped once the listing drops it', async () => {
    const ann = await verifiedUser(t);
    const ghost = fake.addTransfer({ to: DEPOSIT_ADDRESS, value: await tagged(ann, 10) });
    const real = fake.addTransfer({ to: DEPOSIT_ADDRESS, value: await tagged(ann, 11) });
    confirmAll();
    ghost.infoMissing = true; // the node no longer knows its block, though the index still lists it
    expect(await watcher().poll()).toBe(0);
    expect(await watcher().poll()).toBe(0);
    fake.remove(ghost.txid);
    expect(await watcher().poll()).toBe(1);
    await expectCreditedExactly([real.txid]);
  });

  it('follows fingerprints; a transfer repeated on the next page, reversed pages and repeated polls credit each transfer once', async () => {
    await t.close();
    await fake.close();
    await start({ TRONGRID_PAGE_SIZE: '2' });
    fake.overlapPages = true;
    fake.reversePages = true;
    const users = [await verifiedUser(t), await verifiedUser(t), await verifiedUser(t)];
    const transfers = [];
    for (let i = 0; i < 7; i++) transfers.push(fake.addTransfer({ to: DEPOSIT_ADDRESS, value: await tagged(users[i % 3]!, 10 + i) }));
    confirmAll();
    expect(await watcher().poll()).toBe(7);
    expect(fake.listings().some((r) => r.query.has('fingerprint'))).toBe(true);
    expect(await watcher().poll()).toBe(0);
    expect(await anotherWatcher().poll()).toBe(0);
    await expectCreditedExactly(transfers.map((x) => x.txid));
    expect((await balances(t, users[0]!)).USD).toBe(cents(transfers[0]!, transfers[3]!, transfers[6]!));
    expect(await parked()).toEqual([]);
  });

  it('transfers sharing one block timestamp across pages and polls: none skipped, none repeated', async () => {
    await t.close();
    await fake.close();
    await start({ TRONGRID_PAGE_SIZE: '2' });
    const ann = await verifiedUser(t);
    const ts = Date.UTC(2030, 0, 2);
    const first = [];
    for (let i = 0; i < 3; i++) first.push(fake.addTransfer({ to: DEPOSIT_ADDRESS, value: await tagged(ann, 10 + i), blockTimestamp: ts }));
    confirmAll();
    expect(await watcher().poll()).toBe(3);
    // More transfers of that same block show up in the index later (and one after it).
    const second = [
      fake.addTransfer({ to: DEPOSIT_ADDRESS, value: await tagged(ann, 20), blockTimestamp: ts }),
      fake.addTransfer({ to: DEPOSIT_ADDRESS, value: await tagged(ann, 21), blockTimestamp: ts + 3000 }),
    ];
    confirmAll();
    expect(await watcher().poll()).toBe(2);
    await expectCreditedExactly([...first, ...second].map((x) => x.txid));
    expect((await balances(t, ann)).USD).toBe(cents(...first, ...second));
  });

  it('backs off on 429 (Retry-After) without calling again, then credits', async () => {
    const ann = await verifiedUser(t);
    const transfer = fake.addTransfer({ to: DEPOSIT_ADDRESS, value: await tagged(ann, 100) });
    confirmAll();
    fake.force({ status: 429, body: JSON.stringify({ Error: 'request rate exceeded' }), headers: { 'retry-after': '2' } });
    await expect(watcher().poll()).rejects.toMatchObject({ name: 'TronGridError', code: 'RATE_LIMITED', retryAfterMs: 2000 });
    const calls = fake.requests.length;
    await expect(watcher().poll()).rejects.toMatchObject({ code: 'BACKING_OFF' });
    t.clock.advance(1);
    await expect(watcher().poll()).rejects.toMatchObject({ code: 'BACKING_OFF' });
    expect(fake.requests.length).toBe(calls); // nothing sent while backing off
    await expectCreditedExactly([]);
    t.clock.advance(1);
    expect(await watcher().poll()).toBe(1);
    await expectCreditedExactly([transfer.txid]);
  });

  it('a 403 suspension waits as long as TronGrid says; 5xx and broken bodies back off exponentially', async () => {
    const ann = await verifiedUser(t);
    const transfer = fake.addTransfer({ to: DEPOSIT_ADDRESS, value: await tagged(ann, 100) });
    confirmAll();
    fake.force({
      status: 403,
      body: JSON.stringify({ Error: 'The key exceeds the frequency limit(15), and the query server is suspended for 30s' }),
    });
    const suspended = await watcher().poll().catch((error: unknown) => error as TronGridError);
    expect(suspended).toMatchObject({ code: 'SUSPENDED', retryAfterMs: 30_000 });
    expect((suspended as Error).message).not.toContain(API_KEY);
    t.clock.advance(29);
    await expect(watcher().poll()).rejects.toMatchObject({ code: 'BACKING_OFF' });
    t.clock.advance(1);

    fake.force({ status: 503, body: '<html>Service Unavailable</html>' }); // 2nd failure in a row: 2 s
    await expect(watcher().poll()).rejects.toMatchObject({ code: 'HTTP_ERROR', retryAfterMs: 2000 });
    t.clock.advance(2);
    fake.force({ status: 200, body: '{"data": [', path: '/v1/' }); // 3rd: 4 s
    await expect(watcher().poll()).rejects.toMatchObject({ code: 'BAD_RESPONSE', retryAfterMs: 4000 });
    t.clock.advance(4);
    fake.force({ status: 200, body: JSON.stringify({ success: false, error: 'internal' }), path: '/v1/' }); // 4th: 8 s
    await expect(watcher().poll()).rejects.toBeInstanceOf(TronGridError);
    t.clock.advance(8);
    fake.force({ status: 200, body: JSON.stringify({ blockID: 'x' }), path: '/wallet/getnowblock' }); // 5th: 16 s
    await expect(watcher().poll()).rejects.toMatchObject({ code: 'BAD_RESPONSE', retryAfterMs: 16_000 });
    await expectCreditedExactly([]);
    t.clock.advance(16);
    expect(await watcher().poll()).toBe(1);
    await expectCreditedExactly([transfer.txid]);
    // A success resets the back-off: the next failure waits 1 s again.
    fake.force({ status: 500, body: '{}' });
    await expect(watcher().poll()).rejects.toMatchObject({ retryAfterMs: 1000 });
  });

  it('a suspension for 99999999 s is obeyed up to TRONGRID_MAX_BACKOFF_SECONDS only: the deposit is credited minutes after the upstream recovers (issue #31 item 2)', async () => {
    const ann = await verifiedUser(t);
    const transfer = fake.addTransfer({ to: DEPOSIT_ADDRESS, value: await tagged(ann, 100) });
    confirmAll();
    fake.force({ status: 403, body: JSON.stringify({ Error: 'The key exceeds the frequency limit(15), and the query server is suspended for 99999999s' }) });
    await expect(watcher().poll()).rejects.toMatchObject({ code: 'SUSPENDED', retryAfterMs: 300_000 });
    t.clock.advance(299);
    await expect(watcher().poll()).rejects.toMatchObject({ code: 'BACKING_OFF' });
    t.clock.advance(1); // the upstream recovered long ago: the ceiling (5 min), not 3 years
    expect(await watcher().poll()).toBe(1);
    await expectCreditedExactly([transfer.txid]);
    // A Retry-After of a day, and failures in a row, are capped the same way.
    fake.force({ status: 429, body: '{}', headers: { 'retry-after': '86400' } });
    await expect(watcher().poll()).rejects.toMatchObject({ code: 'RATE_LIMITED', retryAfterMs: 300_000 });
  });

  it("the watcher's last successful poll is a metric and a detail of /api/ready, which stays ready while TronGrid fails", async () => {
    const ready = async () => (await t.call({ method: 'GET', url: '/api/ready' })).body;
    expect(await watcher().poll()).toBeGreaterThanOrEqual(0);
    t.clock.advance(7);
    expect((await ready()).data.watchers).toEqual({ 'usdt-deposits': { lastSuccessAgeSeconds: 7 } });
    fake.force({ status: 500, body: '{}' });
    await expect(watcher().poll()).rejects.toBeInstanceOf(TronGridError);
    t.clock.advance(600);
    const stillReady = await t.call({ method: 'GET', url: '/api/ready' });
    expect(stillReady.status).toBe(200);
    expect(stillReady.body.data).toMatchObject({ status: 'ready', watchers: { 'usdt-deposits': { lastSuccessAgeSeconds: 607 } } });
    const metrics = (await t.app.inject({ method: 'GET', url: '/api/metrics' })).body;
    expect(metrics).toMatch(/^watcher_last_success_age_seconds\{watcher="usdt-deposits"\} 607$/m);
  });

  it('parks untagged and unknown-tag transfers as today; ignores other tokens, failed and malformed items; credits the rest', async () => {
    const ann = await verifiedUser(t);
    const tag = (await getWallet(t, ann)).usdtDepositTag;
    const unknownTag = tag === '123456' ? '654321' : '123456';
    const noTag = fake.addTransfer({ to: DEPOSIT_ADDRESS, value: '100000000' }); // 100.000000
    const unknown = fake.addTransfer({ to: DEPOSIT_ADDRESS, value: String(100_000_000 + Number(unknownTag)) });
    const small = fake.addTransfer({ to: DEPOSIT_ADDRESS, value: await tagged(ann, 1) });
    const otherToken = fake.addTransfer({ to: DEPOSIT_ADDRESS, value: await tagged(ann, 500), contract: OTHER_CONTRACT, ignoreContractFilter: true });
    const reverted = fake.addTransfer({ to: DEPOSIT_ADDRESS, value: await tagged(ann, 600), failed: true });
    const malformed = ['abc', '0', '1e9', '-5', '99999999999999999999'].map((value) => fake.addTransfer({ to: DEPOSIT_ADDRESS, value }));
    const wrongDecimals = fake.addTransfer({ to: DEPOSIT_ADDRESS, value: await tagged(ann, 700), decimals: 18 });
    const noId = fake.addTransfer({ to: DEPOSIT_ADDRESS, value: await tagged(ann, 800) });
    noId.raw = { token_info: { address: FAKE_USDT_CONTRACT, decimals: 6 }, block_timestamp: noId.blockTimestamp, value: noId.value, to: DEPOSIT_ADDRESS };
    const notAnObject = fake.addTransfer({ to: DEPOSIT_ADDRESS, value: '1' });
    notAnObject.raw = 'garbage';
    const good = fake.addTransfer({ to: DEPOSIT_ADDRESS, value: await tagged(ann, 25) });
    confirmAll();

    expect(await watcher().poll()).toBe(12); // every placeable item moves the cursor; the two unplaceable ones are skipped
    await expectCreditedExactly([good.txid]);
    expect((await balances(t, ann)).USD).toBe(cents(good));
    expect(await parked()).toEqual([
      { tx_hash: noTag.txid, reason: 'no_tag' },
      { tx_hash: unknown.txid, reason: 'unknown_tag' },
      { tx_hash: small.txid, reason: 'below_minimum' },
    ]);
    const ignored = [otherToken, reverted, ...malformed, wrongDecimals].map((x) => x.txid);
    const [row] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT tx_hash FROM usdt_deposits UNION ALL SELECT tx_hash FROM unmatched_deposits) x WHERE tx_hash = ANY(string_to_array($1, ','))`,
      [ignored.join(',')],
    );
    expect(row!.n).toBe(0);
    expect(await watcher().poll()).toBe(0);
  });

  it('two Transfer events of one transaction: the first credited, the second parked as duplicate_tx_hash (one credit per tx hash)', async () => {
    const ann = await verifiedUser(t);
    const first = fake.addTransfer({ to: DEPOSIT_ADDRESS, value: await tagged(ann, 30) });
    fake.addTransfer({ to: DEPOSIT_ADDRESS, value: await tagged(ann, 31), txid: first.txid, blockTimestamp: first.blockTimestamp });
    confirmAll();
    expect(await watcher().poll()).toBe(2);
    await expectCreditedExactly([first.txid]);
    expect(await parked()).toEqual([{ tx_hash: first.txid, reason: 'duplicate_tx_hash' }]);
  });

  describe('restart in the middle of a page', () => {
    /** The database as a process that dies after `survive` transfers were committed: at the next transfer, or inside it. */
    const dyingDb = (db: Db, survive: number, where: 'before-next' | 'before-cursor-update'): Db => {
      let committed = 0;
      const wrap = (q: Queryable, touched: { cursor: boolean }): Queryable => ({
        exec: (sql) => q.exec(sql),
        query: async (sql, params) => {
          if (committed >= survive) {
            if (where === 'before-next' && sql.includes('FOR UPDATE SKIP LOCKED')) throw new Error('process killed');
            if (where === 'before-cursor-update' && sql.startsWith('UPDATE tron_watcher_cursors')) throw new Error('process killed');
          }
          if (sql.startsWith('UPDATE tron_watcher_cursors')) touched.cursor = true;
          return q.query(sql, params);
        },
      });
      return {
        kind: db.kind,
        query: (sql, params) => db.query(sql, params),
        exec: (sql) => db.exec(sql),
        close: async () => {},
        withConnection: (fn) => db.withConnection((q) => fn(wrap(q, { cursor: false }))),
        tx: async (fn) => {
          const touched = { cursor: false };
          const result = await db.tx((q) => fn(wrap(q, touched)));
          if (touched.cursor) committed++;
          return result;
        },
      };
    };

    it.each([['between two transfers', 'before-next'] as const, ['inside a transfer, after its credit, before its commit', 'before-cursor-update'] as const])(
      'killed %s: the new watcher continues without loss or double credit',
      async (_label, where) => {
        const users = [await verifiedUser(t), await verifiedUser(t)];
        const ts = Date.UTC(2030, 0, 3);
        const page = [];
        for (let i = 0; i < 6; i++) {
          // Transfers 2..4 share one block timestamp: the cursor's ids, not the order, say which are done.
          page.push(fake.addTransfer({ to: DEPOSIT_ADDRESS, value: await tagged(users[i % 2]!, 10 + i), blockTimestamp: i >= 2 && i <= 4 ? ts : ts + i * 3000 }));
        }
        confirmAll();
        const killed = anotherWatcher(dyingDb(t.db, 3, where));
        await expect(killed.poll()).rejects.toThrow('process killed');
        await killed.stop();
        expect((await credited()).length).toBe(3);
        expect(fake.listings()).toHaveLength(1); // all six were on the one page it read

        // The restarted process (a new watcher, a new TronGrid source) reads from the stored cursor.
        expect(await watcher().poll()).toBe(3);
        expect(await watcher().poll()).toBe(0);
        await expectCreditedExactly(page.map((x) => x.txid));
        expect(await parked()).toEqual([]);
        expect((await balances(t, users[0]!)).USD).toBe(cents(page[0]!, page[2]!, page[4]!));
        expect((await balances(t, users[1]!)).USD).toBe(cents(page[1]!, page[3]!, page[5]!));
      },
    );
  });

  it('several processes polling one database at once credit each transfer once', async () => {
    const users = [await verifiedUser(t), await verifiedUser(t), await verifiedUser(t)];
    const transfers = [];
    for (let i = 0; i < 9; i++) transfers.push(fake.addTransfer({ to: DEPOSIT_ADDRESS, value: await tagged(users[i % 3]!, 10 + i) }));
    confirmAll();
    const watchers = [watcher(), anotherWatcher(), anotherWatcher()];
    for (let round = 0; round < 5; round++) await Promise.all(watchers.map((w) => w.poll()));
    await expectCreditedExactly(transfers.map((x) => x.txid));
    expect(await parked()).toEqual([]);
  });

  it('the sandbox chain is not read with TRON_ADAPTER=trongrid', async () => {
    const ann = await verifiedUser(t);
    const res = await t.call({ method: 'POST', url: '/api/dev/tron/transfers', payload: { amount: `100.${(await getWallet(t, ann)).usdtDepositTag}`, to: DEPOSIT_ADDRESS } });
    expect(res.status).toBe(200);
    expect(res.body.data.outcome.status).toBe('unprocessed');
    expect(fake.requests).toHaveLength(0); // the dev endpoint does not poll TronGrid for a sandbox transfer
    await expectCreditedExactly([]);
  });

  it('a cursor another adapter wrote is refused, not misread', async () => {
    await t.db.query(`INSERT INTO tron_watcher_cursors (address, cursor, updated_at) VALUES ($1, '42', now())`, [DEPOSIT_ADDRESS]);
    await expect(watcher().poll()).rejects.toMatchObject({ code: 'BAD_CURSOR' });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('a real server process killed (kill -9) in the middle of a page of transfers', () => {
  it('the restarted process credits the rest: nothing lost, nothing twice', async () => {
    const pg = await realPostgresDatabase();
    const grid = await new FakeTronGrid().start();
    const db = await openPostgres({ connectionString: pg.databaseUrl, maxConnections: 4 });
    const servers: ServerProcess[] = [];
    let release: () => void = () => {};
    try {
      const env = sandboxServerEnv({
        DATABASE_URL: pg.databaseUrl,
        JWT_SECRET: 'tron-watcher-processes-share-this-secret-0123',
        TRON_ADAPTER: 'trongrid',
        TRONGRID_API_URL: grid.url,
        TRONGRID_API_KEY: API_KEY,
        USDT_DEPOSIT_ADDRESS: DEPOSIT_ADDRESS,
        USDT_CONFIRMATIONS: String(CONFIRMATIONS),
        TRON_POLL_MS: '100',
      });
      const first = await startServerProcess('A', env);
      servers.push(first);
      const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
        const res = await fetch(`${first.url}${path}`, {
          method,
          headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        });
        return (await res.json()) as any;
      };
      const users: Array<{ id: string; tag: string }> = [];
      for (let i = 0; i < 4; i++) {
        const email = uniqueEmail('tron');
        await call('POST', '/api/auth/send-code', { email, purpose: 'signup' });
        const mailbox = await call('GET', `/api/dev/mailbox?email=${encodeURIComponent(email)}`, undefined, { 'x-sandbox-token': SANDBOX_TEST_TOKEN });
        const registered = await call('POST', '/api/auth/register', { ...registrationForm(email), code: mailbox.data.messages[0].code });
        const wallet = await call('GET', '/api/wallet', undefined, { authorization: `Bearer ${registered.data.accessToken}` });
        users.push({ id: registered.data.user.id, tag: wallet.data.usdtDepositTag });
      }
      // Item 4 of the page pays user 4, whose wallet row this test holds locked: the watcher credits items 1–3, then
      // waits inside item 4's transaction — where the process is killed.
      const blocked = users[3]!;
      await db.tx((q) => ensureWalletAccounts(q, blocked.id));
      let locked: () => void = () => {};
      const lockTaken = new Promise<void>((resolve) => (locked = resolve));
      const holding = db.tx(async (q) => {
        await q.query('SELECT id FROM ledger_accounts WHERE id = $1 FOR UPDATE', [accountIds.wallet(blocked.id, 'USD')]);
        locked();
        await new Promise<void>((resolve) => (release = resolve));
      });
      await lockTaken;
      const page = [0, 1, 2, 3, 0, 1].map((u, i) => grid.addTransfer({ to: DEPOSIT_ADDRESS, value: String((10 + i) * 1_000_000 + Number(users[u]!.tag)) }));
      grid.headBlock += 100;

      const count = async () => Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM usdt_deposits'))[0]!.n);
      await waitFor(count, (n) => n === 3, 60_000, 'items 1-3 credited');
      await waitFor(
        async () => Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted'))[0]!.n),
        (n) => n > 0,
        60_000,
        'the watcher waiting inside item 4',
      );
      await killServerProcess(first);
      release();
      await holding;
      expect(await count()).toBe(3);

      servers.push(await startServerProcess('B', env));
      await waitFor(count, (n) => n === 6, 60_000, 'all six credited after the restart');
      const rows = await db.query<{ tx_hash: string; user_id: string; credited_cents: number }>('SELECT tx_hash, user_id, credited_cents FROM usdt_deposits');
      expect(rows.map((r) => r.tx_hash).sort()).toEqual(page.map((x) => x.txid).sort());
      expect(rows.find((r) => r.tx_hash === page[3]!.txid)!.user_id).toBe(blocked.id);
      const listings = grid.listings().length;
      await waitFor(async () => grid.listings().length, (n) => n >= listings + 3, 60_000, 'more polls'); // it keeps polling…
      expect(await count()).toBe(6); // …and credits nothing again
      expect(Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_transactions WHERE type = 'usdtDeposit'`))[0]!.n)).toBe(6);
      expect(await db.query('SELECT tx_hash FROM unmatched_deposits')).toEqual([]);
      expect((await checkLedger(db)).ok).toBe(true);
    } finally {
      release();
      for (const server of servers) await stopServerProcess(server);
      await db.close();
      await grid.close();
      await pg.drop();
    }
  }, 300_000);
});

describe('TRON configuration', () => {
  const production = { ...PRODUCTION_ENV, TRONGRID_API_KEY: API_KEY, USDT_DEPOSIT_ADDRESS: DEPOSIT_ADDRESS };
  const dev = { NODE_ENV: 'test', DATA_DIR: 'memory://' };

  it('sandbox by default outside production; TronGrid by default in production', () => {
    expect(loadConfig(dev).tron.adapter).toBe('sandbox');
    expect(loadConfig(production).tron).toMatchObject({
      adapter: 'trongrid',
      trongrid: { apiUrl: 'https://api.trongrid.io', apiKey: API_KEY, contractAddress: FAKE_USDT_CONTRACT, pageSize: 200, maxBackoffSeconds: 300 },
    });
  });

  it('production refuses the sandbox chain, a missing API key and the sandbox deposit address', () => {
    expect(() => loadConfig({ ...production, TRON_ADAPTER: 'sandbox' })).toThrow(/TRON_ADAPTER must be trongrid/);
    const { TRONGRID_API_KEY: _key, USDT_DEPOSIT_ADDRESS: _address, ...bare } = production;
    expect(() => loadConfig(bare)).toThrow(/TRONGRID_API_KEY is required[\s\S]*USDT_DEPOSIT_ADDRESS is required/);
    expect(() => loadConfig({ ...production, USDT_DEPOSIT_ADDRESS: 'TTonicWa11etSandboxDeposit12345678' })).toThrow(/USDT_DEPOSIT_ADDRESS is required/);
  });

  it('refuses malformed values, naming the variable (never echoing the key)', () => {
    for (const [name, value] of [
      ['TRON_ADAPTER', 'mainnet'],
      ['TRONGRID_API_URL', 'api.trongrid.io'],
      ['TRONGRID_PAGE_SIZE', '500'],
      ['TRONGRID_TIMEOUT_MS', 'soon'],
      ['TRONGRID_USDT_CONTRACT', '0xdac17f958d2ee523a2206206994597c13d831ec7'],
    ] as const) {
      expect(() => loadConfig({ ...dev, [name]: value }), name).toThrow(expect.objectContaining({ name: 'ConfigError' }));
      expect(() => loadConfig({ ...dev, [name]: value }), name).toThrow(name);
    }
    expect(() => loadConfig({ ...dev, TRONGRID_API_KEY: 'secret key with spaces' })).toThrow(/^TRONGRID_API_KEY must be/);
    expect(() => loadConfig({ ...dev, TRONGRID_API_KEY: 'secret key with spaces' })).not.toThrow(/spaces/);
  });
});
