/** Compile-time checks (tsc): operation params and data follow the contract. */
import { expect, test } from 'vitest';
import { cardsGet, cardsTopUp, walletGet, walletTransactions } from '@/shared/contract';
import { createApiMutation, createApiQuery } from '@/shared/api';

const walletQuery = createApiQuery(walletGet);
const transactionsQuery = createApiQuery(walletTransactions);
const cardQuery = createApiQuery(cardsGet);
const topUpMutation = createApiMutation(cardsTopUp);

test('params and data are typed by the endpoint', () => {
  const neverCalled = () => {
    walletQuery.start(); // nothing required
    transactionsQuery.start({ query: {} });
    cardQuery.start({ params: { id: '1' } });
    // @ts-expect-error path params are required
    cardQuery.start();
    topUpMutation.start({ params: { id: '1' }, body: {} as never, idempotencyKey: 'k' });
    // @ts-expect-error data is typed by the response schema
    const wrong: number | null = walletQuery.$data.getState();
    return wrong;
  };
  expect(typeof neverCalled).toBe('function');
});
