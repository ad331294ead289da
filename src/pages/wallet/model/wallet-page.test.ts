import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { ok, ratesFixture, useWalletTestApi, walletFixture } from '@/entities/wallet/index.testing';
import { transactionsRequested } from '@/entities/transaction';
import { walletRequested } from '@/entities/wallet';
import { walletPageRefreshed } from './wallet-page';

const server = useWalletTestApi();

describe('wallet page model', () => {
  it('the refresh button reaches the server past the 5-minute cache: wallet, history and quotes', async () => {
    server.on('GET', '/api/wallet', () => ok(walletFixture()));
    server.on('GET', '/api/wallet/transactions', () => ok({ items: [], nextCursor: null }));
    server.on('GET', '/api/config/exchange-rates', () => ok(ratesFixture()));
    const scope = fork();
    await allSettled(walletRequested, { scope });
    await allSettled(transactionsRequested, { scope });
    await allSettled(walletRequested, { scope });
    expect(server.calls).toHaveLength(2);

    await allSettled(walletPageRefreshed, { scope });
    expect(server.callsTo('GET', '/api/wallet')).toHaveLength(2);
    expect(server.callsTo('GET', '/api/wallet/transactions')).toHaveLength(2);
    expect(server.callsTo('GET', '/api/config/exchange-rates')).toHaveLength(1);
  });
});
