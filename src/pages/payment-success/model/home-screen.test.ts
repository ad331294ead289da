import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { servePaymentStates, useWalletTestApi } from '@/entities/wallet/index.testing';
import { pollDelayFx } from '@/features/topup-sbp';
import type { SbpPayment } from '@/shared/contract';
import { navigateFx } from '@/shared/lib';
import type { HomeScreenStatus } from '@/shared/platform';
import { $homeScreenOffered, addToHomeScreenFx, addToHomeScreenPressed, checkHomeScreenFx } from './home-screen';
import { countdownSecondFx, paymentSuccessPage } from './payment-success';

const server = useWalletTestApi();

const open = async (states: Array<Partial<SbpPayment>>, status: HomeScreenStatus, added = true) => {
  servePaymentStates(server, states);
  const check = vi.fn(async () => status);
  const add = vi.fn(async () => added);
  const scope = fork({
    handlers: [
      [pollDelayFx, (id: string) => id],
      [countdownSecondFx, () => undefined],
      [navigateFx, () => undefined],
      [checkHomeScreenFx, check],
      [addToHomeScreenFx, add],
    ],
  });
  await allSettled(paymentSuccessPage.opened, { scope, params: { paymentId: 'sbp_1' } });
  return { scope, check, add };
};

describe('"Add to home screen" after a successful top-up (issue #35)', () => {
  it('offered once the top-up succeeded and the shortcut is missing; added, it is gone', async () => {
    const { scope, check, add } = await open([{ status: 'pending' }, { status: 'succeeded' }], 'missed');
    expect(check).toHaveBeenCalledOnce();
    expect(scope.getState($homeScreenOffered)).toBe(true);
    await allSettled(addToHomeScreenPressed, { scope });
    expect(add).toHaveBeenCalledOnce();
    expect(scope.getState($homeScreenOffered)).toBe(false);
  });

  it('declined in Telegram: still offered', async () => {
    const { scope } = await open([{ status: 'succeeded' }], 'missed', false);
    await allSettled(addToHomeScreenPressed, { scope });
    expect(scope.getState($homeScreenOffered)).toBe(true);
  });

  it.each(['added', 'unsupported', 'unknown'] as const)('not offered when Telegram says %s', async (status) => {
    const { scope, add } = await open([{ status: 'succeeded' }], status);
    expect(scope.getState($homeScreenOffered)).toBe(false);
    await allSettled(addToHomeScreenPressed, { scope });
    expect(add).not.toHaveBeenCalled();
  });

  it('not asked while the payment has not succeeded', async () => {
    const { scope, check } = await open([{ status: 'failed', errorCode: 'PAYMENT_DECLINED' }], 'missed');
    expect(check).not.toHaveBeenCalled();
    expect(scope.getState($homeScreenOffered)).toBe(false);
  });
});
