import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { configFixture, ok, useWalletTestApi, walletFixture } from '@/entities/wallet/index.testing';
import { topUpUsdtTexts } from '../i18n/texts';
import {
  $usdtAmountText,
  $usdtCredit,
  $usdtExactAmount,
  $usdtTopUpOpen,
  copyToClipboardFx,
  feedbackFx,
  openedHapticFx,
  usdtAmountChanged,
  usdtCopyRequested,
  usdtTopUpOpened,
  usdtTransferSent,
} from './usdt-topup';

const server = useWalletTestApi();

function setup(copy: (text: string) => void = () => undefined) {
  const copied: string[] = [];
  const feedback: unknown[] = [];
  const scope = fork({
    handlers: [
      [copyToClipboardFx, ({ text }: { text: string }) => (copied.push(text), copy(text))],
      [feedbackFx, (value: unknown) => void feedback.push(value)],
      [openedHapticFx, () => undefined],
    ],
  });
  return { scope, copied, feedback };
}

describe('USDT top-up sheet model', () => {
  it('shows the exact amount: whole USDT + the user\'s tag as decimals', async () => {
    server.on('GET', '/api/config', () => ok(configFixture()));
    server.on('GET', '/api/wallet', () => ok(walletFixture({ tag: '012345' })));
    const { scope } = setup();
    await allSettled(usdtTopUpOpened, { scope });
    expect(scope.getState($usdtTopUpOpen)).toBe(true);
    expect(server.callsTo('GET', '/api/wallet')).toHaveLength(1);
    expect(scope.getState($usdtExactAmount)).toBeNull();
    await allSettled(usdtAmountChanged, { scope, params: '250' });
    expect(scope.getState($usdtExactAmount)).toBe('250.012345');
    // …and exactly what it credits: rounded down to the cent, the sub-cent rest named.
    expect(scope.getState($usdtCredit)).toEqual({ credited: { amount: 250_01, currency: 'USD' }, uncreditedUsdt: '0.002345' });
    await allSettled(usdtAmountChanged, { scope, params: '5' }); // below the 10 USDT minimum
    expect(scope.getState($usdtExactAmount)).toBeNull();
    expect(scope.getState($usdtCredit)).toBeNull();
  });

  it('copies the address and the exact amount, with toast + haptic feedback; a failed copy says so', async () => {
    server.on('GET', '/api/config', () => ok(configFixture()));
    server.on('GET', '/api/wallet', () => ok(walletFixture({ tag: '012345' })));
    const { scope, copied, feedback } = setup();
    await allSettled(usdtTopUpOpened, { scope });
    await allSettled(usdtCopyRequested, { scope, params: 'amount' }); // no amount yet: nothing to copy
    await allSettled(usdtAmountChanged, { scope, params: '100' });
    await allSettled(usdtCopyRequested, { scope, params: 'amount' });
    await allSettled(usdtCopyRequested, { scope, params: 'address' });
    expect(copied).toEqual(['100.012345', 'TTonicWa11etSandboxDeposit12345678']);
    expect(feedback).toEqual([
      { kind: 'success', messageKey: `${topUpUsdtTexts.ns}:copied.amount` },
      { kind: 'success', messageKey: `${topUpUsdtTexts.ns}:copied.address` },
    ]);

    const failing = setup(() => {
      throw new Error('denied');
    });
    await allSettled(usdtTopUpOpened, { scope: failing.scope });
    await allSettled(usdtCopyRequested, { scope: failing.scope, params: 'address' });
    expect(failing.feedback).toEqual([{ kind: 'error', messageKey: 'errors:referral.copyFailed' }]);
  });

  it('"I\'ve sent the transfer" closes the sheet and reloads the wallet and the history past the cache', async () => {
    server.on('GET', '/api/config', () => ok(configFixture()));
    server.on('GET', '/api/wallet', () => ok(walletFixture()));
    server.on('GET', '/api/wallet/transactions', () => ok({ items: [], nextCursor: null }));
    const { scope } = setup();
    await allSettled(usdtTopUpOpened, { scope });
    await allSettled(usdtAmountChanged, { scope, params: '100' });
    await allSettled(usdtTransferSent, { scope });
    expect(scope.getState($usdtTopUpOpen)).toBe(false);
    expect(scope.getState($usdtAmountText)).toBe('');
    expect(server.callsTo('GET', '/api/wallet')).toHaveLength(2);
    expect(server.callsTo('GET', '/api/wallet/transactions')).toHaveLength(1);
  });
});
