import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { configFixture, ok, ratesFixture, useWalletTestApi, walletFixture } from '@/entities/wallet/index.testing';
import { transactionsRequested } from '@/entities/transaction';
import { walletRequested } from '@/entities/wallet';
import { $sbpTopUpOpen, sbpTopUpOpened } from '@/features/topup-sbp';
import { $usdtTopUpOpen } from '@/features/topup-usdt';
import { navigateFx, type NavigateTo } from '@/shared/lib';
import { appConfigRequested } from '@/entities/app-config';
import { exchangeRatesRequested } from '@/entities/exchange-rate';
import { $lockPhase } from '@/entities/app-lock';
import { $accessToken, $sessionStarted, sessionStarted } from '@/entities/session';
import { WALLET_FIRST_PAINT_GETS } from '@/shared/config';
import { openedOnWalletFx, walletModelLoaded, walletPage, walletPageDataRequested, walletPageRefreshed, warmFormattersFx } from './wallet-page';

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

  it('the first paint\'s GETs start before the page mounts (boot, issue #13); the page mounting meanwhile sends none again', async () => {
    server.on('GET', '/api/wallet', () => ok(walletFixture()));
    server.on('GET', '/api/wallet/transactions', () => ok({ items: [], nextCursor: null }));
    server.on('GET', '/api/config/exchange-rates', () => ok(ratesFixture()));
    server.on('GET', '/api/config', () => ok(configFixture()));
    const scope = fork();
    const early = allSettled(walletPageDataRequested, { scope });
    // What the balance and history gates ask for when the page mounts, while those requests are in flight:
    const mounted = [walletRequested, exchangeRatesRequested, transactionsRequested, appConfigRequested].map((unit) => allSettled(unit, { scope }));
    await Promise.all([early, ...mounted]);
    for (const path of ['/api/wallet', '/api/wallet/transactions', '/api/config/exchange-rates', '/api/config']) {
      expect(server.callsTo('GET', path), path).toHaveLength(1);
    }
    // Answered and fresh: mounting again is served from the cache.
    await allSettled(walletRequested, { scope });
    await allSettled(transactionsRequested, { scope });
    expect(server.calls).toHaveLength(4);
  });

  it('boot sends exactly the first paint\'s GETs early (WALLET_FIRST_PAINT_GETS, issue #34): the URLs these queries request', async () => {
    server.on('GET', '/api/wallet', () => ok(walletFixture()));
    server.on('GET', '/api/wallet/transactions', () => ok({ items: [], nextCursor: null }));
    server.on('GET', '/api/config/exchange-rates', () => ok(ratesFixture()));
    server.on('GET', '/api/config', () => ok(configFixture()));
    await allSettled(walletPageDataRequested, { scope: fork() });
    const requested = server.calls.map((call) => call.url.replace(/^https?:\/\/[^/]+/, ''));
    expect([...requested].sort()).toEqual([...WALLET_FIRST_PAINT_GETS].sort());
  });

  it('the first paint\'s GETs also set up the language\'s money and date formats (off the path from the data to the paint)', async () => {
    server.on('GET', '/api/wallet', () => ok(walletFixture()));
    server.on('GET', '/api/wallet/transactions', () => ok({ items: [], nextCursor: null }));
    server.on('GET', '/api/config/exchange-rates', () => ok(ratesFixture()));
    server.on('GET', '/api/config', () => ok(configFixture()));
    const warmed: unknown[] = [];
    const scope = fork({ handlers: [[warmFormattersFx, (params: unknown) => void warmed.push(params)]] });
    await allSettled(walletPageDataRequested, { scope });
    expect(warmed).toEqual([{ lang: 'en', currencies: ['USD', 'RUB'] }]);
    // A refresh past the cache does not set them up again.
    await allSettled(walletPageRefreshed, { scope });
    expect(warmed).toHaveLength(1);
  });

  it('boot: a signed-in session starts while the app opens on /wallet (this chunk already there) → the first paint\'s GETs start', async () => {
    server.on('GET', '/api/wallet', () => ok(walletFixture()));
    server.on('GET', '/api/wallet/transactions', () => ok({ items: [], nextCursor: null }));
    server.on('GET', '/api/config/exchange-rates', () => ok(ratesFixture()));
    server.on('GET', '/api/config', () => ok(configFixture()));
    const at = (pathname: string, token: string | null) => fork({ values: [[$accessToken, token]], handlers: [[openedOnWalletFx, () => pathname === '/wallet']] });

    await allSettled(sessionStarted, { scope: at('/cards', 'token') });
    await allSettled(sessionStarted, { scope: at('/wallet', null) });
    expect(server.calls).toHaveLength(0);

    await allSettled(sessionStarted, { scope: at('/wallet', 'token') });
    for (const path of ['/api/wallet', '/api/wallet/transactions', '/api/config/exchange-rates', '/api/config']) {
      expect(server.callsTo('GET', path), path).toHaveLength(1);
    }
  });

  it('boot: this chunk evaluated after the session started (a slow chunk) → the GETs start as it loads, before the page mounts', async () => {
    server.on('GET', '/api/wallet', () => ok(walletFixture()));
    server.on('GET', '/api/wallet/transactions', () => ok({ items: [], nextCursor: null }));
    server.on('GET', '/api/config/exchange-rates', () => ok(ratesFixture()));
    server.on('GET', '/api/config', () => ok(configFixture()));
    const at = (started: boolean) =>
      fork({ values: [[$accessToken, 'token'], [$sessionStarted, started]], handlers: [[openedOnWalletFx, () => true]] });

    await allSettled(walletModelLoaded, { scope: at(false) });
    // A device that knows of an app lock starts locked: nothing of the account is fetched before the unlock.
    const locked = fork({ values: [[$accessToken, 'token'], [$sessionStarted, true], [$lockPhase, 'locked']], handlers: [[openedOnWalletFx, () => true]] });
    await allSettled(walletModelLoaded, { scope: locked });
    await allSettled(sessionStarted, { scope: locked });
    expect(server.calls).toHaveLength(0);
    await allSettled(walletModelLoaded, { scope: at(true) });
    for (const path of ['/api/wallet', '/api/wallet/transactions', '/api/config/exchange-rates', '/api/config']) {
      expect(server.callsTo('GET', path), path).toHaveLength(1);
    }
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
