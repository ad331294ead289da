import { describe, expect, it } from 'vitest';
import {
  approvedTradeDetails,
  cardTopUpDetails,
  declinedTradeDetails,
  cardTransferDetails,
  declinedSbpDetails,
  exchangeDetails,
  heldDepositDetails,
  p2pTransferDetails,
  usdtWithdrawalDetails,
} from '../testing/fixtures';
import { amountLinesOf, createdAtOf, explorerUrlOf, failureCodeOf, headlineOf, idLinesOf, markerOf, statusOf } from './details-view';

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

  it('a USDT withdrawal: the transaction and the chain hash to quote, the explorer link, the USDT the address received', () => {
    const details = { kind: 'wallet' as const, data: usdtWithdrawalDetails() };
    expect(idLinesOf(details)).toEqual([
      { kind: 'transaction', value: 'wtx_9' },
      { kind: 'txHash', value: 'beef' },
    ]);
    expect(explorerUrlOf(details)).toBe('https://tronscan.org/#/transaction/beef');
    expect(amountLinesOf(details)).toEqual([{ kind: 'usdtAmount', value: { decimal: '20.000000', unit: 'USDT' } }]);
    expect(explorerUrlOf({ kind: 'wallet', data: heldDepositDetails() })).toBeNull();
  });

  it('a transfer to another user: the transaction and the transfer ids', () => {
    const details = { kind: 'wallet' as const, data: p2pTransferDetails() };
    expect(idLinesOf(details)).toEqual([
      { kind: 'transaction', value: 'wtx_8' },
      { kind: 'transfer', value: 'p2p_1' },
    ]);
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

  it('an approved purchase (purchases tab): trade, card transaction and card ids; the amount abroad; no marker', () => {
    const details = { kind: 'trade' as const, data: approvedTradeDetails() };
    expect(idLinesOf(details)).toEqual([
      { kind: 'trade', value: 'trd_1' },
      { kind: 'transaction', value: 'ctx_7' },
      { kind: 'card', value: 'crd_1' },
    ]);
    expect(headlineOf(details)).toEqual({ amount: -3_21, currency: 'USD' });
    expect(amountLinesOf(details)).toEqual([{ kind: 'originalAmount', value: { amount: 2_95, currency: 'EUR' } }]);
    expect(markerOf(details)).toBeNull();
    expect(failureCodeOf(details)).toBeNull();
    expect(statusOf(details)).toBe('completed');
    expect(createdAtOf(details)).toBe(details.data.trade.createdAt);
  });

  it('a declined purchase: marked declined with its reason code, trade and card ids only', () => {
    const details = { kind: 'trade' as const, data: declinedTradeDetails() };
    expect(markerOf(details)).toBe('declined');
    expect(failureCodeOf(details)).toBe('OVER_PURCHASE_LIMIT');
    expect(statusOf(details)).toBe('declined');
    expect(idLinesOf(details)).toEqual([
      { kind: 'trade', value: 'trd_2' },
      { kind: 'card', value: 'crd_1' },
    ]);
    expect(amountLinesOf(details)).toEqual([]);
  });

  it('a refund is a credit; wallet and card transactions keep their own status', () => {
    const refund = approvedTradeDetails();
    refund.trade = { ...refund.trade, kind: 'refund' };
    expect(headlineOf({ kind: 'trade', data: refund })).toEqual({ amount: 3_21, currency: 'USD' });
    expect(statusOf({ kind: 'wallet', data: declinedSbpDetails() })).toBe('failed');
    expect(statusOf({ kind: 'card', data: cardTopUpDetails() })).toBe('completed');
  });
});
