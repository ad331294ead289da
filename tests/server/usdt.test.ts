import { describe, expect, it } from 'vitest';
import { checkLedger } from '../../server/modules/ledger';
import { formatUsdtAmount, parseUsdtAmount, tagOfAmount } from '../../server/modules/wallet';
import { signUp, type TestApp } from './harness';
import { balances, depositUsdt, getWallet, listTransactions, rawTransfer, useTwoVerifiedUsers, type TestUser } from './wallet-support';

let t: TestApp;
let ann: TestUser;
let bob: TestUser;
useTwoVerifiedUsers((w) => ({ t, ann, bob } = w));

const unmatched = async () => {
  const res = await t.call({ method: 'GET', url: '/api/dev/tron/unmatched' });
  expect(res.status).toBe(200);
  return res.body.data.items as Array<{ txHash: string; reason: string; amount: string; candidateUserId: string | null }>;
};

describe('USDT amounts and tags (pure)', () => {
  it('parses and formats 6-decimal amounts exactly', () => {
    expect(parseUsdtAmount('100.012345')).toBe(100_012_345);
    expect(parseUsdtAmount('100')).toBe(100_000_000);
    expect(parseUsdtAmount('0.000001')).toBe(1);
    expect(parseUsdtAmount('1.1234567')).toBeNull();
    expect(parseUsdtAmount('-1')).toBeNull();
    expect(parseUsdtAmount('0')).toBeNull();
    expect(parseUsdtAmount('1e5')).toBeNull();
    expect(formatUsdtAmount(100_012_345)).toBe('100.012345');
    expect(formatUsdtAmount(5)).toBe('0.000005');
  });

  it('reads the tag from the decimals; amounts ending in 00 carry none', () => {
    expect(tagOfAmount(100_012_345)).toBe('012345');
    expect(tagOfAmount(100_500_000)).toBeNull(); // 100.5
    expect(tagOfAmount(100_250_000)).toBeNull(); // 100.25
    expect(tagOfAmount(100_000_000)).toBeNull(); // 100
    expect(tagOfAmount(100_000_001)).toBe('000001');
  });
});

describe('USDT TRC20 deposits', () => {
  it('gives every user a permanent, unique 6-digit tag that never ends in 00', async () => {
    const a1 = (await getWallet(t, ann)).usdtDepositTag;
    const a2 = (await getWallet(t, ann)).usdtDepositTag;
    const b = (await getWallet(t, bob)).usdtDepositTag;
    expect(a1).toMatch(/^\d{4}(?!00)\d{2}$/);
    expect(a2).toBe(a1);
    expect(b).not.toBe(a1);
  });

  it('credits an exact tagged amount to the tag owner, rounded down to cents, once', async () => {
    const before = await balances(t, ann);
    const bobBefore = await balances(t, bob);
    const result = await depositUsdt(t, ann, 100);
    expect(result.outcome.status).toBe('credited');
    const micro = parseUsdtAmount(result.transfer.amount)!;
    const expectedCents = Math.floor(micro / 10_000);
    expect(result.outcome.credited).toEqual({ amount: expectedCents, currency: 'USD' });
    expect((await balances(t, ann)).USD).toBe(before.USD + expectedCents);
    expect(await balances(t, bob)).toEqual(bobBefore);

    const { items } = await listTransactions(t, ann, '?type=usdtDeposit');
    const tx = items.find((item) => item.id === result.outcome.transactionId)!;
    expect(tx).toMatchObject({
      type: 'usdtDeposit',
      direction: 'credit',
      status: 'completed',
      amount: { amount: expectedCents, currency: 'USD' },
      reference: result.transfer.txHash,
      details: { network: 'TRON', txHash: result.transfer.txHash, usdtAmount: result.transfer.amount },
    });
  });

  it('a duplicate tx hash is never credited twice: parked as duplicate_tx_hash', async () => {
    const first = await depositUsdt(t, ann, 50);
    expect(first.outcome.status).toBe('credited');
    const afterFirst = await balances(t, ann);
    const second = await depositUsdt(t, ann, 50, { txHash: first.transfer.txHash });
    expect(second.outcome).toMatchObject({ status: 'unmatched', reason: 'duplicate_tx_hash', transactionId: null, credited: null });
    expect(await balances(t, ann)).toEqual(afterFirst);
    expect((await unmatched()).some((u) => u.txHash === first.transfer.txHash && u.reason === 'duplicate_tx_hash')).toBe(true);
  });

  it('an unknown tag credits no one', async () => {
    const taken = new Set([(await getWallet(t, ann)).usdtDepositTag, (await getWallet(t, bob)).usdtDepositTag]);
    let tag = '424243';
    while (taken.has(tag)) tag = String(Number(tag) + 2).padStart(6, '0');
    const before = [await balances(t, ann), await balances(t, bob)];
    const res = await rawTransfer(t, { amount: `75.${tag}` });
    expect(res.status).toBe(200);
    expect(res.body.data.outcome).toMatchObject({ status: 'unmatched', reason: 'unknown_tag' });
    expect([await balances(t, ann), await balances(t, bob)]).toEqual(before);
  });

  it('an amount whose decimals are no tag (a hand-typed 100.5, or a whole 100) credits no one', async () => {
    const before = await balances(t, ann);
    for (const amount of ['100.5', '100', '100.250000']) {
      const res = await rawTransfer(t, { amount });
      expect(res.body.data.outcome).toMatchObject({ status: 'unmatched', reason: 'no_tag' });
    }
    expect(await balances(t, ann)).toEqual(before);
  });

  it('a short amount (below the minimum deposit) is parked with the tag owner noted for support, not credited', async () => {
    const before = await balances(t, bob);
    const result = await depositUsdt(t, bob, 9); // minimum 10 USD; 9.tag < 10
    expect(result.outcome).toMatchObject({ status: 'unmatched', reason: 'below_minimum' });
    expect(await balances(t, bob)).toEqual(before);
    const parked = (await unmatched()).find((u) => u.txHash === result.transfer.txHash)!;
    expect(parked).toMatchObject({ reason: 'below_minimum', candidateUserId: bob.userId, amount: result.transfer.amount });
  });

  it('a user not yet verified still gets deposits credited (money that arrived is never refused)', async () => {
    const fresh = await signUp(t);
    const headers = { authorization: `Bearer ${fresh.accessToken}` };
    const wallet = await t.call({ method: 'GET', url: '/api/wallet', headers });
    const res = await rawTransfer(t, { amount: `20.${wallet.body.data.usdtDepositTag}` });
    expect(res.body.data.outcome.status).toBe('credited');
  });

  it('transfers to another address are not deposits', async () => {
    const { usdtDepositTag } = await getWallet(t, ann);
    const before = await balances(t, ann);
    const res = await rawTransfer(t, { amount: `30.${usdtDepositTag}`, to: 'TSandboxSenderExchangeHotWa11et111' });
    expect(res.body.data.outcome.status).toBe('ignored');
    expect(await balances(t, ann)).toEqual(before);
  });

  it('rejects malformed sandbox transfers with 400', async () => {
    for (const amount of ['-5', '1.1234567', 'abc', '', '0']) {
      const res = await rawTransfer(t, { amount });
      expect(res.status, amount).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
    expect((await rawTransfer(t, { amount: 10 })).status).toBe(400);
  });

  it('the background watcher picks up transfers recorded directly on the chain', async () => {
    const { usdtDepositTag } = await getWallet(t, bob);
    const before = await balances(t, bob);
    await t.app.sandbox!.chain.recordTransfer({
      to: t.app.walletModules.settings.usdt.depositAddress,
      amountMicro: parseUsdtAmount(`12.${usdtDepositTag}`)!,
    });
    await t.app.walletModules.watcher.poll();
    expect((await balances(t, bob)).USD).toBe(before.USD + Math.floor(parseUsdtAmount(`12.${usdtDepositTag}`)! / 10_000));
  });

  it('keeps the ledger balanced', async () => {
    expect(await checkLedger(t.db)).toMatchObject({ ok: true });
  });
});
