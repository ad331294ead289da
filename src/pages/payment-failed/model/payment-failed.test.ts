import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { configFixture, ok, sbpPaymentFixture, useWalletTestApi, walletFixture } from '@/entities/wallet/index.testing';
import { pollDelayFx } from '@/features/topup-sbp';
import type { AppConfig } from '@/shared/contract';
import { $errorCode, $paymentSucceeded, openSupportFx, paymentFailedOpened, supportPressed } from './payment-failed';

const server = useWalletTestApi();

describe('payment failed page model', () => {
  it('shows the server\'s error code, else the one of the URL (only provider-style codes)', async () => {
    server.on('GET', '/api/config', () => ok(configFixture()));
    server.on('GET', '/api/wallet/sbp/sbp_1', () => ok(sbpPaymentFixture({ status: 'failed', errorCode: 'PAYMENT_EXPIRED' })));
    const handlers = () => [[pollDelayFx, (id: string) => id]] as Array<[typeof pollDelayFx, (id: string) => string]>;
    const scope = fork({ handlers: handlers() });
    await allSettled(paymentFailedOpened, { scope, params: { paymentId: 'sbp_1', code: 'PAYMENT_DECLINED' } });
    expect(scope.getState($errorCode)).toBe('PAYMENT_EXPIRED');

    const noPayment = fork({ handlers: handlers() });
    await allSettled(paymentFailedOpened, { scope: noPayment, params: { paymentId: null, code: 'PAYMENT_DECLINED' } });
    expect(noPayment.getState($errorCode)).toBe('PAYMENT_DECLINED');
    const junk = fork({ handlers: handlers() });
    await allSettled(paymentFailedOpened, { scope: junk, params: { paymentId: null, code: '<script>' } });
    expect(junk.getState($errorCode)).toBeNull();
  });

  it('notices a payment that went through after all', async () => {
    server.on('GET', '/api/config', () => ok(configFixture()));
    server.on('GET', '/api/wallet/sbp/sbp_1', () => ok(sbpPaymentFixture({ status: 'succeeded' })));
    server.on('GET', '/api/wallet', () => ok(walletFixture()));
    server.on('GET', '/api/wallet/transactions', () => ok({ items: [], nextCursor: null }));
    const scope = fork({ handlers: [[pollDelayFx, (id: string) => id]] });
    await allSettled(paymentFailedOpened, { scope, params: { paymentId: 'sbp_1', code: 'PAYMENT_DECLINED' } });
    expect(scope.getState($paymentSucceeded)).toBe(true);
  });

  it('"Contact support" opens the support contact from the config', async () => {
    server.on('GET', '/api/config', () => ok(configFixture()));
    const opened: AppConfig['support'][] = [];
    const scope = fork({ handlers: [[pollDelayFx, (id: string) => id], [openSupportFx, (support: AppConfig['support']) => void opened.push(support)]] });
    await allSettled(paymentFailedOpened, { scope, params: { paymentId: null, code: null } });
    await allSettled(supportPressed, { scope });
    expect(opened.map((s) => s.telegramUrl)).toEqual(['https://t.me/tonic_wallet_support']);
  });
});
