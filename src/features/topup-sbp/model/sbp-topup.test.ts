import { allSettled, fork, type Scope } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { configFixture, fail, ok, sbpPaymentFixture, useWalletTestApi } from '@/entities/wallet/index.testing';
import { userFixture } from '@/entities/user/index.testing';
import { walletEntityTexts } from '@/entities/wallet';
import type { SbpPayment } from '@/shared/contract';
import { closingGuardFx, hideKeyboardFx, navigateFx, type NavigateTo } from '@/shared/lib';
import {
  $followedPayment,
  $sbpAmountCheck,
  $sbpAmountError,
  $sbpAmountText,
  $sbpBlock,
  $sbpPaymentInProgress,
  $sbpTopUpOpen,
  feedbackFx,
  hapticErrorFx,
  hapticSelectionFx,
  openPaymentFx,
  sbpAmountChanged,
  sbpPayPressed,
  sbpTopUpOpened,
} from './sbp-topup';

const server = useWalletTestApi();

function setup(openResult: 'left' | 'external' = 'left') {
  const opened: SbpPayment[] = [];
  const feedback: unknown[] = [];
  const haptics: string[] = [];
  const navigations: NavigateTo[] = [];
  const guard: boolean[] = [];
  const keyboard = vi.fn();
  const scope = fork({
    handlers: [
      [closingGuardFx, (on: boolean) => void guard.push(on)],
      [hideKeyboardFx, keyboard],
      [navigateFx, (to: NavigateTo) => void navigations.push(to)],
      [openPaymentFx, (payment: SbpPayment) => (opened.push(payment), openResult)],
      [feedbackFx, (value: unknown) => void feedback.push(value)],
      [hapticSelectionFx, () => void haptics.push('selection')],
      [hapticErrorFx, () => void haptics.push('error')],
    ],
  });
  return { scope, opened, feedback, haptics, navigations, guard, keyboard };
}

const type = (scope: Scope, text: string) => allSettled(sbpAmountChanged, { scope, params: text });

/** The Mini App link of configFixture's bot: where the bank sends the payer back inside Telegram. */
const TELEGRAM_RETURN = 'https://t.me/tonic_wallet_bot';

describe('SBP top-up sheet model', () => {
  it('shows the configured minimum and maximum and enforces them on the client', async () => {
    server.on('GET', '/api/config', () => ok(configFixture()));
    const { scope, haptics } = setup();
    await allSettled(sbpTopUpOpened, { scope, params: undefined });
    expect(scope.getState($sbpTopUpOpen)).toBe(true);
    expect(haptics).toEqual(['selection']);
    expect(scope.getState($sbpAmountError)).toBeNull();

    await allSettled(sbpPayPressed, { scope });
    expect(scope.getState($sbpAmountError)).toEqual({ status: 'empty' });
    expect(haptics).toEqual(['selection', 'error']);
    await type(scope, '99,99');
    expect(scope.getState($sbpAmountError)).toEqual({ status: 'belowMinimum', minimum: { amount: 100_00, currency: 'RUB' } });
    await type(scope, '300 000,01');
    expect(scope.getState($sbpAmountError)).toEqual({ status: 'aboveMaximum', maximum: { amount: 300_000_00, currency: 'RUB' } });
    await type(scope, '0');
    expect(scope.getState($sbpAmountError)).toEqual({ status: 'invalid', reason: 'zero' });
    await type(scope, '1 500,50');
    expect(scope.getState($sbpAmountCheck)).toEqual({ status: 'ok', amount: 1_500_50 });
    await allSettled(sbpPayPressed, { scope });
    expect(server.callsTo('POST', '/api/wallet/sbp')).toHaveLength(1);
  });

  it('Pay creates the payment with an Idempotency-Key and opens its paymentUrl; closing confirmation meanwhile', async () => {
    server.on('GET', '/api/config', () => ok(configFixture()));
    let release!: () => void;
    server.on('POST', '/api/wallet/sbp', () => new Promise((resolve) => (release = () => resolve(ok(sbpPaymentFixture())))));
    const { scope, opened, guard, keyboard } = setup('left');
    await allSettled(sbpTopUpOpened, { scope, params: undefined });
    await type(scope, '1500');
    const paying = allSettled(sbpPayPressed, { scope });
    await new Promise((r) => setTimeout(r, 0));
    expect(scope.getState($sbpPaymentInProgress)).toBe(true);
    // Telegram asks before closing while the payment is created; "Pay" closed the keyboard.
    expect(guard).toEqual([true]);
    expect(keyboard).toHaveBeenCalledTimes(1);
    release();
    await paying;

    const [call] = server.callsTo('POST', '/api/wallet/sbp');
    // These tests run as inside Telegram (no dev mock): the bank sends the payer back to the Mini App's t.me link
    // (configFixture's bot), where the server adds startapp=sbp_<paymentId>.
    expect(call?.body).toEqual({ amount: 1_500_00, returnUrl: TELEGRAM_RETURN });
    expect(call?.headers.get('idempotency-key')).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(opened.map((p) => p.paymentUrl)).toEqual(['https://pay.example/sbp/INV-2002']);
    // The window is leaving for the bank's page: still "in progress" (Telegram asks before closing).
    expect(scope.getState($sbpPaymentInProgress)).toBe(true);
  });

  it('keeps the Idempotency-Key while the form is unchanged (retry after a network error), a new one for a new amount', async () => {
    server.on('GET', '/api/config', () => ok(configFixture()));
    server.on('POST', '/api/wallet/sbp', () => 'network-error');
    const { scope, feedback, opened } = setup();
    await allSettled(sbpTopUpOpened, { scope, params: undefined });
    await type(scope, '1500');
    await allSettled(sbpPayPressed, { scope });
    const key = server.callsTo('POST', '/api/wallet/sbp')[0]?.headers.get('idempotency-key');
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    await type(scope, '1500.00'); // same amount, other spelling: same form
    await allSettled(sbpPayPressed, { scope });
    expect(feedback[0]).toEqual({ kind: 'error', title: 'errors:wallet.createSbpFailed', description: { keys: ['errors:transport.network'], defaultValue: 'Network error occurred' } });
    expect(opened).toEqual([]);

    await type(scope, '2000');
    await allSettled(sbpPayPressed, { scope });
    const keys = server.callsTo('POST', '/api/wallet/sbp').map((c) => c.headers.get('idempotency-key'));
    expect(keys).toHaveLength(3);
    expect(keys[0]).toBe(key);
    expect(keys[1]).toBe(key);
    expect(keys[2]).not.toBe(key);
    expect(server.callsTo('POST', '/api/wallet/sbp').map((c) => c.body)).toEqual(
      [1_500_00, 1_500_00, 2_000_00].map((amount) => ({ amount, returnUrl: TELEGRAM_RETURN })),
    );
  });

  it('SPEC §8 "Failed to create SBP payment" with the reason the server gave', async () => {
    server.on('GET', '/api/config', () => ok(configFixture()));
    server.on('POST', '/api/wallet/sbp', () => fail(403, { service: 'api', code: 'ACCOUNT_UNDER_VERIFICATION', message: 'under verification' }));
    const { scope, feedback } = setup();
    await allSettled(sbpTopUpOpened, { scope, params: undefined });
    await type(scope, '1500');
    await allSettled(sbpPayPressed, { scope });
    expect(feedback).toEqual([
      { kind: 'error', title: 'errors:wallet.createSbpFailed', description: { keys: [`${walletEntityTexts.ns}:failureReasons.ACCOUNT_UNDER_VERIFICATION`, 'error-codes:ACCOUNT_UNDER_VERIFICATION'], defaultValue: 'An error occurred' } },
    ]);
    expect(scope.getState($sbpPaymentInProgress)).toBe(false);
  });

  it('Retry pre-fills the amount of the failed payment', async () => {
    server.on('GET', '/api/config', () => ok(configFixture()));
    const { scope } = setup();
    await allSettled(sbpTopUpOpened, { scope, params: { amount: 1_500_50 } });
    expect(scope.getState($sbpAmountText)).toBe('1500.50');
    expect(scope.getState($sbpAmountCheck)).toEqual({ status: 'ok', amount: 1_500_50 });
  });

  it('inside Telegram the payment opens outside the app and the screen follows it', async () => {
    server.on('GET', '/api/config', () => ok(configFixture()));
    server.on('POST', '/api/wallet/sbp', () => ok(sbpPaymentFixture()));
    const { scope, navigations } = setup('external');
    await allSettled(sbpTopUpOpened, { scope, params: undefined });
    await type(scope, '1500');
    await allSettled(sbpPayPressed, { scope });
    expect(scope.getState($followedPayment)?.paymentId).toBe('sbp_1');
    expect(navigations).toEqual([{ to: '/payment-success?paymentId=sbp_1' }]);
    expect(scope.getState($sbpTopUpOpen)).toBe(false);
    expect(scope.getState($sbpPaymentInProgress)).toBe(false);
  });

  it('a lost answer: Pay for the same amount after closing the sheet (or a reload) keeps the key; a created payment ends it', async () => {
    server.on('GET', '/api/config', () => ok(configFixture()));
    const replies = ['network-error', fail(503, { service: 'sbp', code: 'UPSTREAM_UNAVAILABLE', message: 'down' }), ok(sbpPaymentFixture()), ok(sbpPaymentFixture())] as const;
    let n = 0;
    server.on('POST', '/api/wallet/sbp', () => replies[n++]!);
    for (let i = 0; i < replies.length; i += 1) {
      const { scope } = setup('external'); // a new scope: the sheet was opened again
      await allSettled(sbpTopUpOpened, { scope, params: undefined });
      await type(scope, '1500');
      await allSettled(sbpPayPressed, { scope });
    }
    const keys = server.callsTo('POST', '/api/wallet/sbp').map((c) => c.headers.get('idempotency-key'));
    expect(keys).toHaveLength(4);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it('a user under verification is told why up front, and Pay sends nothing', async () => {
    server.on('GET', '/api/config', () => ok(configFixture()));
    server.on('GET', '/api/users/me', () => ok(userFixture('under_verification')));
    server.on('POST', '/api/wallet/sbp', () => ok(sbpPaymentFixture()));
    const { scope, opened } = setup();
    await allSettled(sbpTopUpOpened, { scope, params: undefined });
    expect(scope.getState($sbpBlock)).toBe('underVerification');
    await type(scope, '1500');
    await allSettled(sbpPayPressed, { scope });
    expect(server.callsTo('POST', '/api/wallet/sbp')).toHaveLength(0);
    expect(opened).toEqual([]);
  });
});
