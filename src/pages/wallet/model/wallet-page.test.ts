import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { configFixture, ok, ratesFixture, useWalletTestApi, walletFixture } from '@/entities/wallet/index.testing';
import { transactionsRequested } from '@/entities/transaction';
import { walletRequested } from '@/entities/wallet';
import { $sbpTopUpOpen, sbpTopUpOpened } from '@/features/topup-sbp';
import { $usdtTopUpOpen } from '@/features/topup-usdt';
import { navigateFx, type NavigateTo } from '@/shared/lib';
import { walletPage, walletPageRefreshed } from './wallet-page';

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

  it('a deep link opens its sheet once and leaves the URL (navigateFx replaces the entry)', async () => {
    server.on('GET', '/api/config', () => ok(configFixture()));
    server.on('GET', '/api/wallet', () => ok(walletFixture()));
    const seen: NavigateTo[] = [];
    const sbpOpenedWith: unknown[] = [];
    const unwatch = sbpTopUpOpened.watch((params) => void sbpOpenedWith.push(params));
    const scope = fork({ handlers: [[navigateFx, (to: NavigateTo) => void seen.push(to)]] });
    await allSettled(walletPage.opened, { scope, params: { search: '?topup=sbp&amount=150000&utm=x' } });
    expect(scope.getState($sbpTopUpOpen)).toBe(true);
    expect(sbpOpenedWith).toEqual([{ amount: 150000 }]);
    expect(seen).toEqual([{ to: '/wallet?utm=x', replace: true }]);

    // The URL without the link: nothing more opens.
    await allSettled(walletPage.opened, { scope, params: { search: '?utm=x' } });
    expect(seen).toHaveLength(1);
    expect(scope.getState($usdtTopUpOpen)).toBe(false);
    expect(sbpOpenedWith).toHaveLength(1);
    unwatch();
  });
});
