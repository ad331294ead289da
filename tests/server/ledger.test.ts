import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDomainError } from '../../server/http/errors';
import {
  balanceOf,
  checkLedger,
  createCardAccount,
  getCardAccount,
  getSystemAccount,
  getSystemAccountShard,
  getTransaction,
  getTransactionEntries,
  getWalletAccount,
  LedgerInvariantError,
  pickShard,
  postClaimedTransaction,
  postTransaction,
  postTransactionsWith,
  runLedgerTx,
  UnknownLedgerAccountsError,
  updateTransactionStatus,
  updateTransactionsStatus,
} from '../../server/modules/ledger';
import { formatUsdtAmount } from '../../server/modules/wallet';
import { createTestApp, signUp, usesPostgres, type TestApp } from './harness';
import { getWallet, listTransactions, bearer } from './wallet-support';

let t: TestApp;
let userId: string;
let token: string;
let n = 0;
const key = (label: string) => `test:${label}:${Date.now()}:${n++}`;

beforeAll(async () => {
  t = await createTestApp();
  const user = await signUp(t);
  userId = user.user.id;
  token = user.accessToken;
});
afterAll(() => t.close());

/** Funds the user's USD wallet from the USDT clearing account. */
const fund = (cents: number, uid = userId) =>
  t.db.tx(async (q) => {
    const wallet = await getWalletAccount(q, uid, 'USD');
    const clearing = await getSystemAccount(q, 'usdt_clearing', 'USD');
    return postTransaction(q, {
      type: 'usdtDeposit',
      userId: uid,
      idempotencyKey: key('fund'),
      details: { network: 'TRON', txHash: `tx${n}`, usdtAmount: formatUsdtAmount(cents * 10_000), confirmations: 19 },
      entries: [
        { accountId: clearing.id, amount: -cents },
        { accountId: wallet.id, amount: cents },
      ],
    });
  });

describe('ledger', () => {
  it('creates accounts once, with stable ids and the right sign rules', async () => {
    const [a, b, fee, fx] = await t.db.tx(async (q) => [
      await getWalletAccount(q, userId, 'USD'),
      await getWalletAccount(q, userId, 'USD'),
      await getSystemAccount(q, 'fee_revenue', 'USD'),
      await getSystemAccount(q, 'fx_pool', 'RUB'),
    ]);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ kind: 'wallet', userId, currency: 'USD', allowNegative: false });
    expect(fee).toMatchObject({ kind: 'system', code: 'fee_revenue', allowNegative: false });
    expect(fx).toMatchObject({ kind: 'system', code: 'fx_pool', currency: 'RUB', allowNegative: true });
  });

  it('splits hot system accounts into shards: shard 0 is the plain account, others carry their number', async () => {
    const [zero, three] = await t.db.tx(async (q) => [
      await getSystemAccountShard(q, 'fx_pool', 'USD', 0),
      await getSystemAccountShard(q, 'fee_revenue', 'RUB', 3),
    ]);
    expect(zero).toMatchObject({ id: 'sys_fx_pool_USD', code: 'fx_pool', allowNegative: true });
    expect(three).toMatchObject({ id: 'sys_fee_revenue.3_RUB', code: 'fee_revenue.3', allowNegative: false });
    const shards = Array.from({ length: 1000 }, (_, i) => pickShard(`exchange:user:${i}`, 8));
    expect(shards.every((k) => k >= 0 && k < 8)).toBe(true);
    expect(new Set(shards).size).toBe(8);
    expect(pickShard('same', 8)).toBe(pickShard('same', 8));
    expect(pickShard('anything', 1)).toBe(0);
  });

  it('posts a balanced transaction: balances move, entries sum to zero, the wallet list shows it', async () => {
    const before = await balanceOf(t.db, `wal_${userId}_USD`);
    const { transactionId, replayed } = await fund(12_345);
    expect(replayed).toBe(false);
    expect(await balanceOf(t.db, `wal_${userId}_USD`)).toBe(before + 12_345);
    const entries = await getTransactionEntries(t.db, transactionId);
    expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(0);
    const tx = await getTransaction(t.db, transactionId);
    expect(tx).toMatchObject({ type: 'usdtDeposit', direction: 'credit', amount: 12_345, currency: 'USD', status: 'completed' });
    const list = await listTransactions(t, { userId, email: '', token, refreshToken: '', headers: bearer(token) });
    expect(list.items[0]).toMatchObject({ id: transactionId, amount: { amount: 12_345, currency: 'USD' } });
    expect(await checkLedger(t.db)).toMatchObject({ ok: true });
  });

  it('refuses an unbalanced transaction (a bug) and writes nothing', async () => {
    const before = await balanceOf(t.db, `wal_${userId}_USD`);
    const attempt = t.db.tx(async (q) => {
      const wallet = await getWalletAccount(q, userId, 'USD');
      const fee = await getSystemAccount(q, 'fee_revenue', 'USD');
      return postTransaction(q, {
        type: 'serviceCommission',
        userId,
        idempotencyKey: key('unbalanced'),
        entries: [
          { accountId: wallet.id, amount: -100 },
          { accountId: fee.id, amount: 99 },
        ],
      });
    });
    await expect(attempt).rejects.toBeInstanceOf(LedgerInvariantError);
    expect(await balanceOf(t.db, `wal_${userId}_USD`)).toBe(before);
  });

  it('balances per currency: USD against RUB does not balance', async () => {
    const attempt = t.db.tx(async (q) => {
      const usd = await getWalletAccount(q, userId, 'USD');
      const fxRub = await getSystemAccount(q, 'fx_pool', 'RUB');
      return postTransaction(q, {
        type: 'currencyExchange',
        userId,
        idempotencyKey: key('cross'),
        entries: [
          { accountId: usd.id, amount: -100 },
          { accountId: fxRub.id, amount: 100 },
        ],
      });
    });
    await expect(attempt).rejects.toBeInstanceOf(LedgerInvariantError);
  });

  it('rejects zero, fractional and unsafe entry amounts, and unknown accounts', async () => {
    for (const amount of [0, 1.5, Number.MAX_SAFE_INTEGER + 1, Number.NaN]) {
      const attempt = t.db.tx((q) =>
        postTransaction(q, {
          type: 'x',
          userId: null,
          idempotencyKey: key('bad'),
          entries: [
            { accountId: `wal_${userId}_USD`, amount },
            { accountId: `sys_fee_revenue_USD`, amount: -amount },
          ],
        }),
      );
      await expect(attempt).rejects.toBeInstanceOf(LedgerInvariantError);
    }
    await expect(
      t.db.tx((q) =>
        postTransaction(q, {
          type: 'x',
          userId: null,
          idempotencyKey: key('unknown'),
          entries: [
            { accountId: 'nope', amount: 1 },
            { accountId: `sys_fee_revenue_USD`, amount: -1 },
          ],
        }),
      ),
    ).rejects.toBeInstanceOf(LedgerInvariantError);
  });

  it('refuses to take a never-negative account below zero with INSUFFICIENT_FUNDS, leaving the caller’s transaction usable', async () => {
    const balance = await balanceOf(t.db, `wal_${userId}_USD`);
    const result = await t.db.tx(async (q) => {
      const wallet = await getWalletAccount(q, userId, 'USD');
      const fee = await getSystemAccount(q, 'fee_revenue', 'USD');
      let refused: unknown;
      try {
        await postTransaction(q, {
          type: 'serviceCommission',
          userId,
          idempotencyKey: key('overdraft'),
          details: { reason: 'other', relatedTransactionId: null, cardId: null },
          entries: [
            { accountId: wallet.id, amount: -(balance + 1) },
            { accountId: fee.id, amount: balance + 1 },
          ],
        });
      } catch (error) {
        refused = error;
      }
      // Still usable after the refusal: a smaller posting in the same database transaction works.
      const ok = await postTransaction(q, {
        type: 'serviceCommission',
        userId,
        idempotencyKey: key('small-fee'),
        details: { reason: 'other', relatedTransactionId: null, cardId: null },
        entries: [
          { accountId: wallet.id, amount: -1 },
          { accountId: fee.id, amount: 1 },
        ],
      });
      return { refused, ok };
    });
    expect(isDomainError(result.refused) && result.refused.code).toBe('INSUFFICIENT_FUNDS');
    expect(isDomainError(result.refused) && result.refused.httpStatus).toBe(422);
    expect(result.ok.replayed).toBe(false);
    expect(await balanceOf(t.db, `wal_${userId}_USD`)).toBe(balance - 1);
  });

  it('a write alongside the posting lands with it in one statement; on a refusal the caller’s rollback takes it back', async () => {
    await t.db.exec('CREATE TABLE IF NOT EXISTS ledger_alongside_probe (label text NOT NULL)');
    const probe = (label: string) => (n: number) => ({ sql: `INSERT INTO ledger_alongside_probe (label) VALUES ($${n})`, params: [label] });
    const labels = async () => (await t.db.query<{ label: string }>('SELECT label FROM ledger_alongside_probe ORDER BY label')).map((r) => r.label);
    const balance = await balanceOf(t.db, `wal_${userId}_USD`);
    const posting = (amount: number, label: string) =>
      t.db.tx(async (q) => {
        const wallet = await getWalletAccount(q, userId, 'USD');
        const fee = await getSystemAccount(q, 'fee_revenue', 'USD');
        return postTransaction(q, {
          type: 'serviceCommission',
          userId,
          idempotencyKey: key(label),
          details: { reason: 'other', relatedTransactionId: null, cardId: null },
          entries: [
            { accountId: wallet.id, amount: -amount },
            { accountId: fee.id, amount },
          ],
          alongside: probe(label),
        });
      });
    expect((await posting(1, 'posted')).replayed).toBe(false);
    expect(await labels()).toEqual(['posted']);
    const refused = await posting(balance + 100, 'refused').catch((error: unknown) => error);
    expect(isDomainError(refused) && refused.code).toBe('INSUFFICIENT_FUNDS');
    expect(await labels()).toEqual(['posted']);
    expect(await balanceOf(t.db, `wal_${userId}_USD`)).toBe(balance - 1);
  });

  it('a claimed posting is one autocommitted statement: claim and money together, or nothing at all', async () => {
    await t.db.exec('CREATE TABLE IF NOT EXISTS ledger_claim_probe (label text PRIMARY KEY)');
    // The claim: inserted only when its label is new, answering `claimed` then (as an Idempotency-Key's claim does).
    const claim = (label: string) => (n: number) => ({
      sql: `INSERT INTO ledger_claim_probe (label) VALUES ($${n}) ON CONFLICT DO NOTHING RETURNING true AS claimed`,
      params: [label],
    });
    const labels = async () => (await t.db.query<{ label: string }>('SELECT label FROM ledger_claim_probe ORDER BY label')).map((r) => r.label);
    const { wallet, fee } = await t.db.tx(async (q) => ({ wallet: await getWalletAccount(q, userId, 'USD'), fee: await getSystemAccount(q, 'fee_revenue', 'USD') }));
    const posting = (amount: number, ledgerKey: string, accountId = wallet.id) => ({
      type: 'serviceCommission',
      userId,
      idempotencyKey: ledgerKey,
      details: { reason: 'other', relatedTransactionId: null, cardId: null },
      entries: [
        { accountId, amount: -amount },
        { accountId: fee.id, amount },
      ],
    });
    await fund(1_000);
    const balance = await balanceOf(t.db, wallet.id);
    const used = key('claimed');

    const posted = await postClaimedTransaction(t.db, posting(3, used), claim('a'));
    expect(posted.outcome).toBe('posted');
    expect(await labels()).toEqual(['a']);
    expect(await balanceOf(t.db, wallet.id)).toBe(balance - 3);
    expect((await getTransaction(t.db, (posted as { transactionId: string }).transactionId))?.idempotencyKey).toBe(used);

    // The claim is taken: the posting never runs, nothing is written (even a posting that would be made).
    expect(await postClaimedTransaction(t.db, posting(5, key('taken')), claim('a'))).toEqual({ outcome: 'claim-taken' });
    // Refused postings roll their new claim back with them: insufficient funds, an unknown account, a ledger key used before.
    const refused = [
      await postClaimedTransaction(t.db, posting(balance + 100, key('short')), claim('b')),
      await postClaimedTransaction(t.db, posting(5, key('missing'), 'wal_nobody_USD'), claim('c')),
      await postClaimedTransaction(t.db, posting(5, used), claim('d')),
    ];
    expect(refused).toEqual([
      { outcome: 'not-posted', reason: 'insufficient' },
      { outcome: 'not-posted', reason: 'missing' },
      { outcome: 'not-posted', reason: 'replayed' },
    ]);
    expect(await labels()).toEqual(['a']);
    expect(await balanceOf(t.db, wallet.id)).toBe(balance - 3);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('several transactions and the caller\'s writes in one statement: all made, each under its key with its own display leg, or nothing', async () => {
    await t.db.exec('CREATE TABLE IF NOT EXISTS ledger_along_probe (label text PRIMARY KEY)');
    const along = (label: string) => (n: number) => ({ sql: `INSERT INTO ledger_along_probe (label) VALUES ($${n})`, params: [label] });
    const probes = async () => (await t.db.query<{ label: string }>('SELECT label FROM ledger_along_probe ORDER BY label')).map((r) => r.label);
    const { wallet, fee, funding } = await t.db.tx(async (q) => ({
      wallet: await getWalletAccount(q, userId, 'USD'),
      fee: await getSystemAccount(q, 'fee_revenue', 'USD'),
      funding: await getSystemAccount(q, 'card_issuer_funding', 'USD'),
    }));
    const pair = (amount: number, charge: number, keys: [string, string], walletId = wallet.id) => [
      {
        type: 'cardTransfer',
        userId,
        idempotencyKey: keys[0],
        status: 'pending' as const,
        details: { cardId: 'crd_probe', cardLast4: '1234', transferId: 'ctu_probe' },
        entries: [
          { accountId: walletId, amount: -amount },
          { accountId: funding.id, amount },
        ],
      },
      {
        type: 'serviceCommission',
        userId,
        idempotencyKey: keys[1],
        status: 'pending' as const,
        details: { reason: 'cardTopUp', relatedTransactionId: null, cardId: 'crd_probe' },
        entries: [
          { accountId: walletId, amount: -charge },
          { accountId: fee.id, amount: charge },
        ],
      },
    ];
    await fund(1_000);
    const balance = await balanceOf(t.db, wallet.id);
    const keys: [string, string] = [key('along-transfer'), key('along-fee')];

    const ids = await t.db.tx((q) => postTransactionsWith(q, pair(300, 7, keys), [along('made')]));
    expect(ids).toHaveLength(2);
    const [transfer, commission] = await Promise.all(ids.map((id) => getTransaction(t.db, id)));
    expect([transfer?.idempotencyKey, commission?.idempotencyKey]).toEqual(keys);
    expect([transfer?.status, transfer?.direction, transfer?.amount, transfer?.currency]).toEqual(['pending', 'debit', 300, 'USD']);
    expect([commission?.direction, commission?.amount]).toEqual(['debit', 7]);
    expect((await getTransactionEntries(t.db, ids[1]!)).map((e) => e.amount).sort((a, b) => a - b)).toEqual([-7, 7]);
    expect(await balanceOf(t.db, wallet.id)).toBe(balance - 307);
    expect(await probes()).toEqual(['made']);

    // Refused, each throwing as postTransaction refuses, leaving nothing behind (no transaction, no caller's write).
    const refusal = (inputs: ReturnType<typeof pair>, label: string) =>
      t.db.tx((q) => postTransactionsWith(q, inputs, [along(label)])).then(
        () => 'posted',
        (error: unknown) => (isDomainError(error) ? error.code : error instanceof UnknownLedgerAccountsError ? 'unknown accounts' : error instanceof LedgerInvariantError ? 'invariant' : String(error)),
      );
    expect(await refusal(pair(balance, 7, [key('short'), key('short-fee')]), 'short')).toBe('INSUFFICIENT_FUNDS'); // the pair together cannot pay
    expect(await refusal(pair(5, 1, [key('again'), keys[1]]), 'again')).toBe('invariant'); // the fee's key was used before
    expect(await refusal(pair(5, 1, [key('nobody'), key('nobody-fee')], 'wal_nobody_USD'), 'nobody')).toBe('unknown accounts');
    // Another CHECK failing in the statement (a caller's row) is that error, not a refusal for funds.
    await t.db.exec('CREATE TABLE IF NOT EXISTS ledger_along_checked (n integer CHECK (n > 0))');
    const unchecked = await t.db
      .tx((q) => postTransactionsWith(q, pair(5, 1, [key('checked'), key('checked-fee')]), [() => ({ sql: 'INSERT INTO ledger_along_checked (n) VALUES (0)', params: [] })]))
      .then(() => 'posted', (error: unknown) => (isDomainError(error) ? error.code : (error as { code?: string }).code));
    expect(unchecked).toBe('23514');
    expect(await probes()).toEqual(['made']);
    expect(await balanceOf(t.db, wallet.id)).toBe(balance - 307);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('the database itself refuses a negative balance on a never-negative account (CHECK constraint)', async () => {
    await expect(t.db.query(`UPDATE ledger_accounts SET balance = -1 WHERE id = $1`, [`wal_${userId}_USD`])).rejects.toMatchObject({
      code: '23514',
    });
  });

  it('an idempotency key moves money once: the replay returns the first transaction', async () => {
    const k = key('replay');
    const post = () =>
      t.db.tx(async (q) => {
        const wallet = await getWalletAccount(q, userId, 'USD');
        const promo = await getSystemAccount(q, 'promo_expense', 'USD');
        return postTransaction(q, {
          type: 'promoBonus',
          userId,
          idempotencyKey: k,
          details: { referralId: 'ref_1', referralName: 'Ivan P.' },
          entries: [
            { accountId: promo.id, amount: -500 },
            { accountId: wallet.id, amount: 500 },
          ],
        });
      });
    const before = await balanceOf(t.db, `wal_${userId}_USD`);
    const first = await post();
    const second = await post();
    expect(second).toEqual({ transactionId: first.transactionId, replayed: true });
    expect(await balanceOf(t.db, `wal_${userId}_USD`)).toBe(before + 500);
  });

  it('concurrent replays of one key (different entries even) move money once', async () => {
    const k = key('race');
    const before = await balanceOf(t.db, `wal_${userId}_USD`);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        runLedgerTx(t.db, async (q) => {
          const wallet = await getWalletAccount(q, userId, 'USD');
          const promo = await getSystemAccount(q, 'promo_expense', 'USD');
          return postTransaction(q, {
            type: 'promoBonus',
            userId,
            idempotencyKey: k,
            details: { referralId: 'ref_2', referralName: 'Olga K.' },
            entries: [
              { accountId: promo.id, amount: -(100 + i) },
              { accountId: wallet.id, amount: 100 + i },
            ],
          });
        }),
      ),
    );
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    const moved = (await balanceOf(t.db, `wal_${userId}_USD`)) - before;
    expect(moved).toBeGreaterThanOrEqual(100);
    expect(moved).toBeLessThanOrEqual(107);
  });

  it('pending transactions count as held until settled; settling is idempotent', async () => {
    const user = await signUp(t);
    await fund(10_000, user.user.id);
    const card = `card_${n++}`;
    const { transactionId } = await t.db.tx(async (q) => {
      const wallet = await getWalletAccount(q, user.user.id, 'USD');
      const cardAccount = await createCardAccount(q, { cardId: card, userId: user.user.id, currency: 'USD' });
      return postTransaction(q, {
        type: 'cardIssue',
        userId: user.user.id,
        idempotencyKey: key('issue'),
        status: 'pending',
        details: { cardId: card, productId: 'prd_1', productName: 'Virtual USD' },
        entries: [
          { accountId: wallet.id, amount: -4_000 },
          { accountId: cardAccount.id, amount: 4_000 },
        ],
      });
    });
    const wallet = await getWallet(t, { userId: user.user.id, email: '', token: user.accessToken, refreshToken: '', headers: bearer(user.accessToken) });
    expect(wallet.balances[0]).toMatchObject({ currency: 'USD', available: { amount: 6_000 }, held: { amount: 4_000 } });
    expect((await t.db.tx((q) => getCardAccount(q, card)))?.userId).toBe(user.user.id);
    expect(await t.db.tx((q) => updateTransactionStatus(q, transactionId, { status: 'completed' }))).toBe(true);
    expect(await t.db.tx((q) => updateTransactionStatus(q, transactionId, { status: 'failed', failureCode: 'X' }))).toBe(false);
    const after = await getWallet(t, { userId: user.user.id, email: '', token: user.accessToken, refreshToken: '', headers: bearer(user.accessToken) });
    expect(after.balances[0]).toMatchObject({ available: { amount: 6_000 }, held: { amount: 0 } });
    expect(await getTransaction(t.db, transactionId)).toMatchObject({ status: 'completed' });
  });

  it('a charge and its fee settle together in one statement; a missing fee is skipped, a settled one not counted', async () => {
    const user = await signUp(t);
    await fund(10_000, user.user.id);
    const pending = (label: string, amount: number) =>
      t.db.tx(async (q) => {
        const wallet = await getWalletAccount(q, user.user.id, 'USD');
        const fee = await getSystemAccount(q, 'fee_revenue', 'USD');
        return postTransaction(q, {
          type: 'serviceCommission',
          userId: user.user.id,
          idempotencyKey: key(label),
          status: 'pending',
          details: { reason: 'other', relatedTransactionId: null, cardId: null },
          entries: [
            { accountId: wallet.id, amount: -amount },
            { accountId: fee.id, amount },
          ],
        });
      });
    const charge = (await pending('charge', 700)).transactionId;
    const fee = (await pending('fee', 30)).transactionId;
    const settled = (await pending('settled', 5)).transactionId;
    await t.db.tx((q) => updateTransactionStatus(q, settled, { status: 'completed' }));
    const at = new Date('2026-11-26T12:00:00Z');
    expect(await t.db.tx((q) => updateTransactionsStatus(q, [charge, null, fee, settled, undefined], { status: 'failed', failureCode: 'REJECTED', now: at }))).toBe(2);
    for (const id of [charge, fee]) expect(await getTransaction(t.db, id)).toMatchObject({ status: 'failed', failureCode: 'REJECTED', finishedAt: at });
    expect(await getTransaction(t.db, settled)).toMatchObject({ status: 'completed', failureCode: null });
    expect(await t.db.tx((q) => updateTransactionsStatus(q, [null], { status: 'completed' }))).toBe(0);
  });

  it(`parallel debits never overdraw (${usesPostgres() ? 'PostgreSQL: real row locks' : 'PGlite: serialised'})`, async () => {
    const user = await signUp(t);
    await fund(1_000, user.user.id);
    const attempts = await Promise.allSettled(
      Array.from({ length: 25 }, (_, i) =>
        runLedgerTx(t.db, async (q) => {
          const wallet = await getWalletAccount(q, user.user.id, 'USD');
          const fee = await getSystemAccount(q, 'fee_revenue', 'USD');
          return postTransaction(q, {
            type: 'serviceCommission',
            userId: user.user.id,
            idempotencyKey: key(`debit${i}`),
            details: { reason: 'other', relatedTransactionId: null, cardId: null },
            entries: [
              { accountId: wallet.id, amount: -300 },
              { accountId: fee.id, amount: 300 },
            ],
          });
        }),
      ),
    );
    const ok = attempts.filter((a) => a.status === 'fulfilled');
    const refused = attempts.filter((a) => a.status === 'rejected');
    expect(ok).toHaveLength(3);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await balanceOf(t.db, `wal_${user.user.id}_USD`)).toBe(100);
    expect(await checkLedger(t.db)).toMatchObject({ ok: true });
  });

  it('checkLedger reports a stored balance that disagrees with the entries', async () => {
    await t.db.query(`UPDATE ledger_accounts SET balance = balance + 1 WHERE id = 'sys_fee_revenue_USD'`);
    const report = await checkLedger(t.db);
    expect(report.ok).toBe(false);
    expect(report.mismatchedBalances.map((m) => m.accountId)).toContain('sys_fee_revenue_USD');
    await t.db.query(`UPDATE ledger_accounts SET balance = balance - 1 WHERE id = 'sys_fee_revenue_USD'`);
    expect(await checkLedger(t.db)).toMatchObject({ ok: true });
  });
});
