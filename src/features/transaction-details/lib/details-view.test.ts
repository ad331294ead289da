import { describe, expect, it } from 'vitest';
import { cardTopUpDetails, cardTransferDetails, declinedSbpDetails, exchangeDetails, heldDepositDetails } from '../testing/fixtures';
import { amountLinesOf, failureCodeOf, headlineOf, idLinesOf, markerOf } from './details-view';

describe('details view', () => {
  it('a card top-up from the wallet: transaction, transfer and card ids; the fee and the total', () => {
    const details = { kind: 'wallet' as const, data: cardTransferDetails() };
    expect(idLinesOf(details)).toEqual([
      { kind: 'transaction', value: 'wtx_2' },
      { kind: 'transfer', value: 'ctu_1' },
      { kind: 'card', value: 'crd_1' },
    ]);
    expect(headlineOf(details)).toEqual({ amount: -50_00, currency: 'USD' });
    expect(amountLinesOf(details)).toEqual([
      { kind: 'fee', value: { amount: 1_50, currency: 'USD' }, reason: 'cardTopUp' },
      { kind: 'total', value: { amount: 51_50, currency: 'USD' }, total: true },
    ]);
    expect(markerOf(details)).toBeNull();
    expect(failureCodeOf(details)).toBeNull();
  });

  it('an exchange: the credited leg and its fee, no separate total (the fee is inside the amount)', () => {
    const details = { kind: 'wallet' as const, data: exchangeDetails() };
    expect(amountLinesOf(details)).toEqual([
      { kind: 'received', value: { amount: 918_08, currency: 'RUB' } },
      { kind: 'fee', value: { amount: 5, currency: 'USD' }, reason: 'exchange' },
    ]);
    expect(idLinesOf(details)).toEqual([{ kind: 'transaction', value: 'wtx_6' }]);
  });

  it('a declined SBP attempt: marked declined, no transaction id to quote, order/invoice/payment ids, the reason', () => {
    const details = { kind: 'wallet' as const, data: declinedSbpDetails() };
    expect(markerOf(details)).toBe('declined');
    expect(idLinesOf(details).map((line) => line.kind)).toEqual(['order', 'invoice', 'payment']);
    expect(failureCodeOf(details)).toBe('PAYMENT_DECLINED');
    expect(headlineOf(details)).toEqual({ amount: 700_00, currency: 'RUB' });
  });

  it('a held USDT deposit: marked held, the tx hash and the exact USDT amount', () => {
    const details = { kind: 'wallet' as const, data: heldDepositDetails() };
    expect(markerOf(details)).toBe('held');
    expect(idLinesOf(details)).toEqual([{ kind: 'txHash', value: 'f00d' }]);
    expect(amountLinesOf(details)).toEqual([{ kind: 'usdtAmount', value: { decimal: '1.012345', unit: 'USDT' } }]);
  });

  it('a card top-up on the card: transaction, transfer, wallet transaction and card ids; fee and wallet debit', () => {
    const details = { kind: 'card' as const, data: cardTopUpDetails() };
    expect(idLinesOf(details).map((line) => line.kind)).toEqual(['transaction', 'transfer', 'walletTransaction', 'card']);
    expect(amountLinesOf(details)).toEqual([
      { kind: 'fee', value: { amount: 45, currency: 'USD' } },
      { kind: 'walletDebit', value: { amount: 15_45, currency: 'USD' }, total: true },
    ]);
    expect(markerOf(details)).toBeNull();
  });
});
