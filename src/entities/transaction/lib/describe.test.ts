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
      { title: 'wallet:transaction.types.usdtDeposit', subtitle: '14:05 · wallet:transaction.details.usdtDeposit {"amount":"100.012345"}' },
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

  it('shows confirmations of a pending USDT deposit and the code of a failed one', () => {
    const [deposit, transfer] = transactionsFixture();
    const pending = { ...deposit!, status: 'pending' as const, details: { ...(deposit as Extract<typeof deposit, { type: 'usdtDeposit' }>).details, confirmations: 7 } };
    expect(describeTransaction(pending as typeof deposit & object, { ...tools, requiredConfirmations: 19 }).subtitle).toBe(
      '14:05 · wallet:transaction.details.usdtConfirming {"count":7,"required":19}',
    );
    const failed = { ...transfer!, status: 'failed' as const, failureCode: 'ISSUER_DECLINED' };
    expect(describeTransaction(failed, tools).subtitle).toBe('14:05 · wallet:transaction.details.toCard {"last4":"4242"} · ISSUER_DECLINED');
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
