import { describe, expect, it } from 'vitest';
import { transactionsFixture } from '../index.testing';
import { describeTransaction, signedAmount } from './describe';
import { groupTransactionsByDay } from './group-by-day';

const tools = {
  t: (key: string, options?: Record<string, unknown>) => (options ? `${key} ${JSON.stringify(options)}` : key),
  money: (money: { amount: number; currency: string }) => `${money.amount} ${money.currency}`,
  time: () => '14:05',
};

describe('describeTransaction', () => {
  it('builds a title and details for each of the seven SPEC §3 types from type + details', () => {
    const texts = transactionsFixture().map((tx) => describeTransaction(tx, tools));
    expect(texts).toEqual([
      { title: 'wallet:transaction.types.usdtDeposit', subtitle: '14:05 · wallet:transaction.details.usdtCredited {"usdt":"100.012345","credited":"10001 USD"}' },
      { title: 'wallet:transaction.types.cardTransfer', subtitle: '14:05 · wallet:transaction.details.toCard {"last4":"4242"}' },
      { title: 'wallet:transaction.types.cardIssue', subtitle: '14:05 · Virtual Visa' },
      { title: 'wallet:transaction.commission.cardTopUp', subtitle: '14:05' },
      { title: 'wallet:transaction.types.sbpTopup', subtitle: '14:05 · wallet:transaction.details.sbpOrder {"orderId":"ORD-1001"}' },
      {
        title: 'wallet:transaction.types.currencyExchange {"from":"USD","to":"RUB"}',
        subtitle: '14:05 · wallet:transaction.details.exchangeFee {"fee":"5 USD"}',
      },
      { title: 'wallet:transaction.types.promoBonus', subtitle: '14:05 · wallet:transaction.details.promoBonus {"name":"Ivan P."}' },
    ]);
  });

  it('an adjustment operators posted (docs/ops.md) says whether it was a goodwill credit or a correction', () => {
    const [, , , , , , bonus] = transactionsFixture();
    const adjustment = { ...bonus!, id: 'wtx_8', type: 'manualAdjustment' as const, details: { kind: 'goodwill' as const } };
    expect(describeTransaction(adjustment, tools)).toEqual({
      title: 'wallet:transaction.types.manualAdjustment',
      subtitle: '14:05 · wallet:transaction.details.adjustment.goodwill',
    });
  });

  it('money back from a card (a withdrawal, a closed or blocked card) reads as such, not as a top-up', () => {
    const [, transfer] = transactionsFixture();
    const back = { ...transfer!, direction: 'credit' as const };
    expect(describeTransaction(back, tools)).toEqual({
      title: 'wallet:transaction.types.cardTransferBack',
      subtitle: '14:05 · wallet:transaction.details.fromCard {"last4":"4242"}',
    });
  });

  it('shows confirmations of a pending USDT deposit and why a failed one failed, in words (never the raw code)', () => {
    const [deposit, transfer] = transactionsFixture();
    const pending = { ...deposit!, status: 'pending' as const, details: { ...(deposit as Extract<typeof deposit, { type: 'usdtDeposit' }>).details, confirmations: 7 } };
    expect(describeTransaction(pending as typeof deposit & object, { ...tools, requiredConfirmations: 19 }).subtitle).toBe(
      '14:05 · wallet:transaction.details.usdtConfirming {"count":7,"required":19}',
    );
    const failed = { ...transfer!, status: 'failed' as const, failureCode: 'ISSUER_DECLINED' };
    const text = describeTransaction(failed, tools).subtitle;
    expect(text).toBe(
      '14:05 · wallet:transaction.details.toCard {"last4":"4242"} · errors:reasons.ISSUER_DECLINED {"defaultValue":"errors:reasons.unknown"}',
    );
    // With real translations: a code without words gets the general sentence, never itself.
    const words: Record<string, string> = { 'errors:reasons.unknown': 'The operation did not go through.' };
    const t = (key: string, options?: Record<string, unknown>) => words[key] ?? (options?.defaultValue as string | undefined) ?? key;
    const unknown = describeTransaction({ ...failed, failureCode: 'SOMETHING_NEW' }, { ...tools, t }).subtitle;
    expect(unknown).toContain('The operation did not go through.');
    expect(unknown).not.toContain('SOMETHING_NEW');
  });

  it('a USDT deposit held for review says what was received, that nothing is credited yet, why, and what to do (the hash stays in the details)', () => {
    const [deposit] = transactionsFixture();
    const usdt = deposit as Extract<typeof deposit, { type: 'usdtDeposit' }>;
    const held = { ...usdt, status: 'pending' as const, details: { ...usdt.details, txHash: 'f00d', usdtAmount: '75.120000', hold: { reason: 'no_tag' as const } } };
    expect(describeTransaction(held, { ...tools, holdNote: (reason) => `held because ${reason}` })).toEqual({
      title: 'wallet:transaction.types.usdtDeposit',
      subtitle: '14:05 · wallet:transaction.details.usdtHeld {"usdt":"75.120000"}',
      note: 'held because no_tag',
    });
    // Without the hold's words (not loaded yet: ui/held-row.tsx brings them) the row has no note, never a key.
    expect(describeTransaction(held, tools).note).toBeUndefined();
  });

  it('debits are negative, credits positive', () => {
    const [deposit, transfer] = transactionsFixture();
    expect(signedAmount(deposit!)).toEqual({ amount: 100_01, currency: 'USD' });
    expect(signedAmount(transfer!)).toEqual({ amount: -50_00, currency: 'USD' });
  });
});

describe('groupTransactionsByDay', () => {
  it('groups newest-first items per local calendar day', () => {
    const [a, b, c] = transactionsFixture();
    const at = (tx: typeof a, iso: string) => ({ ...tx!, createdAt: iso });
    const noonToday = new Date(2025, 2, 12, 12, 0).toISOString();
    const morningToday = new Date(2025, 2, 12, 8, 0).toISOString();
    const yesterday = new Date(2025, 2, 11, 23, 59).toISOString();
    const groups = groupTransactionsByDay([at(a, noonToday), at(b, morningToday), at(c, yesterday)]);
    expect(groups.map((g) => [g.day, g.items.map((tx) => tx.id)])).toEqual([
      ['2025-03-12', ['wtx_1', 'wtx_2']],
      ['2025-03-11', ['wtx_3']],
    ]);
  });
});
