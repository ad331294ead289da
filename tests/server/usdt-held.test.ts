/**
 * USDT transfers that cannot be credited automatically never vanish (docs/api.md "USDT deposit tag"):
 *  - every one is parked and listed for support (GET /api/support/parked-deposits, SUPPORT_TOKEN);
 *  - one that can be attributed to a user (the tag owner of a too-small deposit, or the ONE user earlier deposits
 *    from the same sender address were credited to) shows in that user's history as held for review;
 *  - amounts are exact: micro-USDT on chain, the credit rounded down to the cent, nothing else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WalletTransaction } from '@/shared/contract/wallet';
import { checkLedger } from '../../server/modules/ledger';
import { createTestApp, type TestApp } from './harness';
import { balances, getWallet, listTransactions, rawTransfer, verifiedUser, type TestUser } from './wallet-support';

const SUPPORT_TOKEN = 'support-token-0123456789abcdef';
// Well-formed TRON addresses (T + 33 base58 characters) of three senders.
const ANN_WALLET = 'TAnnPersona1Wa11etXXXXXXXXXXXXXXXX';
const SHARED_HOT_WALLET = 'TSharedExchangeHotWa11etXXXXXXXXXX';
const STRANGER = 'TStrangerWa11etXXXXXXXXXXXXXXXXXXX';

let t: TestApp;
let ann: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: { SUPPORT_TOKEN } });
  ann = await verifiedUser(t);
  bob = await verifiedUser(t);
});
afterAll(() => t.close());

const send = async (amount: string, from: string) => {
  const res = await rawTransfer(t, { amount, from });
  expect(res.status).toBe(200);
  return res.body.data as { transfer: { txHash: string; amount: string }; outcome: { status: string; reason: string | null; credited: { amount: number } | null } };
};

const parked = async (headers: Record<string, string> = { authorization: `Bearer ${SUPPORT_TOKEN}` }, query = '') =>
  t.call({ method: 'GET', url: `/api/support/parked-deposits${query}`, headers });

const heldRows = async (user: TestUser) => {
  const { items } = await listTransactions(t, user);
  return items.filter((item) => item.type === 'usdtDeposit' && item.details.hold !== null);
};

describe('USDT deposits that are not credited automatically', () => {
  it('credits exactly: 150.<tag> USDT → the amount rounded down to the cent, the exact USDT kept on the row', async () => {
    const { usdtDepositTag: tag } = await getWallet(t, ann);
    const before = await balances(t, ann);
    const deposit = await send(`150.${tag}`, ANN_WALLET);
    const micro = 150_000_000 + Number(tag);
    expect(deposit.outcome).toMatchObject({ status: 'credited', credited: { amount: Math.floor(micro / 10_000) } });
    expect((await balances(t, ann)).USD).toBe(before.USD + 150_00 + Math.floor(Number(tag) / 10_000));
    const { items } = await listTransactions(t, ann, '?type=usdtDeposit');
    expect(WalletTransaction.parse(items[0])).toMatchObject({
      status: 'completed',
      amount: { amount: Math.floor(micro / 10_000), currency: 'USD' },
      details: { usdtAmount: `150.${tag}`, hold: null },
    });
  });

  it('an unattributable transfer (no tag, unknown sender) is parked, listed for support, and in no one\'s history', async () => {
    const transfer = await send('100.5', STRANGER);
    expect(transfer.outcome).toMatchObject({ status: 'unmatched', reason: 'no_tag', credited: null });
    const res = await parked();
    expect(res.status).toBe(200);
    const row = res.body.data.items.find((item: { txHash: string }) => item.txHash === transfer.transfer.txHash);
    expect(row).toMatchObject({
      from: STRANGER,
      amount: '100.500000',
      amountMicro: 100_500_000,
      reason: 'no_tag',
      candidateUserId: null,
      attribution: null,
      resolvedAt: null,
    });
    expect(await heldRows(ann)).toEqual([]);
    expect(await heldRows(bob)).toEqual([]);
  });

  it('a transfer with wrong decimals from a sender that earlier paid only this user shows in their history as held', async () => {
    const before = await balances(t, ann);
    const transfer = await send('75.120000', ANN_WALLET); // decimals cut by an exchange: no tag
    expect(transfer.outcome).toMatchObject({ status: 'unmatched', reason: 'no_tag' });
    expect(await balances(t, ann)).toEqual(before); // held, not credited

    const held = await heldRows(ann);
    expect(held).toHaveLength(1);
    expect(WalletTransaction.parse(held[0])).toMatchObject({
      type: 'usdtDeposit',
      direction: 'credit',
      status: 'pending',
      amount: { amount: 75_12, currency: 'USD' },
      reference: transfer.transfer.txHash,
      failureCode: null,
      details: { network: 'TRON', txHash: transfer.transfer.txHash, usdtAmount: '75.120000', hold: { reason: 'no_tag' } },
    });
    expect(await heldRows(bob)).toEqual([]);
    // The wallet's `held` balance is money taken by operations in progress; a parked deposit is not in it.
    expect((await getWallet(t, ann)).balances.find((b) => b.currency === 'USD')!.held.amount).toBe(0);

    const row = (await parked()).body.data.items.find((item: { txHash: string }) => item.txHash === transfer.transfer.txHash);
    expect(row).toMatchObject({ reason: 'no_tag', candidateUserId: ann.userId, attribution: 'sender', amountMicro: 75_120_000 });
  });

  it('a sender address that paid several users attributes nothing', async () => {
    const annTag = (await getWallet(t, ann)).usdtDepositTag;
    const bobTag = (await getWallet(t, bob)).usdtDepositTag;
    expect((await send(`20.${annTag}`, SHARED_HOT_WALLET)).outcome.status).toBe('credited');
    expect((await send(`20.${bobTag}`, SHARED_HOT_WALLET)).outcome.status).toBe('credited');
    const heldBefore = [(await heldRows(ann)).length, (await heldRows(bob)).length];
    const transfer = await send('30', SHARED_HOT_WALLET);
    expect(transfer.outcome).toMatchObject({ status: 'unmatched', reason: 'no_tag' });
    expect([(await heldRows(ann)).length, (await heldRows(bob)).length]).toEqual(heldBefore);
    const row = (await parked()).body.data.items.find((item: { txHash: string }) => item.txHash === transfer.transfer.txHash);
    expect(row).toMatchObject({ candidateUserId: null, attribution: null });
  });

  it('a deposit below the minimum is held in the tag owner\'s history with its exact amounts', async () => {
    const { usdtDepositTag: tag } = await getWallet(t, bob);
    const transfer = await send(`5.${tag}`, STRANGER);
    expect(transfer.outcome).toMatchObject({ status: 'unmatched', reason: 'below_minimum' });
    const held = (await heldRows(bob)).find((row) => row.reference === transfer.transfer.txHash)!;
    expect(held).toMatchObject({
      status: 'pending',
      amount: { amount: 5_00 + Math.floor(Number(tag) / 10_000), currency: 'USD' },
      details: { usdtAmount: `5.${tag}`, hold: { reason: 'below_minimum' } },
    });
    const row = (await parked()).body.data.items.find((item: { txHash: string }) => item.txHash === transfer.transfer.txHash);
    expect(row).toMatchObject({ candidateUserId: bob.userId, attribution: 'tag' });
  });

  it('held rows page with the rest of the history (keyset) and filter by type and currency', async () => {
    const all = (await listTransactions(t, ann)).items.map((item) => item.id);
    const pages: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: Array<Record<string, any>>; nextCursor: string | null } = await listTransactions(t, ann, `?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      pages.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages).toEqual(all);
    expect((await listTransactions(t, ann, '?type=cardTransfer')).items).toEqual([]);
    expect((await listTransactions(t, ann, '?currency=RUB')).items).toEqual([]);
    expect((await listTransactions(t, ann, '?currency=USD')).items.some((item) => item.details.hold)).toBe(true);
  });

  it('support sees every parked deposit; the listing needs the support token', async () => {
    expect((await parked({})).status).toBe(401);
    expect((await parked({ authorization: 'Bearer wrong-token-wrong-token' })).status).toBe(401);
    expect((await parked({ authorization: `Bearer ${ann.token}` })).status).toBe(401);
    const total = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM unmatched_deposits');
    const first = (await parked(undefined, '?limit=2')).body.data;
    expect(first.items).toHaveLength(2);
    const rest = (await parked(undefined, `?limit=100&cursor=${first.nextCursor}`)).body.data;
    expect(first.items.length + rest.items.length).toBe(total[0]!.n);
    expect(rest.nextCursor).toBeNull();
  });

  it('keeps the ledger balanced', async () => {
    expect(await checkLedger(t.db)).toMatchObject({ ok: true });
  });
});

describe('without SUPPORT_TOKEN', () => {
  it('the support listing does not exist', async () => {
    const other = await createTestApp();
    try {
      const res = await other.call({ method: 'GET', url: '/api/support/parked-deposits', headers: { authorization: 'Bearer anything-anything-anything' } });
      expect(res.status).toBe(404);
    } finally {
      await other.close();
    }
  });
});
