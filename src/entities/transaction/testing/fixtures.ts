/**
 * Test data and a fake API for the transaction entity's unit tests (import from '@/entities/transaction/index.testing').
 */
import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, vi } from 'vitest';
import { apiDataReset, configureApi, tokenStorage } from '@/shared/api';
import { createFakeServer, type FakeServer } from '@/shared/api/index.testing';
import type { WalletTransaction } from '@/shared/contract';

const NOW = '2025-03-12T10:00:00.000Z';
const base = { status: 'completed' as const, createdAt: NOW, finishedAt: NOW, failureCode: null, reference: null };

/** One transaction of each SPEC §3 type. */
export const transactionsFixture = (): WalletTransaction[] => [
  { ...base, id: 'wtx_1', type: 'usdtDeposit', direction: 'credit', amount: { amount: 100_01, currency: 'USD' }, details: { network: 'TRON', txHash: 'abc', usdtAmount: '100.012345', confirmations: 19, hold: null } },
  { ...base, id: 'wtx_2', type: 'cardTransfer', direction: 'debit', amount: { amount: 50_00, currency: 'USD' }, details: { cardId: 'crd_1', cardLast4: '4242', transferId: 'trf_1' } },
  { ...base, id: 'wtx_3', type: 'cardIssue', direction: 'debit', amount: { amount: 20_00, currency: 'USD' }, details: { cardId: 'crd_1', productId: 'prd_1', productName: 'Virtual Visa' } },
  { ...base, id: 'wtx_4', type: 'serviceCommission', direction: 'debit', amount: { amount: 1_00, currency: 'USD' }, details: { reason: 'cardTopUp', relatedTransactionId: 'wtx_2', cardId: 'crd_1' } },
  { ...base, id: 'wtx_5', type: 'sbpTopup', direction: 'credit', amount: { amount: 1_500_00, currency: 'RUB' }, details: { paymentId: 'sbp_1', orderId: 'ORD-1001', invoiceId: 'INV-2002' } },
  { ...base, id: 'wtx_6', type: 'currencyExchange', direction: 'debit', amount: { amount: 10_00, currency: 'USD' }, details: { counterAmount: { amount: 918_08, currency: 'RUB' }, rate: '92.2700', fee: { amount: 5, currency: 'USD' }, quoteId: 'qte_1' } },
  { ...base, id: 'wtx_7', type: 'promoBonus', direction: 'credit', amount: { amount: 5_00, currency: 'USD' }, details: { referralId: 'ref_1', referralName: 'Ivan P.' } },
];


/** A fake API as global fetch, signed in, with an empty shared cache before each test. */
export function useTransactionTestApi(): FakeServer {
  const server = createFakeServer();
  beforeEach(async () => {
    server.reset();
    localStorage.clear();
    vi.stubGlobal('fetch', server.fetch);
    configureApi({ baseUrl: 'https://api.test', getInitData: () => undefined });
    tokenStorage.save({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    await allSettled(apiDataReset, { scope: fork() });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  return server;
}
