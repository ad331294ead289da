import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { configFixture, ok, sbpPaymentFixture, servePaymentStates, useWalletTestApi, walletFixture } from '@/entities/wallet/index.testing';
import { pollDelayFx } from '@/features/topup-sbp';
import type { AppConfig } from '@/shared/contract';
import { navigateFx, type NavigateTo } from '@/shared/lib';
import { $errorCode, $outcome, $paymentSucceeded, backToWalletPressed, openSupportFx, paymentFailedPage, retryPressed, supportPressed } from './payment-failed';

const server = useWalletTestApi();

describe('payment failed page model', () => {
  it('shows the server\'s error code, else the one of the URL (only provider-style codes)', async () => {
    server.on('GET', '/api/config', () => ok(configFixture()));
    server.on('GET', '/api/wallet/sbp/sbp_1', () => ok(sbpPaymentFixture({ status: 'failed', errorCode: 'PAYMENT_EXPIRED' })));
    const handlers = () => [[pollDelayFx, (id: string) => id]] as Array<[typeof pollDelayFx, (id: string) => string]>;
    const scope = fork({ handlers: handlers() });
    await allSettled(paymentFailedPage.opened, { scope, params: { paymentId: 'sbp_1', code: 'PAYMENT_DECLINED' } });
    expect(scope.getState($errorCode)).toBe('PAYMENT_EXPIRED');

    const noPayment = fork({ handlers: handlers() });
    await allSettled(paymentFailedPage.opened, { scope: noPayment, params: { paymentId: null, code: 'PAYMENT_DECLINED' } });
    expect(noPayment.getState($errorCode)).toBe('PAYMENT_DECLINED');
    const junk = fork({ handlers: handlers() });
    await allSettled(paymentFailedPage.opened, { scope: junk, params: { paymentId: null, code: '<script>' } });
    expect(junk.getState($errorCode)).toBeNull();
  });

  it('notices a payment that went through after all', async () => {
    server.on('GET', '/api/config', () => ok(configFixture()));
    server.on('GET', '/api/wallet/sbp/sbp_1', () => ok(sbpPaymentFixture({ status: 'succeeded' })));
    server.on('GET', '/api/wallet', () => ok(walletFixture()));
    server.on('GET', '/api/wallet/transactions', () => ok({ items: [], nextCursor: null }));
    const scope = fork({ handlers: [[pollDelayFx, (id: string) => id]] });
    await allSettled(paymentFailedPage.opened, { scope, params: { paymentId: 'sbp_1', code: 'PAYMENT_DECLINED' } });
    expect(scope.getState($paymentSucceeded)).toBe(true);
  });

  it('"Try again" (Telegram\'s MainButton inside Telegram) opens the SBP sheet with the same amount; "Back to wallet" the wallet', async () => {
    server.on('GET', '/api/config', () => ok(configFixture()));
    server.on('GET', '/api/wallet/sbp/sbp_1', () => ok(sbpPaymentFixture({ status: 'failed', errorCode: 'PAYMENT_DECLINED', amount: { amount: 200_00, currency: 'RUB' } })));
    const went: NavigateTo[] = [];
    const scope = fork({ handlers: [[pollDelayFx, (id: string) => id], [navigateFx, (to: NavigateTo) => void went.push(to)]] });
    await allSettled(paymentFailedPage.opened, { scope, params: { paymentId: 'sbp_1', code: 'PAYMENT_DECLINED' } });
    await allSettled(retryPressed, { scope });
    await allSettled(backToWalletPressed, { scope });
    expect(went).toEqual([
      { to: '/wallet?topup=sbp&amount=20000', replace: true },
      { to: '/wallet', replace: true },
    ]);
  });

  it('"Contact support" opens the support contact from the config', async () => {
    server.on('GET', '/api/config', () => ok(configFixture()));
    const opened: AppConfig['support'][] = [];
    const scope = fork({ handlers: [[pollDelayFx, (id: string) => id], [openSupportFx, (support: AppConfig['support']) => void opened.push(support)]] });
    await allSettled(paymentFailedPage.opened, { scope, params: { paymentId: null, code: null } });
    await allSettled(supportPressed, { scope });
    expect(opened.map((s) => s.telegramUrl)).toEqual(['https://t.me/tonic_wallet_support']);
  });
});

describe('payment failed page: what it says follows the server status', () => {
  it('says "waiting for the bank" while the server still has the payment pending, then "failed" once it is final', async () => {
    server.on('GET', '/api/config', () => ok(configFixture()));
    servePaymentStates(server, [{ status: 'pending' }, { status: 'pending' }, { status: 'failed', errorCode: 'PAYMENT_DECLINED' }]);
    const seen: string[] = [];
    let polls = 0;
    const scope = fork({
      handlers: [
        [
          pollDelayFx,
          async (id: string) => {
            seen.push(scope.getState($outcome));
            polls++;
            return id;
          },
        ],
      ],
    });
    await allSettled(paymentFailedPage.opened, { scope, params: { paymentId: 'sbp_1', code: 'PAYMENT_DECLINED' } });
    expect(seen).toEqual(['pending', 'pending']);
    expect(polls).toBe(2);
    expect(scope.getState($outcome)).toBe('failed');
    expect(scope.getState($errorCode)).toBe('PAYMENT_DECLINED');
  });

  it('without a payment id the bank\'s word (the URL) is all there is: failed', async () => {
    server.on('GET', '/api/config', () => ok(configFixture()));
    const scope = fork({ handlers: [[pollDelayFx, (id: string) => id]] });
    await allSettled(paymentFailedPage.opened, { scope, params: { paymentId: null, code: 'PAYMENT_DECLINED' } });
    expect(scope.getState($outcome)).toBe('failed');
  });

  it('an expired payment is failed; a succeeded one is "succeeded" (the page goes to the success page)', async () => {
    server.on('GET', '/api/config', () => ok(configFixture()));
    servePaymentStates(server, [{ status: 'expired', errorCode: 'PAYMENT_EXPIRED' }]);
    const scope = fork({ handlers: [[pollDelayFx, (id: string) => id]] });
    await allSettled(paymentFailedPage.opened, { scope, params: { paymentId: 'sbp_1', code: null } });
    expect(scope.getState($outcome)).toBe('failed');
  });
});

describe('payment failed page navigation (navigateFx)', () => {
  it('a payment that went through after all opens its success page in place of this one', async () => {
    server.on('GET', '/api/config', () => ok(configFixture()));
    server.on('GET', '/api/wallet/sbp/sbp_1', () => ok(sbpPaymentFixture({ status: 'succeeded' })));
    server.on('GET', '/api/wallet', () => ok(walletFixture()));
    server.on('GET', '/api/wallet/transactions', () => ok({ items: [], nextCursor: null }));
    const seen: NavigateTo[] = [];
    const scope = fork({ handlers: [[pollDelayFx, (id: string) => id], [navigateFx, (to: NavigateTo) => void seen.push(to)]] });
    await allSettled(paymentFailedPage.opened, { scope, params: { paymentId: 'sbp_1', code: 'PAYMENT_DECLINED' } });
    expect(seen).toEqual([{ to: '/payment-success?paymentId=sbp_1', replace: true }]);
  });
});
