import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { servePaymentStates, useWalletTestApi } from '@/entities/wallet/index.testing';
import { pollDelayFx } from '@/features/topup-sbp';
import type { SbpPayment } from '@/shared/contract';
import { navigateFx, type NavigateTo } from '@/shared/lib';
import { $countdownRunning, $paymentFailed, $redirectDue, $secondsLeft, countdownSecondFx, paymentSuccessPage, REDIRECT_AFTER_SECONDS } from './payment-success';

const server = useWalletTestApi();

const servePayment = (states: Array<Partial<SbpPayment>>) => servePaymentStates(server, states);

describe('payment success page model', () => {
  it('SPEC §9: once the payment succeeded, a 10-second countdown, then the redirect', async () => {
    servePayment([{ status: 'pending' }, { status: 'succeeded' }]);
    const seconds: number[] = [];
    let scope = fork();
    scope = fork({
      handlers: [
        [pollDelayFx, (id: string) => id],
        [countdownSecondFx, () => void seconds.push(scope.getState($secondsLeft))],
      ],
    });
    expect(REDIRECT_AFTER_SECONDS).toBe(10);
    await allSettled(paymentSuccessPage.opened, { scope, params: { paymentId: 'sbp_1' } });
    expect(seconds).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(scope.getState($secondsLeft)).toBe(0);
    expect(scope.getState($redirectDue)).toBe(true);
    expect(scope.getState($countdownRunning)).toBe(false);
  });

  it('no countdown while the payment is pending', async () => {
    servePayment([{ status: 'pending' }]);
    const scope = fork({
      handlers: [
        [pollDelayFx, () => Promise.reject(new Error('no more polls in this test'))],
        [countdownSecondFx, () => undefined],
      ],
    });
    await allSettled(paymentSuccessPage.opened, { scope, params: { paymentId: 'sbp_1' } });
    expect(scope.getState($countdownRunning)).toBe(false);
    expect(scope.getState($secondsLeft)).toBe(10);
    expect(scope.getState($redirectDue)).toBe(false);
  });

  it('leaving the page stops the countdown', async () => {
    servePayment([{ status: 'succeeded' }]);
    let ticks = 0;
    const scope = fork({
      handlers: [
        [pollDelayFx, (id: string) => id],
        [
          countdownSecondFx,
          () => {
            if (++ticks === 3) void allSettled(paymentSuccessPage.closed, { scope });
          },
        ],
      ],
    });
    await allSettled(paymentSuccessPage.opened, { scope, params: { paymentId: 'sbp_1' } });
    expect(scope.getState($secondsLeft)).toBe(8);
    expect(scope.getState($redirectDue)).toBe(false);
  });

  it('a failed payment sends the page to /payment-failed', async () => {
    servePayment([{ status: 'failed', errorCode: 'PAYMENT_DECLINED' }]);
    const scope = fork({ handlers: [[pollDelayFx, (id: string) => id], [countdownSecondFx, () => undefined]] });
    await allSettled(paymentSuccessPage.opened, { scope, params: { paymentId: 'sbp_1' } });
    expect(scope.getState($paymentFailed)).toBe(true);
    expect(scope.getState($countdownRunning)).toBe(false);
  });
});

describe('payment success page navigation (navigateFx)', () => {
  it('the countdown ends on the wallet', async () => {
    const seen: NavigateTo[] = [];
    servePayment([{ status: 'succeeded' }]);
    const scope = fork({
      handlers: [
        [pollDelayFx, (id: string) => id],
        [countdownSecondFx, () => undefined],
        [navigateFx, (to: NavigateTo) => void seen.push(to)],
      ],
    });
    await allSettled(paymentSuccessPage.opened, { scope, params: { paymentId: 'sbp_1' } });
    expect(seen).toEqual([{ to: '/wallet', replace: true }]);
  });

  it('a failed payment goes to /payment-failed with its code', async () => {
    const seen: NavigateTo[] = [];
    servePayment([{ status: 'failed', errorCode: 'PAYMENT_DECLINED' }]);
    const failed = fork({ handlers: [[pollDelayFx, (id: string) => id], [countdownSecondFx, () => undefined], [navigateFx, (to: NavigateTo) => void seen.push(to)]] });
    await allSettled(paymentSuccessPage.opened, { scope: failed, params: { paymentId: 'sbp_1' } });
    expect(seen).toEqual([{ to: '/payment-failed?paymentId=sbp_1&code=PAYMENT_DECLINED', replace: true }]);
  });
});
